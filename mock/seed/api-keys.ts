const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A 32-character API key derived from a text (the user's email), so a seeded user's key is
 * the same in every run and can be written into test fixtures and curl examples.
 */
export function deterministicApiKey(seedText: string): string {
  // FNV-1a for the seed, then a xorshift stream for the characters.
  let state = 0x811c9dc5;
  for (let index = 0; index < seedText.length; index++) {
    state ^= seedText.charCodeAt(index);
    state = Math.imul(state, 0x01000193) >>> 0;
  }
  let key = '';
  for (let index = 0; index < 32; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    key += ALPHABET[state % ALPHABET.length];
  }
  return key;
}
