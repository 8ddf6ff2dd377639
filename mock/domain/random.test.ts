import { describe, expect, it } from 'vitest';
import { base32, randomBase32, randomConfirmationKey } from './random';

describe('base32', () => {
  // RFC 4648's test vectors, without the `=` padding.
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('encodes %j as %j', (text, expected) => {
    expect(base32(new TextEncoder().encode(text))).toBe(expected);
  });

  it('keeps every bit of long input', () => {
    expect(base32(new Uint8Array(20).fill(0xff))).toBe('7'.repeat(32));
  });

  it('draws the server\'s random keys: 20 bytes in 32 characters, confirmation keys in 24 lower-case ones', () => {
    expect(randomBase32(20)).toMatch(/^[A-Z2-7]{32}$/);
    expect(randomConfirmationKey()).toMatch(/^[a-z2-7]{24}$/);
  });
});
