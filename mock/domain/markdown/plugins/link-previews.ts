import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { escapeAttributeKeepingReferences } from '../escape';
import { type ExternalMediaEnv, realmNetloc } from '../external-media';
import { embedHtml, isVimeoVideo, type LinkEmbedsEnv } from '../link-embeds';
import { type LinkPreview, linkPreview, mayEmbed, type PreviewContext, type UploadedImagePreview, youtubeVideoId } from '../link-preview-kinds';

/** What the link-previews rule reads from the render environment. */
export interface LinkPreviewsEnv extends ExternalMediaEnv {
  /**
   * False where the server renders with `no_previews` (descriptions, profile field values) or
   * without image previews (the realm's `inline_image_preview`): no image, video or YouTube previews.
   */
  readonly previews?: boolean;
  /** The Open Graph step, where the server renders with it (see {@link LinkEmbedsEnv}). */
  readonly embeds?: LinkEmbedsEnv | undefined;
  /** The realm's address: links into it get no YouTube preview, and its media no Camo. */
  readonly realmUrl?: string;
  /** The uploaded image at a path below `/user_uploads/`, if the server made thumbnails of it. */
  readonly resolveUploadedImage?: (pathId: string) => UploadedImagePreview | undefined;
}

/** The server previews nothing in a message with more distinct links than this (`INLINE_PREVIEW_LIMIT_PER_MESSAGE`). */
const PREVIEW_LIMIT = 24;

/**
 * A link's text as the server's previews read it: the element's `text`, what comes before its
 * first child element (a code span, mention, ... in the link's text), so none where one starts it.
 */
