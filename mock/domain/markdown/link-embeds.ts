import type { LinkEmbedData } from '../link-embeds/embed-data';
import { camoUrl, type ExternalMediaEnv } from './external-media';
import { escapeAttributeKeepingReferences, escapeTextKeepingReferences } from './escape';

/**
 * What the Open Graph step of the server's link previews reads from the render environment, when
 * the server renders with it (`url_embed_preview_enabled`: the realm's `inline_url_embed_preview`,
 * previews allowed, a sender who is no bot).
 */
export interface LinkEmbedsEnv {
  /**
   * What the embed worker found for each link (null: nothing to show), when it renders the message
   * again; undefined at the send, which has found nothing yet.
   */
  readonly data: ReadonlyMap<string, LinkEmbedData | null> | undefined;
  /** The links the worker is to fetch (the server's `links_for_preview`), gathered by this render. */
  readonly linksForPreview: string[];
}

// Vimeo videos (`vimeo_id`): the server names their links by the page's title too.
const VIMEO = /^((http|https)?:\/\/(www\.)?vimeo.com\/(?:channels\/(?:\w+\/)?|groups\/([^/]*)\/videos\/|)(\d+)(?:|\/\?))$/;

/** Whether the server reads the link as a Vimeo video (`vimeo_id`). */
export function isVimeoVideo(href: string): boolean {
  return VIMEO.test(href);
}

/**
 * The server's `add_embed` HTML for a page with an image (none without one): the image as a CSS
 * background through Camo (`get_camo_url`, without the exemption media on the realm have), then
 * the title, linked, and the description, each where the page has it.
 */
export function embedHtml(href: string, data: LinkEmbedData, media: ExternalMediaEnv): string | undefined {
  if (data.image === undefined) return undefined;
  const image = camoUrl(data.image, media.camo).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\a ');
  const link = escapeAttributeKeepingReferences(href);
  let html = `<div class="message_embed"><a class="message_embed_image" href="${link}" style="${escapeAttributeKeepingReferences(`background-image: url("${image}")`)}"></a><div class="data-container">`;
  if (data.title) html += `<div class="message_embed_title"><a href="${link}" title="${escapeAttributeKeepingReferences(data.title)}">${escapeTextKeepingReferences(data.title)}</a></div>`;
  if (data.description) html += `<div class="message_embed_description">${escapeTextKeepingReferences(data.description)}</div>`;
  return `${html}</div></div>`;
}
