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
  return btoa(String.fromCharCode(...randomBytes(18))).replaceAll('+', '-').replaceAll('/', '_');
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

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A confirmation key as the server makes one: 15 random bytes in lower-case base32, 24 characters. */
export function randomConfirmationKey(): string {
  let bits = 0;
  let value = 0;
  let key = '';
  for (const byte of randomBytes(15)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      key += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return key;
}

const TEMP_NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789_';

/** `count` characters of Python's temporary file names (`tempfile.mkdtemp`). */
export function randomTempName(count: number): string {
  return [...randomBytes(count)].map((byte) => TEMP_NAME_ALPHABET[byte % TEMP_NAME_ALPHABET.length]).join('');
}
