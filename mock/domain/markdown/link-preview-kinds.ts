import { guessType } from '../uploads/guess-type';
import { type ExternalMediaEnv, externalMediaSource } from './external-media';
import { type Attribute, startTag } from './start-tag';

/**
 * What the server previews a link as (its `InlineInterestingLinkProcessor`), in its order of
 * checks: a video (`.mp4`, `.webm`), an image (an uploaded image it thumbnailed, or a URL whose
 * path ends in an image extension), a YouTube video. Each preview is the server's HTML block.
 */

/** What the preview of an uploaded image shows: the server's thumbnail and the original's metadata. */
export interface UploadedImagePreview {
  readonly width: number;
  readonly height: number;
  readonly contentType: string;
  readonly animated: boolean;
  /** The name of the large still a type browsers do not show is transcoded into. */
  readonly transcoded: { readonly name: string } | undefined;
  readonly thumbnailUrl: string;
  /** Whether the server has made the thumbnails yet; until then the preview is a loading placeholder. */
  readonly ready: boolean;
}

/** The server's loading image, which a placeholder shows until the thumbnail exists. */
const LOADING_IMAGE = '/static/images/loading/loader-black.svg';

/** The class of an image's loading placeholder, until its thumbnails are made (the store tracks such messages as pending thumbnails; the thumbnail worker looks for it). */
export const PLACEHOLDER_CLASS = 'image-loading-placeholder';

/** One link's preview: its HTML, and whether a paragraph holding only that link gives way to it. */
export interface LinkPreview {
  readonly html: string;
  /** Images and videos whose link shows its own URL (or nothing) replace a paragraph of just that link. */
  readonly replacesLoneLink: boolean;
}

/** What a preview is built from: the link, the realm's uploads, and where external media load from. */
export interface PreviewContext {
  readonly href: string;
  /** The link's text as shown. */
  readonly text: string;
  readonly escape: (text: string) => string;
  readonly resolveUploadedImage: ((pathId: string) => UploadedImagePreview | undefined) | undefined;
  /** The server's Camo and the realm's address (external images and videos load through Camo). */
  readonly media: ExternalMediaEnv;
}

const UPLOADS = '/user_uploads/';

/** The extensions the server previews as images (`IMAGE_EXTENSIONS`). */
const IMAGE_EXTENSIONS = ['.bmp', '.gif', '.jpe', '.jpeg', '.jpg', '.png', '.webp'];

/** The video types the server previews (`is_video`): the only containers every browser plays. */
const VIDEO_TYPES: ReadonlySet<string> = new Set(['video/mp4', 'video/webm']);

// The scheme of a link as `sanitize_url` wrote it (lower-cased), as Python's `urlsplit` finds it.
const SCHEME = /^[a-z][a-z0-9+.-]*:/;

const YOUTUBE_HOSTS = new Set(['m.youtube.com', 'www.youtube.com', 'www.youtube-nocookie.com', 'youtube.com', 'youtube-nocookie.com']);
const YOUTUBE_ID = /^[0-9A-Za-z_-]+$/;

function parsed(href: string): URL | undefined {
  try {
    return new URL(href);
  } catch {
    return undefined;
  }
}

function isWebUrl(url: URL | undefined): url is URL {
  return url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:');
}

