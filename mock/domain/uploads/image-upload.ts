import { ApiFailure, badRequest } from '../errors';
import { storedContentType } from './content-types';
import { THUMBNAILED_TYPES, imageDimensions } from './uploaded-images';

const MIB = 1024 * 1024;

/** The server's limit on an avatar, icon or logo upload ("Uploaded file is larger than …"), in MiB. */
export function checkImageFileSize(file: File, maxMib: number): void {
  if (file.size > maxMib * MIB) throw badRequest(`Uploaded file is larger than the allowed limit of ${maxMib} MiB`);
}

/** The type the server reads for an upload (`get_file_info`): as sent, guessed from the name only when none was sent. */
export function sentOrGuessedType(file: File): string {
  return file.type === '' ? storedContentType('', file.name) : (file.type.split(';', 1)[0]?.trim().toLowerCase() ?? '');
}

/**
 * The bytes of an uploaded image the server would resize: a type it thumbnails (else
 * `BAD_IMAGE` "Invalid image format") whose image decodes (else "Could not decode image; did you
 * upload an image file?").
 */
export async function thumbnailableImage(file: File, contentType: string | undefined): Promise<Uint8Array> {
  if (contentType === undefined || !THUMBNAILED_TYPES.has(contentType)) throw new ApiFailure('Invalid image format', 'BAD_IMAGE');
  return thumbnailableBytes(new Uint8Array(await file.arrayBuffer()), contentType);
}

/** {@link thumbnailableImage} for bytes already read: the same checks, in the same order. */
export function thumbnailableBytes(bytes: Uint8Array, contentType: string | undefined): Uint8Array {
  if (contentType === undefined || !THUMBNAILED_TYPES.has(contentType)) throw new ApiFailure('Invalid image format', 'BAD_IMAGE');
  if (!imageDimensions(bytes)) throw new ApiFailure('Could not decode image; did you upload an image file?', 'BAD_IMAGE');
  return bytes;
}
