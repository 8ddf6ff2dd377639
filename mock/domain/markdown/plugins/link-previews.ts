import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { type LinkPreview, linkPreview, type UploadedImagePreview } from '../link-preview-kinds';

/** What the link-previews rule reads from the render environment. */
export interface LinkPreviewsEnv {
  /** False where the server renders with `no_previews` (descriptions, profile field values). */
  readonly previews?: boolean;
  /** The realm's address: links into it get no YouTube preview. */
  readonly realmUrl?: string;
  /** The uploaded image at a path below `/user_uploads/`, if the server made thumbnails of it. */
  readonly resolveUploadedImage?: (pathId: string) => UploadedImagePreview | undefined;
}

/** The server previews nothing in a message with more distinct links than this (`INLINE_PREVIEW_LIMIT_PER_MESSAGE`). */
const PREVIEW_LIMIT = 24;

function linkText(children: readonly Token[], openIndex: number): string {
  let text = '';
  for (let index = openIndex + 1; index < children.length && children[index]?.type !== 'link_close'; index += 1) {
    text += children[index]?.content ?? '';
  }
  return text;
}

/** A paragraph that is nothing but one link. */
function isLoneLink(children: readonly Token[]): boolean {
  return (
    children[0]?.type === 'link_open' &&
    children.at(-1)?.type === 'link_close' &&
    children.filter((token) => token.type === 'link_open').length === 1
  );
}

/** Whether the inline block at `index` is a table cell's. */
function inCell(tokens: readonly Token[], index: number): boolean {
  const open = tokens[index - 1]?.type;
  return open === 'th_open' || open === 'td_open';
}

/**
 * Whether the links of the inline block at `index` are in neither a paragraph nor a list item
 * (a table cell's, a heading's): the server appends their previews to the message.
 */
function previewedAtEnd(tokens: readonly Token[], index: number): boolean {
  return inCell(tokens, index) || tokens[index - 1]?.type === 'heading_open';
}

/**
 * Each inline block outside quotes (the server previews nothing quoted), with its index; those
 * in table cells last. The server visits the links breadth first, and a cell's links sit deeper
 * (`table > thead > tr > th > a`) than a paragraph's or a list item's.
 */
function unquotedInlineBlocks(tokens: readonly Token[]): number[] {
  const found: number[] = [];
  let cells: number[] | undefined;
  let quoteDepth = 0;
  tokens.forEach((token, index) => {
    if (token.type === 'blockquote_open') quoteDepth += 1;
    else if (token.type === 'blockquote_close') quoteDepth -= 1;
    else if (token.type === 'inline' && token.children && quoteDepth === 0) (inCell(tokens, index) ? (cells ??= []) : found).push(index);
  });
  if (cells) found.push(...cells);
  return found;
}

/** The `href` of a link the server counts: ordinary links and channel, topic and message links. */
function hrefOf(token: Token): string | undefined {
  if (token.type === 'link_open') return String(token.attrGet('href') ?? '');
  if (token.type !== 'channel_link') return undefined;
  const { anchor } = token.meta as { anchor: { attributes: readonly (readonly [string, string])[] } };
  return anchor.attributes.find(([name]) => name === 'href')?.[1] ?? '';
}

function distinctLinks(tokens: readonly Token[], blocks: readonly number[]): number {
  const hrefs = new Set<string>();
  for (const index of blocks) {
    for (const token of tokens[index]?.children ?? []) {
      const href = hrefOf(token);
      if (href !== undefined) hrefs.add(href);
    }
  }
  return hrefs.size;
}

// The realm's URL rarely changes, and parsing it for every message was a tenth of rendering.
let lastRealmUrl = '';
let lastRealmHost = '';
function hostOf(realmUrl: string): string {
  if (realmUrl !== lastRealmUrl) {
    lastRealmHost = new URL(realmUrl).host;
    lastRealmUrl = realmUrl;
  }
  return lastRealmHost;
}

function linkPreviewsRule(md: MarkdownIt, state: StateCore): void {
  const env = state.env as LinkPreviewsEnv;
  if (env.previews === false) return;
  const tokens = state.tokens;
  const blocks = unquotedInlineBlocks(tokens);
  if (blocks.length === 0 || distinctLinks(tokens, blocks) > PREVIEW_LIMIT) return;
  const realmHost = env.realmUrl ? hostOf(env.realmUrl) : undefined;
  // Each link is previewed at its first occurrence only.
  const seen = new Set<string>();
  const planned = blocks.map((index) => {
    const children = tokens[index]?.children ?? [];
    const previews: LinkPreview[] = [];
    children.forEach((token, childIndex) => {
      if (token.type !== 'link_open') return;
      const href = String(token.attrGet('href') ?? '');
      if (seen.has(href)) return;
      const context = { href, text: linkText(children, childIndex), escape: md.utils.escapeHtml, resolveUploadedImage: env.resolveUploadedImage };
      const preview = linkPreview(context, realmHost);
      if (!preview) return;
      seen.add(href);
      previews.push(preview);
    });
    return { index, children, previews };
  });
  // A link in a table cell or a heading is in neither a paragraph nor a list item: its preview goes
  // at the end of the message (the server's `SubElement(root)`), even for a table inside a list,
  // in the order the server walks the links: breadth first, so the shallower first.
  const atEnd = planned
    .filter(({ index }) => previewedAtEnd(tokens, index))
    .sort((a, b) => (tokens[a.index]?.level ?? 0) - (tokens[b.index]?.level ?? 0))
    .flatMap(({ previews }) => previews);
  if (atEnd.length > 0) {
    const html = new state.Token('html_block', '', 0);
    html.content = atEnd.map((preview) => preview.html).join('');
    html.block = true;
    tokens.push(html);
  }
  // From the last block back, so that inserting previews leaves the earlier indexes valid.
  for (const { index, children, previews } of planned.filter(({ index }) => !previewedAtEnd(tokens, index)).reverse()) {
    if (previews.length === 0) continue;
    const html = new state.Token('html_block', '', 0);
    html.content = previews.map((preview) => preview.html).join('');
    html.block = true;
    const open = tokens[index - 1];
    const close = tokens[index + 1];
    const lone = previews.length === 1 && previews[0]?.replacesLoneLink === true && isLoneLink(children);
    if (open?.type === 'paragraph_open' && close?.type === 'paragraph_close' && lone) {
      // The server drops a paragraph (or a tight list item's text) holding only the link and
      // shows the preview alone; in a tight list item it stays on the item's line.
      html.hidden = open.hidden;
      tokens.splice(index - 1, 3, html);
    } else {
      // After the block holding the link (inside a list item, which keeps it).
      tokens.splice(index + 2, 0, html);
    }
  }
}

/**
 * markdown-it plugin: the server's previews after the paragraph or list item holding each link
 * (none in quotes, none at all past 24 distinct links, each link once): videos, uploaded images
 * as their thumbnails, external images through the server's `/thumbnail` route, YouTube videos.
 */
export function linkPreviewsPlugin(md: MarkdownIt): void {
  md.core.ruler.push('zulip_link_previews', (state: StateCore) => linkPreviewsRule(md, state));
}
