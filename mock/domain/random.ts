import { urlsafeB64EncodeUnpadded } from './python-base64';

/** Random bytes from the platform's cryptographic source (Node and browsers alike). */
function randomBytes(count: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(count));
}

/** `count` random bytes as lower-case hex (an upload ID, a temporary URL's token). */
export function randomHex(count: number): string {
  return [...randomBytes(count)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** 18 random bytes as 24 URL-safe base64 characters, like the server's upload path tokens. */
export function randomPathToken(): string {
  return urlsafeB64EncodeUnpadded(randomBytes(18));
}

/** The one- or two-character hex level of an upload path: a random 0..ff, not zero-padded. */
export function randomPathLevel(): string {
  return (randomBytes(1)[0] ?? 0).toString(16);
}

const API_KEY_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A new 32-character alphanumeric API key, as the server generates one. */
export function randomApiKey(): string {
  // 248 is the largest multiple of 62 below 256: rejecting higher bytes keeps every character equally likely.
  let key = '';
  while (key.length < 32) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && key.length < 32) key += API_KEY_ALPHABET[byte % 62];
    }
  }
  return key;
}

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * Bytes in RFC 4648 base32 (Python's `b32encode`) without its `=` padding; whole 5-byte groups,
 * which every random value the server encodes is, have none.
 */
export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    // Only the bits not yet written are kept, so `value` never outgrows 32 bits.
    value = ((value & 0xff) << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return text;
}

/** `count` random bytes in base32 (`b32encode(secrets.token_bytes(count))`, unpadded). */
export function randomBase32(count: number): string {
  return base32(randomBytes(count));
}

/** A confirmation key as the server makes one: 15 random bytes in lower-case base32, 24 characters. */
export function randomConfirmationKey(): string {
  return randomBase32(15).toLowerCase();
}

/** A uniformly drawn integer from `low` to `high` inclusive (Python's `random.randint`), below 2**53. */
export function randomInteger(low: number, high: number): number {
  const span = high - low + 1;
  const limit = Math.floor(2 ** 53 / span) * span;
  for (;;) {
    const [upper = 0, lower = 0] = crypto.getRandomValues(new Uint32Array(2));
    const drawn = (upper >>> 11) * 2 ** 32 + lower;
    if (drawn < limit) return low + (drawn % span);
  }
}

const TEMP_NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789_';

/** `count` characters of Python's temporary file names (`tempfile.mkdtemp`). */
export function randomTempName(count: number): string {
  return [...randomBytes(count)].map((byte) => TEMP_NAME_ALPHABET[byte % TEMP_NAME_ALPHABET.length]).join('');
}
