import { bareContentType, formatContentType, parsePartContentType } from './content-type-header';
import { guessType } from './guess-type';
import { pythonQuote } from '../python-quote';

/** Audio types browsers play, which the server shows in place and as `<audio>` players (`AUDIO_INLINE_MIME_TYPES`). */
export const AUDIO_INLINE_TYPES: ReadonlySet<string> = new Set(['audio/aac', 'audio/flac', 'audio/mp4', 'audio/mpeg', 'audio/wav', 'audio/webm']);

/**
 * Types the server lets a browser show in place (`Content-Disposition: inline`); every other
 * file is served as a download, so an uploaded HTML or SVG page never runs in the realm's origin.
 */
export const INLINE_TYPES: ReadonlySet<string> = new Set([
  ...AUDIO_INLINE_TYPES,
  'application/pdf',
  'image/apng',
  'image/avif',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/webp',
  'text/plain',
  'video/mp4',
  'video/webm',
]);

/**
 * The type a file is stored with (the server's `get_file_info`): the one it was sent with,
 * lower-cased as Django reads it, with its parameters written again as Python's `email` package
 * writes them (`key="value"`), even the generic `application/octet-stream`; only when no type was
 * sent, the one guessed from its name, else `application/octet-stream`. (The Fetch parser has
 * already lower-cased the parameters' values too, which the server keeps as sent.)
 *
 * @example
 * storedContentType('', 'logo.png'); // 'image/png'
 * storedContentType('application/octet-stream', 'logo.png'); // 'application/octet-stream'
 * storedContentType('text/plain; test-key=test_value; charset=big5', 'a.txt'); // 'text/plain; test-key="test_value"; charset="big5"'
 */
export function storedContentType(sent: string, name: string): string {
  const { type, params } = parsePartContentType(sent);
  return formatContentType(type !== '' ? type : (guessType(name) ?? 'application/octet-stream'), params);
}

/** Whether a browser may show the file in place rather than download it: by its bare type. */
function servedInline(contentType: string): boolean {
  return INLINE_TYPES.has(bareContentType(contentType));
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
