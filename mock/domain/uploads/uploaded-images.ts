import { imageSize } from 'image-size';
import type { RecordOf } from '../../store/models';
import type { MockState } from '../state';
import { imageFrames } from './image-frames';
import { bareContentType } from './content-type-header';
import { INLINE_TYPES } from './content-types';

/** The types the server parses and thumbnails (`THUMBNAIL_ACCEPT_IMAGE_TYPES`). */
export const THUMBNAILED_TYPES: ReadonlySet<string> = new Set([
  'image/avif',
  'image/gif',
  'image/heic',
  'image/jpeg',
  'image/png',
  'image/tiff',
  'image/webp',
]);

/** A thumbnail the server makes: `{max_width}x{max_height}[-anim].{format}`. */
export interface ThumbnailFormat {
  readonly name: string;
  readonly max_width: number;
  readonly max_height: number;
  readonly format: string;
  readonly animated: boolean;
}

function thumbnailFormat(maxWidth: number, maxHeight: number, animated: boolean): ThumbnailFormat {
  const format = 'webp';
  return { name: `${maxWidth}x${maxHeight}${animated ? '-anim' : ''}.${format}`, max_width: maxWidth, max_height: maxHeight, format, animated };
}

/** The server's `THUMBNAIL_OUTPUT_FORMATS`, as `server_thumbnail_formats` lists them. */
export const THUMBNAIL_FORMATS: readonly ThumbnailFormat[] = [thumbnailFormat(840, 560, true), thumbnailFormat(840, 560, false)];

/** What the server knows of an uploaded image (its `ImageAttachment`). */
export interface UploadedImage {
  readonly pathId: string;
  /** As rendered: EXIF orientations 5 to 8 swap width and height. */
  readonly width: number;
  readonly height: number;
  readonly contentType: string;
  readonly animated: boolean;
  /** The large still the server transcodes types browsers do not show (HEIC, TIFF) into. */
  readonly transcoded: ThumbnailFormat | undefined;
  /** The thumbnails the server made of it, by name. */
  readonly thumbnails: readonly ThumbnailFormat[];
  /** The default thumbnail's URL, which the message preview shows. */
  readonly thumbnailUrl: string;
  /** Whether the thumbnails exist yet (see the mock's `thumbnailDelayMs`). */
  readonly ready: boolean;
}

// Parsed once per stored file: the bytes of an attachment never change.
const parsed = new WeakMap<Uint8Array, ImageMetadata | null>();

/** An image's width and height as shown (EXIF orientation applied), or undefined when its header does not parse. */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | undefined {
  try {
    const size = imageSize(bytes);
    if (!size.width || !size.height) return undefined;
    const turned = size.orientation !== undefined && size.orientation >= 5 && size.orientation <= 8;
    return turned ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  } catch {
    return undefined;
  }
}

/** What an image is, apart from whether its thumbnails exist yet. */
type ImageMetadata = Omit<UploadedImage, 'ready'>;

function describe(attachment: RecordOf<'attachment'>, bytes: Uint8Array): ImageMetadata | undefined {
  // The server decides by the bare type; the image's HTML names the type as stored, parameters and all.
  const contentType = attachment.content_type;
  const bareType = bareContentType(contentType);
  // Like the server, only files that say they are images of a type it thumbnails are read at all.
  if (!THUMBNAILED_TYPES.has(bareType)) return undefined;
  const size = imageDimensions(bytes);
  if (!size) return undefined;
  const animated = imageFrames(bytes, bareType) > 1;
  const transcoded = INLINE_TYPES.has(bareType)
    ? undefined
    : size.width >= size.height
      ? thumbnailFormat(4032, 3024, false)
      : thumbnailFormat(3024, 4032, false);
  const thumbnails = [...THUMBNAIL_FORMATS.filter((format) => animated || !format.animated), ...(transcoded ? [transcoded] : [])];
  const preview = THUMBNAIL_FORMATS.find((format) => format.animated === animated) ?? THUMBNAIL_FORMATS[0];
  return {
    pathId: attachment.path_id,
    ...size,
    contentType,
    animated,
    transcoded,
    thumbnails,
    thumbnailUrl: `/user_uploads/thumbnail/${attachment.path_id}/${preview?.name ?? ''}`,
  };
}

/**
 * The image stored at a path below `/user_uploads/`, when the server would have made thumbnails
 * of it: a file of a type it thumbnails whose header parses as an image. Its thumbnails exist
 * `thumbnailDelayMs` after the upload (at once by default), or once a request asked for one.
 */
export function uploadedImage(state: MockState, pathId: string): UploadedImage | undefined {
  const attachment = state.store.attachments.byPath(pathId);
  const bytes = attachment && state.store.attachments.bytesOf(attachment.id);
  if (!attachment || !bytes) return undefined;
  let image = parsed.get(bytes);
  if (image === undefined) {
    image = describe(attachment, bytes) ?? null;
    parsed.set(bytes, image);
  }
  if (!image) return undefined;
  const ready = state.clock.now() >= attachment.create_time + state.thumbnailDelayMs || state.store.thumbnailsMadeOnDemand.has(pathId);
  return { ...image, ready };
}
