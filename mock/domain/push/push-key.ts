import { badRequest } from '../errors';
import { pythonB64Decode } from '../python-base64';

/** What `base64.b64decode(text, validate=True)` accepts before decoding: the alphabet, then padding. */
const STRICT_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The first byte of a key for libsodium's `crypto_secretbox_easy`, the only cryptosystem the server knows. */
const SECRETBOX_PREFIX = 0x31;
/** The prefix byte and a 32-byte secret key. */
const PUSH_KEY_BYTES = 33;

/**
 * The server's `check_push_key` (feature level 432): strict base64 of 33 bytes, the first naming
 * the cryptosystem. (Text that is not ASCII makes the server's decoder raise an error it does not
 * catch, a 500; the mock refuses it with the same message instead.)
 */
export function checkPushKey(pushKey: string): void {
  const bytes = STRICT_BASE64.test(pushKey) ? pythonB64Decode(pushKey) : undefined;
  if (bytes?.length !== PUSH_KEY_BYTES || bytes[0] !== SECRETBOX_PREFIX) throw badRequest('Invalid `push_key`');
}
