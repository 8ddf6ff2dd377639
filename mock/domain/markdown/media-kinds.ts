/**
 * What the newest server makes of the media syntax `![text](url)` (its `AudioInlineProcessor`,
 * then its `ImageInlineProcessor`): an `<audio>` player for audio, else an inline `<img>`, or
 * nothing (the syntax stays text) for an upload that is neither.
 */
import { AUDIO_INLINE_TYPES } from '../uploads/content-types';
import { guessType } from '../uploads/guess-type';
import { type ExternalMediaEnv, externalMediaSource } from './external-media';
import { PLACEHOLDER_CLASS, type UploadedImagePreview, uploadedImageAttributes, uploadPathOf } from './link-preview-kinds';
import { type Attribute, startTag } from './start-tag';

/** One use of the media syntax, as the parser read it. */
export interface MediaSyntax {
  /** The URL as the server keeps it: a scheme added where none was typed, links into the realm relative. */
  readonly src: string;
  /** The text between the brackets, as typed. */
  readonly label: string;
  /** The quoted title after the URL (`![text](url "title")`), if one was given. */
  readonly title: string | undefined;
}

/** What the realm's uploads say about a path below `/user_uploads/`, and where external media load from. */
export interface MediaResolvers extends ExternalMediaEnv {
  /** The uploaded image there, if the server made (or is making) thumbnails of it. */
  readonly resolveUploadedImage?: ((pathId: string) => UploadedImagePreview | undefined) | undefined;
  /** Whether the upload there is stored with an audio type browsers play. */
  readonly resolveUploadedAudio?: ((pathId: string) => boolean) | undefined;
}

// What Python's `urllib.parse._splittype` takes off before `mimetypes.guess_type` reads a URL.
const SCHEME = /^[^/:]+:/;

/**
 * Whether the server's `guess_type` reads the URL as a playable audio type: by the extension at
 * the end of the whole URL after its scheme, so a query or fragment hides it (Python up to 3.12).
 */
function isAudioUrl(src: string): boolean {
  const type = guessType(src.replace(SCHEME, ''));
  return type !== undefined && AUDIO_INLINE_TYPES.has(type);
}

/** The player: through Camo, the file's own URL then kept in `data-original-url` (only beside a rewritten `src`). */
function audioHtml(src: string, label: string, media: ExternalMediaEnv): string {
  const source = externalMediaSource(src, media);
  const attributes: Attribute[] = [
    ['controls', 'controls'],
    ['preload', 'metadata'],
    ['src', source, true],
  ];
  if (source !== src) attributes.push(['data-original-url', src, true]);
  const title = label.trim();
  if (title !== '') attributes.push(['title', title, true]);
  return `${startTag('audio', attributes)}</audio>`;
}

function withTitle(attributes: Attribute[], title: string | undefined): Attribute[] {
  // The server's parser reads each whitespace character of a title as a space.
  if (title !== undefined) attributes.push(['title', title.replace(/\s/g, ' '), true]);
  return attributes;
}

/**
 * An uploaded image in place: the loading placeholder (`inline-image image-loading-placeholder`)
 * until its thumbnails exist, then the thumbnail as the server's rewrite writes it (class
 * `inline-image`, empty attributes bare).
 */
export function inlineUploadedImageTag(syntax: MediaSyntax, image: UploadedImagePreview): string {
  const attributes: Attribute[] = [
    ['alt', syntax.label, true],
    ['class', image.ready ? 'inline-image' : `inline-image ${PLACEHOLDER_CLASS}`],
    ['data-original-src', syntax.src, true],
    ...uploadedImageAttributes(image),
  ];
  return startTag('img', withTitle(attributes, syntax.title), image.ready);
}

/**
 * The HTML the server writes for one use of the media syntax, or undefined where it leaves the
 * syntax as text (an upload that is neither an image it thumbnails nor playable audio).
 */
export function mediaHtml(syntax: MediaSyntax, resolvers: MediaResolvers): string | undefined {
  const path = uploadPathOf(syntax.src);
  // Audio only without a title; an upload by its stored type, any other URL by its extension.
  if (syntax.title === undefined && (path === undefined ? isAudioUrl(syntax.src) : resolvers.resolveUploadedAudio?.(path) === true)) {
    return audioHtml(syntax.src, syntax.label, resolvers);
  }
  if (path === undefined) {
    // `data-original-src` keeps the URL; `src` goes through Camo, as every image's.
    const source = externalMediaSource(syntax.src, resolvers);
    return startTag('img', withTitle([['alt', syntax.label, true], ['data-original-src', syntax.src, true], ['src', source, true]], syntax.title));
  }
  const image = resolvers.resolveUploadedImage?.(path);
  return image && inlineUploadedImageTag(syntax, image);
}
