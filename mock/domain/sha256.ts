import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The SHA-256 of UTF-8 text, in lower-case hex. Synchronous on purpose: an edit checks
 * `prev_content_sha256` inside one synchronous domain call, so that no other request can change
 * the message between the hash and the edit (Web Crypto's digest is asynchronous).
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