/** The host and path of a link of any scheme, or none, as Python's `urlsplit` splits them (nothing decoded). */
function splitLink(href: string): { readonly netloc: string; readonly path: string } {
  const rest = href.replace(SCHEME, '');
  const authority = rest.startsWith('//') ? /^\/\/([^/?#]*)/.exec(rest)?.[1] ?? '' : undefined;
  const afterAuthority = authority === undefined ? rest : rest.slice(2 + authority.length);
  return { netloc: authority ?? '', path: afterAuthority.replace(/[?#].*$/s, '') };
}

/**
 * Whether the server previews a link as a video: `mimetypes.guess_type` of the whole link after
 * its scheme reads a video type, so a query or fragment after the extension hides it (Python up
 * to 3.12), as does a host alone (`https://clip.mp4`) not.
 */
function isVideo(href: string): boolean {
  const type = guessType(href.replace(/^[^/:]+:/, ''));
  return type !== undefined && VIDEO_TYPES.has(type);
}

/**
 * The path below `/user_uploads/` a link or image source names, as written: the server looks
 * previews up by the path as typed (`get_user_upload_previews`' pattern stops at a `%`), so a
 * percent-encoded name previews nothing, as it claims nothing.
 */
export function uploadPathOf(href: string): string | undefined {
  return href.startsWith(UPLOADS) ? href.slice(UPLOADS.length) : undefined;
}

function uploadedImageAt(context: PreviewContext): UploadedImagePreview | undefined {
  const path = uploadPathOf(context.href);
  return path === undefined ? undefined : context.resolveUploadedImage?.(path);
}

/**
 * Whether the server previews a link as an image by its name (`is_image`): any link outside
 * `/user_uploads/` (which goes by the realm's uploads), of any scheme or none, whose path ends
 * with an image extension.
 */
function isImageByName(href: string): boolean {
  if (href.startsWith(UPLOADS)) return false;
  const { netloc, path } = splitLink(href);
  // pasteboard.co pages end in image extensions without being images.
  if (netloc === 'pasteboard.co') return false;
  const lower = path.toLowerCase();
  return IMAGE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** Where the server finds the image a page stands for: Wikipedia file pages and linx.li shares. */
function correctedImageSource(url: URL): string | undefined {
  const host = url.host.toLowerCase();
  if (host.endsWith('.wikipedia.org') && url.pathname.startsWith('/wiki/File:')) {
    const corrected = new URL(url.href);
    corrected.pathname = url.pathname.replace('/wiki/File:', '/wiki/Special:FilePath/File:');
    return corrected.href;
  }
  if (host === 'linx.li') return `https://linx.li/s${url.pathname}`;
  return undefined;
}

/**
 * GitHub's page of a file in a repository shows the raw file (`get_actual_image_url`); any other
 * link shows as written (the server's `urlsplit` leaves the text as it is, where URL's `href`
 * would percent-encode a `>` or a space).
 */
function actualImageUrl(href: string, url: URL): string {
  const host = url.host.toLowerCase();
  if (host !== 'github.com' && !host.endsWith('.github.com')) return href;
  const parts = url.pathname.split('/');
  if (parts.length <= 3 || parts[3] !== 'blob') return href;
  return `https://raw.githubusercontent.com/${[...parts.slice(1, 3), ...parts.slice(4)].join('/')}`;
}

function titleAttribute(context: PreviewContext, link: string): string {
  return context.text !== link && context.text !== '' ? ` title="${context.escape(context.text)}"` : '';
}

/**
 * The attributes that show an uploaded image, besides its `class`: before its thumbnails exist,
 * the server's loading image with the original's type and size; after, the default thumbnail,
 * and what the server's thumbnail rewrite adds (`data-animated`, `data-transcoded-image`).
 */
export function uploadedImageAttributes(image: UploadedImagePreview): Attribute[] {
  const attributes: Attribute[] = [
    ['data-original-content-type', image.contentType],
    ['data-original-dimensions', `${image.width}x${image.height}`],
    ['src', image.ready ? image.thumbnailUrl : LOADING_IMAGE],
  ];
  if (!image.ready) return attributes;
  if (image.animated) attributes.push(['data-animated', 'true']);
  if (image.transcoded) attributes.push(['data-transcoded-image', image.transcoded.name]);
  return attributes;
}

/**
 * The `<img>` of an uploaded image's preview: the server's loading placeholder until its
 * thumbnails exist, then the thumbnail (attributes in name order, as the server writes them).
 */
export function uploadedImageTag(image: UploadedImagePreview): string {
  const attributes = uploadedImageAttributes(image);
  return startTag('img', image.ready ? attributes : [['class', PLACEHOLDER_CLASS], ...attributes]);
}

function showsItsUrl(context: PreviewContext, link: string): boolean {
  return context.text === '' || context.text === link;
}

function imagePreview(context: PreviewContext, link: string, image: string): LinkPreview {
  const { escape } = context;
  return {
    html: `<div class="message_inline_image"><a href="${escape(link)}"${titleAttribute(context, link)}>${image}</a></div>`,
    replacesLoneLink: showsItsUrl(context, link),
  };
}

function videoPreview(context: PreviewContext): LinkPreview {
  const { escape, href } = context;
  // The link stays the video's own URL; the player loads it through Camo.
  return {
    html:
      `<div class="message_inline_image message_inline_video"><a href="${escape(href)}"${titleAttribute(context, href)}>` +
      `<video preload="metadata" src="${escape(externalMediaSource(href, context.media))}"></video></a></div>`,
    replacesLoneLink: showsItsUrl(context, href),
  };
}

/** The video ID of a YouTube watch, embed, shorts or youtu.be link (`youtube_id`). */
function youtubeId(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  let id: string | undefined;
  if (YOUTUBE_HOSTS.has(host)) {
    const query = url.searchParams;
    if ((url.pathname === '/watch' || url.pathname === '/watch_popup') && query.get('v')) id = query.get('v') ?? undefined;
    else if (url.pathname === '/watch_videos' && query.get('video_ids')) id = query.get('video_ids')?.split(',')[0];
    else if (/^\/(embed|shorts|v)\//.test(url.pathname)) id = url.pathname.split('/')[2];
  } else if (host === 'youtu.be') {
    id = url.pathname.slice(1);
  }
  return id !== undefined && YOUTUBE_ID.test(id) ? id : undefined;
}

function youtubePreview(context: PreviewContext, id: string): LinkPreview {
  const { escape, href } = context;
  const thumbnail = externalMediaSource(`https://i.ytimg.com/vi/${id}/mqdefault.jpg`, context.media);
  return {
    html:
      `<div class="youtube-video message_inline_image"><a data-id="${escape(id)}" href="${escape(href)}">` +
      `<img src="${escape(thumbnail)}"></a></div>`,
    replacesLoneLink: false,
  };
}

/** The preview the server gives a link, if any. `realmHost`: links into the realm get no YouTube check. */
export function linkPreview(context: PreviewContext, realmHost: string | undefined): LinkPreview | undefined {
  const { href } = context;
  const url = parsed(href);
  if (isVideo(href)) return videoPreview(context);
  const upload = uploadedImageAt(context);
  if (upload) return imagePreview(context, href, uploadedImageTag(upload));
  if (isImageByName(href)) {
    const corrected = isWebUrl(url) ? correctedImageSource(url) : undefined;
    const link = corrected ?? href;
    const source = corrected ?? (isWebUrl(url) ? actualImageUrl(href, url) : href);
    // The image itself, through Camo unless it is off or the image the realm's own. (Older servers
    // wrote `/thumbnail?url=...`; 10.2 and main do not.)
    const image = `<img src="${context.escape(externalMediaSource(source, context.media))}">`;
    // A corrected source stands in for the link and its text.
    return imagePreview(corrected ? { ...context, text: link } : context, link, image);
  }
  if (!isWebUrl(url) || url.host === realmHost) return undefined;
  const id = youtubeId(url);
  return id === undefined ? undefined : youtubePreview(context, id);
}

/**
 * Whether the server's preview code goes on from a link to its Open Graph step: not a video or an
 * image it previews (with image previews on), not relative, not on the realm's own host (as
 * written), not a tweet (whose preview needs Twitter's API, which the mock has not).
 */
export function mayEmbed(context: PreviewContext, realmNetloc: string | undefined, imagePreviews: boolean): boolean {
  const { href } = context;
  if (imagePreviews && (isVideo(href) || uploadedImageAt(context) !== undefined || isImageByName(href))) return false;
  const { netloc, path } = splitLink(href);
  if (netloc === '' || netloc === realmNetloc) return false;
  return !isTweet(netloc, path, href);
}

const TWEET_PATH = /^!?\/.*?\/status(es)?\/\d{10,30}(\/photo\/[0-9])?\/?$/s;

/** The server's `get_tweet_id`: a status on twitter.com (or in the fragment of an old `#!/` link). */
function isTweet(netloc: string, path: string, href: string): boolean {
  if (netloc !== 'twitter.com' && !netloc.endsWith('.twitter.com')) return false;
  const fragment = href.includes('#') ? href.slice(href.indexOf('#') + 1) : '';
  return TWEET_PATH.test(path === '/' && fragment.length > 5 ? fragment : path);
}

/** The YouTube video ID of a link the server previews as one (`youtube_id`), if it is one. */
export function youtubeVideoId(href: string): string | undefined {
  const url = parsed(href);
  return isWebUrl(url) ? youtubeId(url) : undefined;
}
