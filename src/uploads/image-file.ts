import { ApiCall } from '../transport/api-call';
import { asFile, type FileNaming, type UploadContent } from './file-content';

/** An image to upload as an avatar, icon or logo, named and typed when given as bytes. */
export interface ImageUpload extends FileNaming {
  /** The image: a `Blob`, `File` or bytes. */
  readonly content: UploadContent;
}

/** Extensions of the image types the server resizes, by type. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/tiff': 'tiff',
  'image/webp': 'webp',
};

/** Types by extension, for untyped bytes with a name. */
const TYPES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(EXTENSIONS).map(([type, extension]) => [extension, type])),
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
};

/**
 * The image as a named, typed file: the server reads an avatar's type from its name, and an icon's
 * or a logo's from the type sent, which untyped bytes would leave as `application/octet-stream`
 * ("Invalid image format"). So bytes with a type get a matching name, and bytes with a name a
 * matching type.
 */
function imageFile(upload: ImageUpload): Blob {
  const ownName = upload.content instanceof File ? upload.content.name : undefined;
  const ownType = upload.content instanceof Blob && upload.content.type !== '' ? upload.content.type : undefined;
  const contentType = upload.contentType ?? ownType;
  const extension = contentType === undefined ? undefined : EXTENSIONS[contentType.split(';', 1)[0]?.trim().toLowerCase() ?? ''];
  const filename = upload.filename ?? ownName ?? (extension === undefined ? undefined : `image.${extension}`);
  const named = /\.([a-z0-9]+)$/i.exec(filename ?? '')?.[1]?.toLowerCase();
  return asFile(upload.content, { filename, contentType: contentType ?? (named === undefined ? undefined : TYPES[named]) });
}

/** Calls `send` with the image as a file, or fails the call with the TypeError of content that is no file. */
export function withImageFile<T>(upload: ImageUpload, send: (file: Blob) => ApiCall<T>): ApiCall<T> {
  let file: Blob;
  try {
    file = imageFile(upload);
  } catch (error) {
    return new ApiCall(Promise.reject(error));
  }
  return send(file);
}
