import { guessType } from './guess-type';

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

/**
 * The type a file is stored with: the one it was sent with (without parameters, lower-cased),
 * even the generic `application/octet-stream`; only when none was sent, the one guessed from its
 * name, else `application/octet-stream`.
 *
 * @example
 * storedContentType('', 'logo.png'); // 'image/png'
 * storedContentType('application/octet-stream', 'logo.png'); // 'application/octet-stream'
 */
export function storedContentType(sent: string, name: string): string {
  const given = sent.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return given !== '' ? given : (guessType(name) ?? 'application/octet-stream');
}

/** Whether a browser may show the file in place rather than download it. */
export function servedInline(contentType: string): boolean {
  return INLINE_TYPES.has(contentType);
}

/** Python's `urllib.parse.quote`, which Django uses here: like encodeURIComponent, but `/` stays and `!'()*` are escaped. */
function pythonQuote(text: string): string {
  return encodeURIComponent(text)
    .replaceAll('%2F', '/')
    .replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `Content-Disposition` for a served file: quoted ASCII names, RFC 8187 encoding for others;
 * `attachment` for types not shown in place or when a download is asked for.
 */
export function contentDisposition(contentType: string, fileName: string, forceDownload = false): string {
  const disposition = servedInline(contentType) && !forceDownload ? 'inline' : 'attachment';
  // Django quotes names of tabs, spaces and visible ASCII; others take the RFC 8187 form.
  const ascii = /^[\t\x20-\x7e]*$/.test(fileName);
  const parameter = ascii
    ? `filename="${fileName.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
    : `filename*=utf-8''${pythonQuote(fileName)}`;
  return `${disposition}; ${parameter}`;
}
