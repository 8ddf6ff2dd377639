import type { MarkdownIt, StateCore, Token } from 'markdown-it';

/** What the preview of an uploaded image shows: the server's thumbnail and the original's metadata. */
export interface UploadedImagePreview {
  readonly width: number;
  readonly height: number;
  readonly contentType: string;
  readonly animated: boolean;
  /** The name of the large still a type browsers do not show is transcoded into. */
  readonly transcoded: { readonly name: string } | undefined;
  readonly thumbnailUrl: string;
}

/** What the inline-images rule reads from the render environment. */
export interface InlineImagesEnv {
  /** The uploaded image at a path below `/user_uploads/`, if the server made thumbnails of it. */
  readonly resolveUploadedImage?: (pathId: string) => UploadedImagePreview | undefined;
}

const UPLOADS = '/user_uploads/';

/** The extensions the server previews as images (`IMAGE_EXTENSIONS`). */
const IMAGE_EXTENSIONS = ['.bmp', '.gif', '.jpe', '.jpeg', '.jpg', '.png', '.webp'];

/** Whether the server previews a link as an image: an http(s) URL whose path ends with an image extension. */
function isPreviewedImage(href: string): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    // Relative links other than uploads are not previewed.
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

function uploadedImageAt(href: string, env: InlineImagesEnv): UploadedImagePreview | undefined {
  if (!href.startsWith(UPLOADS) || !env.resolveUploadedImage) return undefined;
  let pathId: string;
  try {
    pathId = decodeURIComponent(href.slice(UPLOADS.length));
  } catch {
    return undefined;
  }
  return env.resolveUploadedImage(pathId);
}

/**
 * The `<img>` of an uploaded image once the server has its thumbnails: the original's type and
 * size, the default thumbnail, then what the server's thumbnail rewrite appends.
 */
function uploadedImageTag(escape: (text: string) => string, image: UploadedImagePreview): string {
  const animated = image.animated ? ' data-animated="true"' : '';
  const transcoded = image.transcoded ? ` data-transcoded-image="${escape(image.transcoded.name)}"` : '';
  return (
    `<img data-original-content-type="${escape(image.contentType)}" data-original-dimensions="${image.width}x${image.height}"` +
    ` src="${escape(image.thumbnailUrl)}"${animated}${transcoded}>`
  );
}

/** One preview block, as the server writes it: the link (titled when its text is not the URL) around the thumbnail. */
function previewHtml(md: MarkdownIt, href: string, text: string, upload: UploadedImagePreview | undefined): string {
  const escape = md.utils.escapeHtml;
  const title = text !== href && text !== '' ? ` title="${escape(text)}"` : '';
  const image = upload
    ? uploadedImageTag(escape, upload)
    : `<img data-src-fullsize="${escape(thumbnailUrl(href, 'full'))}" src="${escape(thumbnailUrl(href, 'thumbnail'))}">`;
  return `<div class="message_inline_image"><a href="${escape(href)}"${title}>${image}</a></div>`;
}

/** A paragraph that is nothing but one bare image URL, which the preview replaces. */
function isLoneBareLink(children: readonly Token[]): boolean {
  return children.length === 3 && children[0]?.type === 'link_open' && children[0].markup === 'linkify' && children[2]?.type === 'link_close';
}

function inlineImagesRule(md: MarkdownIt, state: StateCore): void {
  const env = state.env as InlineImagesEnv;
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
      if (previewed.has(href)) return;
      const upload = uploadedImageAt(href, env);
      if (!upload && !isPreviewedImage(href)) return;
      previewed.add(href);
      previews.push(previewHtml(md, href, linkText(children, childIndex), upload));
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
 * markdown-it plugin: links to images (http or https URLs ending in an image extension, and
 * uploaded images the server made thumbnails of) get the server's `message_inline_image` preview
 * after the paragraph or list item holding them (not in quotes), each URL once: external images
 * through the server's `/thumbnail` route, uploads as their `/user_uploads/thumbnail/` thumbnail.
 */
export function inlineImagesPlugin(md: MarkdownIt): void {
  md.core.ruler.push('zulip_inline_images', (state: StateCore) => inlineImagesRule(md, state));
}
