import type { MarkdownIt, StateCore, Token } from 'markdown-it';

/** The extensions the server previews as images (`IMAGE_EXTENSIONS`). */
const IMAGE_EXTENSIONS = ['.bmp', '.gif', '.jpe', '.jpeg', '.jpg', '.png', '.webp'];

/** Whether the server previews a link as an image: an http(s) URL whose path ends with an image extension. */
function isPreviewedImage(href: string): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    // Relative links (uploads in the realm) are previewed from the stored file, which the mock does not do.
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // pasteboard.co pages end in image extensions without being images.
  if (url.hostname === 'pasteboard.co') return false;
  const path = url.pathname.toLowerCase();
  return IMAGE_EXTENSIONS.some((extension) => path.endsWith(extension));
}

/** Python's `urlencode` value quoting (`quote_plus`): spaces as `+`, `!'()*` escaped too. */
function quotePlus(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%20', '+');
}

function thumbnailUrl(href: string, size: 'full' | 'thumbnail'): string {
  return `/thumbnail?url=${quotePlus(href)}&size=${size}`;
}

function linkText(children: readonly Token[], openIndex: number): string {
  let text = '';
  for (let index = openIndex + 1; index < children.length && children[index]?.type !== 'link_close'; index += 1) {
    text += children[index]?.content ?? '';
  }
  return text;
}

/** One preview block, as the server writes it: the link (titled when its text is not the URL) around the thumbnail. */
function previewHtml(md: MarkdownIt, href: string, text: string): string {
  const escape = md.utils.escapeHtml;
  const title = text !== href && text !== '' ? ` title="${escape(text)}"` : '';
  return (
    `<div class="message_inline_image"><a href="${escape(href)}"${title}>` +
    `<img data-src-fullsize="${escape(thumbnailUrl(href, 'full'))}" src="${escape(thumbnailUrl(href, 'thumbnail'))}"></a></div>`
  );
}

/** A paragraph that is nothing but one bare image URL, which the preview replaces. */
function isLoneBareLink(children: readonly Token[]): boolean {
  return children.length === 3 && children[0]?.type === 'link_open' && children[0].markup === 'linkify' && children[2]?.type === 'link_close';
}

function inlineImagesRule(md: MarkdownIt, state: StateCore): void {
  const previewed = new Set<string>();
  const tokens = state.tokens;
  let quoteDepth = 0;
  for (let index = 0; index < tokens.length; index += 1) {
    const block = tokens[index];
    if (block?.type === 'blockquote_open') quoteDepth += 1;
    else if (block?.type === 'blockquote_close') quoteDepth -= 1;
    // The server previews no image quoted from another message.
    if (block?.type !== 'inline' || !block.children || quoteDepth > 0) continue;
    const previews: string[] = [];
    block.children.forEach((token, childIndex, children) => {
      if (token.type !== 'link_open') return;
      const href = String(token.attrGet('href') ?? '');
      if (previewed.has(href) || !isPreviewedImage(href)) return;
      previewed.add(href);
      previews.push(previewHtml(md, href, linkText(children, childIndex)));
    });
    if (previews.length === 0) continue;
    const html = new state.Token('html_block', '', 0);
    html.content = previews.join('');
    html.block = true;
    const open = tokens[index - 1];
    const close = tokens[index + 1];
    if (open?.type === 'paragraph_open' && close?.type === 'paragraph_close' && !open.hidden && isLoneBareLink(block.children)) {
      // The server drops a paragraph holding only the image's URL and shows the preview alone.
      tokens.splice(index - 1, 3, html);
      index -= 1;
      continue;
    }
    // After the block holding the link (inside a list item, which keeps it).
    tokens.splice(index + 2, 0, html);
    index += 2;
  }
}

/**
 * markdown-it plugin: links to images (http or https URLs ending in an image extension) get the
 * server's `message_inline_image` preview after the paragraph or list item holding them (not in
 * quotes), each URL once, with thumbnails through the server's `/thumbnail` route.
 */
export function inlineImagesPlugin(md: MarkdownIt): void {
  md.core.ruler.push('zulip_inline_images', (state: StateCore) => inlineImagesRule(md, state));
}
