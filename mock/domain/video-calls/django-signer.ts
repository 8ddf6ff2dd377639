import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { urlsafeB64EncodeUnpadded } from '../python-base64';
import { pythonJsonDumps } from '../python-json';

/** The salt of Django's `Signer()` made without one: its module and class name. */
const SIGNER_SALT = 'django.core.signing.Signer';

/**
 * Django's `Signer().sign_object(value)` with `SECRET_KEY = secretKey`: the value as compact JSON in
 * URL-safe base64, `:`, and its HMAC-SHA256 under a key derived from the salt and the secret
 * (`salted_hmac`), also URL-safe base64. Key order is the object's, as Python keeps a dict's.
 *
 * @example
 * signObject({ meeting_id: 'zulip-1' }, 'secret'); // 'eyJtZWV0aW5nX2lkIjoienVsaXAtMSJ9:...'
 */
export function signObject(value: unknown, secretKey: string): string {
  // Django's `JSONSerializer`: compact JSON, non-ASCII escaped.
  const payload = urlsafeB64EncodeUnpadded(utf8ToBytes(pythonJsonDumps(value, [',', ':'])));
  const key = sha256(utf8ToBytes(`${SIGNER_SALT}signer${secretKey}`));
  return `${payload}:${urlsafeB64EncodeUnpadded(hmac(sha256, key, utf8ToBytes(payload)))}`;
}