function linkText(children: readonly Token[], openIndex: number): string {
  let text = '';
  for (let index = openIndex + 1; index < children.length && children[index]?.type === 'text'; index += 1) {
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
 * Each inline block with its index and whether it is quoted; those in table cells last. The
 * server visits the links breadth first, and a cell's links sit deeper (`table > thead > tr > th >
 * a`) than a paragraph's or a list item's.
 */
function inlineBlocks(tokens: readonly Token[]): { index: number; quoted: boolean }[] {
  const found: { index: number; quoted: boolean }[] = [];
  let cells: { index: number; quoted: boolean }[] | undefined;
  let quoteDepth = 0;
  tokens.forEach((token, index) => {
    if (token.type === 'blockquote_open') quoteDepth += 1;
    else if (token.type === 'blockquote_close') quoteDepth -= 1;
    else if (token.type === 'inline' && token.children) (inCell(tokens, index) ? (cells ??= []) : found).push({ index, quoted: quoteDepth > 0 });
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

/** The links of the blocks outside quotes: the ones the server may preview (`unique_previewable_urls`). */
function previewableLinks(tokens: readonly Token[], blocks: readonly { index: number; quoted: boolean }[]): Set<string> {
  const hrefs = new Set<string>();
  for (const { index, quoted } of blocks) {
    if (quoted) continue;
    for (const token of tokens[index]?.children ?? []) {
      const href = hrefOf(token);
      if (href !== undefined) hrefs.add(href);
    }
  }
  return hrefs;
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

/**
 * The links (opening at `replaceable`) a tight item's preview replaces, as the server decides for
 * a link right in a list item: when the item's text starts with an element (no words before it)
 * and nothing but another element or the end follows the link (`not parent.text and not
 * ahref_element.tail`), so `a.png b.png` loses `b.png` only.
 */
function dropReplacedLinks(children: Token[], replaceable: readonly number[]): void {
  if (children[0]?.type === 'text' && children[0].content !== '') return;
  for (const open of [...replaceable].reverse()) {
    let close = open + 1;
    while (close < children.length && children[close]?.type !== 'link_close') close += 1;
    const after = children[close + 1];
    if (after?.type !== 'text' || after.content === '') children.splice(open, close - open + 1);
  }
}

/** The index of the token closing the list item whose content goes on at `from`. */
function itemEnd(tokens: readonly Token[], from: number): number {
  let depth = 0;
  for (let index = from; index < tokens.length; index += 1) {
    const nesting = tokens[index]?.nesting ?? 0;
    if (nesting === -1 && depth === 0) return index;
    depth += nesting;
  }
  return tokens.length;
}

function htmlToken(state: StateCore, previews: readonly LinkPreview[]): Token {
  const html = new state.Token('html_block', '', 0);
  html.content = previews.map((preview) => preview.html).join('');
  html.block = true;
  return html;
}

/** A link's text made the page's title, as the server names a bare YouTube or Vimeo link (`found_url.family.child.text = title`). */
function retitleLink(children: Token[], openIndex: number, title: string): void {
  const first = children[openIndex + 1];
  if (first?.type !== 'text') return;
  first.content = title;
  let end = openIndex + 2;
  while (children[end]?.type === 'text') end += 1;
  children.splice(openIndex + 2, end - openIndex - 2);
}

/**
 * The Open Graph step for a link the server's previews go on with: a link the worker has not
 * fetched yet is gathered for it; with what it found, a page's embed goes at the end of the
 * message (`add_embed` appends to the root), and a bare YouTube or Vimeo link is named by the
 * page's title.
 */
function embedStep(env: LinkPreviewsEnv, embeds: LinkEmbedsEnv, context: PreviewContext, children: Token[], child: number, atEnd: LinkPreview[]): void {
  const { href } = context;
  if (embeds.data === undefined || !embeds.data.has(href)) {
    embeds.linksForPreview.push(href);
    return;
  }
  const data = embeds.data.get(href);
  if (!data) return;
  const imagePreviews = env.previews !== false;
  // A bare link (its text its URL) is named by the page's title.
  const bare = data.title !== undefined && context.text === href;
  if (imagePreviews && youtubeVideoId(href) !== undefined) {
    if (bare) retitleLink(children, child, `YouTube - ${data.title}`);
    return;
  }
  const html = embedHtml(href, data, env);
  if (html !== undefined) atEnd.push({ html, replacesLoneLink: false });
  if (bare && imagePreviews && isVimeoVideo(href)) retitleLink(children, child, `Vimeo - ${data.title}`);
}

function linkPreviewsRule(state: StateCore): void {
  const env = state.env as LinkPreviewsEnv;
  const imagePreviews = env.previews !== false;
  const { embeds } = env;
  if (!imagePreviews && !embeds) return;
  const tokens = state.tokens;
  const blocks = inlineBlocks(tokens);
  const previewable = previewableLinks(tokens, blocks);
  if (previewable.size === 0 || previewable.size > PREVIEW_LIMIT) return;
  const realmHost = env.realmUrl ? hostOf(env.realmUrl) : undefined;
  const ownNetloc = env.realmUrl ? realmNetloc(env.realmUrl) : undefined;
  // Each link is previewed at its first occurrence only, in the order the server walks them,
  // breadth first: shallower links first (a paragraph's before a list item's or a quote's), those
  // as deep in the order written. A link it may preview (written outside quotes somewhere) whose
  // first occurrence is quoted gets its preview in the quote.
  const occurrences: { index: number; child: number; depth: number; nested: number }[] = [];
  for (const { index } of blocks) {
    const block = tokens[index];
    // The depth of the block's element in the server's tree: a tight item's words have no <p>.
    const base = (block?.level ?? 0) + (tokens[index - 1]?.hidden ? 0 : 1);
    let nested = 0;
    (block?.children ?? []).forEach((token, child) => {
      if (token.type === 'link_open') occurrences.push({ index, child, depth: base + nested, nested });
      else if (token.type !== 'link_close') nested += token.nesting;
    });
  }
  occurrences.sort((a, b) => a.depth - b.depth);
  const seen = new Set<string>();
  const byBlock = new Map<number, { previews: LinkPreview[]; replaceable: number[] }>();
  // Previews at the end of the message, in the order the server walks their links.
  const atEnd: LinkPreview[] = [];
  for (const { index, child, nested } of occurrences) {
    const children = tokens[index]?.children ?? [];
    const href = String(children[child]?.attrGet('href') ?? '');
    if (seen.has(href) || !previewable.has(href)) continue;
    seen.add(href);
    // The URL and text as typed: the serializer keeps their character references.
    const context = { href, text: linkText(children, child), escape: escapeAttributeKeepingReferences, resolveUploadedImage: env.resolveUploadedImage, media: env };
    const preview = imagePreviews ? linkPreview(context, realmHost) : undefined;
    if (embeds && mayEmbed(context, ownNetloc, imagePreviews)) embedStep(env, embeds, context, children, child, atEnd);
    if (!preview) continue;
    // The server previews a link at its paragraph or list item only when the link sits right in
    // it; one in a heading, a table cell or inside emphasis goes at the end of the message.
    if (tokens[index - 1]?.type !== 'paragraph_open' || nested > 0) {
      atEnd.push(preview);
      continue;
    }
    let planned = byBlock.get(index);
    if (!planned) byBlock.set(index, (planned = { previews: [], replaceable: [] }));
    planned.previews.push(preview);
    if (preview.replacesLoneLink) planned.replaceable.push(child);
  }
  // From the last block back, so that inserting previews leaves the earlier indexes valid.
  for (const [index, { previews, replaceable }] of [...byBlock].sort(([a], [b]) => b - a)) {
    const children = tokens[index]?.children ?? [];
    const html = htmlToken(state, previews);
    const open = tokens[index - 1];
    const close = tokens[index + 1];
    const lone = previews.length === 1 && previews[0]?.replacesLoneLink === true && isLoneLink(children);
    if (open?.hidden) {
      // A tight list item's words: the preview goes at the end of the item, after any list nested
      // in it; links it replaces go (their hidden paragraph stays, keeping what follows on the
      // item's line).
      tokens.splice(itemEnd(tokens, index + 2), 0, html);
      dropReplacedLinks(children, replaceable);
    } else if (close?.type === 'paragraph_close' && lone) {
      // The server drops a paragraph holding only the link and shows the preview alone.
      tokens.splice(index - 1, 3, html);
    } else {
      // After the paragraph holding the link (inside a list item, which keeps it).
      tokens.splice(index + 2, 0, html);
    }
  }
  if (atEnd.length > 0) tokens.push(htmlToken(state, atEnd));
}

/**
 * markdown-it plugin: the server's previews after the paragraph or list item holding each link
 * (none in quotes, none at all past 24 distinct links, each link once): videos, uploaded images
 * as their thumbnails, external images and YouTube thumbnails (through Camo when it is on), YouTube
 * videos; then the Open Graph step, where the render has one (see {@link LinkEmbedsEnv}).
 */
export function linkPreviewsPlugin(md: MarkdownIt): void {
  md.core.ruler.push('zulip_link_previews', linkPreviewsRule);
}
