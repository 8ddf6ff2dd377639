import { hmac } from '@noble/hashes/hmac.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The path a Camo URL ends with (the server's `generate_camo_url`): the HMAC-SHA1 of the URL's
 * UTF-8 bytes under the key, in hex, `/`, and those bytes in hex. Synchronous, as rendering is.
 *
 * @example
 * camoPath('https://www.google.com/images/srpr/logo4w.png', 'dummy');
 * // '56c362a24201593891955ff526b3b412c0f9fcd2/68747470733a2f2f...706e67'
 */
export function camoPath(url: string, key: string): string {
  const bytes = utf8ToBytes(url);
  return `${bytesToHex(camoMac(bytes, key))}/${bytesToHex(bytes)}`;
}

/** The HMAC-SHA1 of a URL's bytes under the key: what signs a Camo URL (and what go-camo checks). */
export function camoMac(urlBytes: Uint8Array, key: string): Uint8Array {
  return hmac(sha1, utf8ToBytes(key), urlBytes);
}
