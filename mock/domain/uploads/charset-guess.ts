import { bareContentType, hasContentTypeParam } from './content-type-header';

/** How much the server reads at a time, and where it stops, when it guesses from stored bytes. */
const CHUNK_BYTES = 4096;
const STREAM_LIMIT_BYTES = 32 * 1024;

/** chardet's answers for the byte-order marks it knows, at full confidence. */
function byteOrderMark(bytes: Uint8Array): string | undefined {
  const [a, b, c, d] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return 'UTF-8-SIG';
  if ((a === 0xff && b === 0xfe && c === 0 && d === 0) || (a === 0 && b === 0 && c === 0xfe && d === 0xff)) return 'UTF-32';
  if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff)) return 'UTF-16';
  return undefined;
}

/**
 * Whether chardet's escape detector fires on a chunk: an `ESC` or `~{`, also across the end of the
 * previous chunk (`from` is where the chunk starts in `bytes`).
 */
function hasEscape(bytes: Uint8Array, from: number, to: number): boolean {
  for (let at = Math.max(from - 1, 0); at < to; at++) {
    if (bytes[at] === 0x1b || (bytes[at] === 0x7e && bytes[at + 1] === 0x7b && at + 1 < to)) return true;
  }
  return false;
}

/**
 * chardet's UTF-16/32 prober for text without a mark: zero and non-zero bytes counted by position
 * modulo 4. It fires when at least 20 code units are more than 94% of the shape ASCII takes in one
 * of the four encodings; it then answers at 85%, below the server's bar, so the file gets no
 * charset. (chardet also drops an encoding on an invalid code unit; the mock does not check them.)
 */
class WideTextProbe {
  readonly #zeros = [0, 0, 0, 0];
  readonly #nonZeros = [0, 0, 0, 0];
  #position = 0;

  feed(chunk: Uint8Array): void {
    for (const byte of chunk) {
      const counts = byte === 0 ? this.#zeros : this.#nonZeros;
      counts[this.#position % 4] = (counts[this.#position % 4] ?? 0) + 1;
      this.#position++;
    }
  }

  /** Past 4 KiB without a match, chardet stops feeding it. */
  get givenUp(): boolean {
    return this.#position > 4 * 1024;
  }

  get fires(): boolean {
    const [z0 = 0, z1 = 0, z2 = 0, z3 = 0] = this.#zeros;
    const [n0 = 0, n1 = 0, n2 = 0, n3 = 0] = this.#nonZeros;
    const units32 = Math.max(1, this.#position / 4);
    const units16 = Math.max(1, this.#position / 2);
    const over = (count: number, units: number) => count / units > 0.94;
    const wide32 = units32 >= 20 && ((over(z0, units32) && over(z1, units32) && over(z2, units32) && over(n3, units32)) ||
      (over(n0, units32) && over(z1, units32) && over(z2, units32) && over(z3, units32)));
    const wide16 = units16 >= 20 && ((over(n1 + n3, units16) && over(z0 + z2, units16)) || (over(n0 + n2, units16) && over(z1 + z3, units16)));
    return wide32 || wide16;
  }
}

/** Characters of two bytes or more in UTF-8 text. */
function multibyteCharacters(text: string): number {
  let count = 0;
  for (const character of text) if ((character.codePointAt(0) ?? 0) >= 0x80) count++;
  return count;
}

/**
 * The encoding chardet would report with enough confidence for the server to name it, as far as
 * the mock models chardet, fed as the server feeds it: all at once at upload, or when `streamed`
 * 4 KiB at a time up to 32 KiB, where a confident ASCII is dropped because high bytes may follow.
 *
 * Modelled: an empty file (nothing); the byte-order marks (`UTF-8-SIG`, `UTF-32`, `UTF-16`);
 * UTF-16/32 without a mark (nothing, see {@link WideTextProbe}); text without high bytes (`ascii`,
 * confidence 1.0); UTF-8 with at least two multibyte characters
 * (`utf-8`: chardet's UTF-8 prober is 75% sure after two and certain after five, above the
 * server's 66% bar for UTF-8 and the 73% a Latin-1 guess peaks at). Not modelled, so left without
 * a charset where chardet may name one: its escape-sequence encodings (ISO-2022-*, HZ-GB-2312)
 * and every other multi-byte and single-byte prober
 * (Shift-JIS, Big5, GB2312, EUC-*, ISO-8859-1 at 73%, windows-125x, KOI8-R, ...), including
 * for UTF-8 with a single multibyte character.
 */
export function guessedCharset(bytes: Uint8Array, streamed: boolean): string | undefined {
  if (bytes.length === 0) return undefined;
  const mark = byteOrderMark(bytes);
  if (mark) return mark;
  const chunkBytes = streamed ? CHUNK_BYTES : bytes.length;
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let highBytes = false;
  let validUtf8 = true;
  let multibyte = 0;
  let read = 0;
  const utf8 = (least: number) => (highBytes && validUtf8 && multibyte >= least ? 'utf-8' : undefined);
  const wide = new WideTextProbe();
  for (;;) {
    const chunk = bytes.subarray(read, read + chunkBytes);
    if (!wide.givenUp) {
      wide.feed(chunk);
      if (wide.fires) return undefined;
    }
    // A chunk with a high byte is text with high bytes, whatever escapes it has; an escape before
    // any high byte makes chardet read the rest as an escape-sequence encoding only.
    const chunkHigh = chunk.some((byte) => byte >= 0x80);
    if (!highBytes && !chunkHigh && hasEscape(bytes, read, read + chunk.length)) return undefined;
    read += chunk.length;
    highBytes ||= chunkHigh;
    if (highBytes && validUtf8) {
      try {
        multibyte += multibyteCharacters(decoder.decode(chunk, { stream: true }));
      } catch {
        validUtf8 = false;
      }
    }
    // chardet stops as soon as its UTF-8 prober is more than 95% sure (five multibyte characters).
    if (utf8(5)) return 'utf-8';
    if (chunk.length < chunkBytes) break;
    if (streamed && read >= STREAM_LIMIT_BYTES) return utf8(2);
    if (read >= bytes.length) break;
  }
  return highBytes ? utf8(2) : 'ascii';
}

/**
 * The server's `maybe_add_charset`: a `text/plain` type without a charset (as Python's `email`
 * package reads the type, so anything that is no `type/subtype` counts) gets the charset guessed
 * from the bytes, appended as `; charset="..."`; every other type is left as it is.
 *
 * @example
 * withGuessedCharset('text/plain', new TextEncoder().encode('zulip!'), false); // 'text/plain; charset="ascii"'
 */
export function withGuessedCharset(contentType: string, bytes: Uint8Array, streamed: boolean): string {
  if (bareContentType(contentType) !== 'text/plain' || hasContentTypeParam(contentType, 'charset')) return contentType;
  const charset = guessedCharset(bytes, streamed);
  return charset === undefined ? contentType : `${contentType}; charset="${charset}"`;
}
