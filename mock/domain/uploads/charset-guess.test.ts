import { describe, expect, it } from 'vitest';
import { guessedCharset, withGuessedCharset } from './charset-guess';

const encode = (text: string) => new TextEncoder().encode(text);

describe('guessedCharset: the part of chardet the server relies on', () => {
  it('ASCII is certain, unless escapes make chardet try ISO-2022 and HZ', () => {
    expect(guessedCharset(encode('zulip!'), false)).toBe('ascii');
    expect(guessedCharset(Uint8Array.from([0, 7, 14]), false)).toBe('ascii');
    expect(guessedCharset(encode('a\u001b$Bb'), false)).toBeUndefined();
    expect(guessedCharset(encode('a ~{ b'), false)).toBeUndefined();
  });

  it('UTF-8 from two multibyte characters; one is left to the probers the mock lacks; invalid UTF-8 too', () => {
    expect(guessedCharset(encode('é'), false)).toBeUndefined();
    expect(guessedCharset(encode('éé'), false)).toBe('utf-8');
    expect(guessedCharset(Uint8Array.from([0x61, 0xe9, 0x62, 0xe9]), false)).toBeUndefined();
    // A high byte outweighs an escape in the same chunk.
    expect(guessedCharset(encode('\u001bdéjà'), false)).toBe('utf-8');
  });

  it('streamed, it gives up on ASCII at 32 KiB, and stops early once sure of UTF-8', () => {
    expect(guessedCharset(new Uint8Array(32 * 1024 - 1).fill(0x61), true)).toBe('ascii');
    expect(guessedCharset(new Uint8Array(32 * 1024).fill(0x61), true)).toBeUndefined();
    expect(guessedCharset(new Uint8Array(32 * 1024).fill(0x61), false)).toBe('ascii');
    // Five multibyte characters in the first chunk, an invalid byte in the second.
    const early = Uint8Array.from([...encode('ééééé'), ...new Uint8Array(4096).fill(0x61), 0xff]);
    expect(guessedCharset(early, true)).toBe('utf-8');
    expect(guessedCharset(early, false)).toBeUndefined();
  });
});

describe('withGuessedCharset (maybe_add_charset)', () => {
  it('adds to text/plain without a charset only', () => {
    const bytes = encode('hi');
    expect(withGuessedCharset('text/plain', bytes, false)).toBe('text/plain; charset="ascii"');
    expect(withGuessedCharset('text/plain; CHARSET=big5', bytes, false)).toBe('text/plain; CHARSET=big5');
    expect(withGuessedCharset('text/plain; charset', bytes, false)).toBe('text/plain; charset');
    expect(withGuessedCharset('text/html', bytes, false)).toBe('text/html');
    expect(withGuessedCharset('a/b/c', bytes, false)).toBe('a/b/c; charset="ascii"');
  });
});
