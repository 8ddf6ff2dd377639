import { lookup } from 'mrmime';

/**
 * Types the server lets a browser show in place (`Content-Disposition: inline`); every other
 * file is served as a download, so an uploaded HTML or SVG page never runs in the realm's origin.
 */
export const INLINE_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'audio/aac',
  'audio/flac',
  'audio/mp4',
  'audio/mpeg',
  'audio/wav',
  'audio/webm',
  'image/apng',
  'image/avif',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/webp',
  'text/plain',
  'video/mp4',
  'video/quicktime',
  'video/webm',
]);

const UNSPECIFIED = 'application/octet-stream';

/**
 * The type a file is stored with: the one it was sent with, else (none, or the generic
 * `application/octet-stream` that form encoders send for untyped bytes) guessed from its name.
 */
export function storedContentType(sent: string, name: string): string {
  const given = sent.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return given !== '' && given !== UNSPECIFIED ? given : (lookup(name) ?? UNSPECIFIED);
}

/** Whether a browser may show the file in place rather than download it. */
export function servedInline(contentType: string): boolean {
  return INLINE_TYPES.has(contentType);
}

/** `Content-Disposition` for a served file: quoted ASCII names, RFC 8187 encoding for others. */
export function contentDisposition(contentType: string, fileName: string): string {
  const disposition = servedInline(contentType) ? 'inline' : 'attachment';
  const ascii = /^[\x20-\x7e]*$/.test(fileName);
  const parameter = ascii
    ? `filename="${fileName.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
    : `filename*=utf-8''${encodeURIComponent(fileName)}`;
  return `${disposition}; ${parameter}`;
}
