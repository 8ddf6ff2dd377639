const ESCAPE = /%([0-9A-Fa-f]{2})/y;
const ENCODER = new TextEncoder();

/** The path's bytes: each `%XX` escape one byte, any other character its UTF-8 bytes. */
function pathBytes(pathname: string): number[] {
  const bytes: number[] = [];
  for (let index = 0; index < pathname.length; index++) {
    ESCAPE.lastIndex = index;
    const escape = ESCAPE.exec(pathname);
    if (escape) {
      bytes.push(Number.parseInt(escape[1] as string, 16));
      index += 2;
    } else {
      const codePoint = pathname.codePointAt(index) as number;
      if (codePoint > 0xffff) index++;
      bytes.push(...ENCODER.encode(String.fromCodePoint(codePoint)));
    }
  }
  return bytes;
}

/** The length of the well-formed UTF-8 sequence at `index`, or 0 where none starts (as Python's strict decoder judges it). */
function sequenceLength(bytes: readonly number[], index: number): number {
  const lead = bytes[index] as number;
  if (lead < 0x80) return 1;
  // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
  const [length, low, high] =
    lead >= 0xc2 && lead <= 0xdf ? [2, 0x80, 0xbf]
    : lead === 0xe0 ? [3, 0xa0, 0xbf]
    : lead === 0xed ? [3, 0x80, 0x9f]
    : lead >= 0xe1 && lead <= 0xef ? [3, 0x80, 0xbf]
    : lead === 0xf0 ? [4, 0x90, 0xbf]
    : lead === 0xf4 ? [4, 0x80, 0x8f]
    : lead >= 0xf1 && lead <= 0xf3 ? [4, 0x80, 0xbf]
    : [0, 0, 0];
  if (length === 0) return 0;
  const second = bytes[index + 1];
  if (second === undefined || second < low || second > high) return 0;
  for (let next = index + 2; next < index + length; next++) {
    const byte = bytes[next];
    if (byte === undefined || byte < 0x80 || byte > 0xbf) return 0;
  }
  return length;
}

/** The code point of the well-formed sequence of `length` bytes at `index` (a byte order mark is a character like any other). */
function codePointAt(bytes: readonly number[], index: number, length: number): number {
  const lead = bytes[index] as number;
  if (length === 1) return lead;
  let codePoint = lead & (0xff >> (length + 1));
  for (let next = index + 1; next < index + length; next++) codePoint = (codePoint << 6) | ((bytes[next] as number) & 0x3f);
  return codePoint;
}

/**
 * A request's path with its `%XX` escapes decoded, as Django's `request.path` and `path_info`
 * hold it, which the server's URL patterns match: the bytes are read as UTF-8, and a byte that is
 * no part of UTF-8 text is escaped again (`repercent_broken_unicode`), so `%FF` stays the three
 * characters `%FF` while the rest of the path is decoded. A `%` not followed by two hex digits
 * stays as it is, as Python's `unquote` leaves it.
 *
 * @example
 * decodedPath('/user_uploads/1/a%20b.txt'); // '/user_uploads/1/a b.txt'
 * decodedPath('/x%FF%20y'); // '/x%FF y'
 */
export function decodedPath(pathname: string): string {
  if (!pathname.includes('%')) return pathname;
  const bytes = pathBytes(pathname);
  let result = '';
  let index = 0;
  while (index < bytes.length) {
    const length = sequenceLength(bytes, index);
    if (length === 0) {
      result += `%${(bytes[index] as number).toString(16).toUpperCase().padStart(2, '0')}`;
      index++;
    } else {
      result += String.fromCodePoint(codePointAt(bytes, index, length));
      index += length;
    }
  }
  return result;
}
