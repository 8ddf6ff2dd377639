import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** The salt of Django's `Signer()` made without one: its module and class name. */
const SIGNER_SALT = 'django.core.signing.Signer';

/** URL-safe base64 without padding (Django's `b64_encode`). */
function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * Python's `json.dumps(value, separators=(",", ":"))` (Django's `JSONSerializer`): compact, every
 * character outside printable ASCII escaped with lower-case hex.
 */
function compactPythonJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Django's `Signer().sign_object(value)` with `SECRET_KEY = secretKey`: the value as compact JSON in
 * URL-safe base64, `:`, and its HMAC-SHA256 under a key derived from the salt and the secret
 * (`salted_hmac`), also URL-safe base64. Key order is the object's, as Python keeps a dict's.
 *
 * @example
 * signObject({ meeting_id: 'zulip-1' }, 'secret'); // 'eyJtZWV0aW5nX2lkIjoienVsaXAtMSJ9:...'
 */
export function signObject(value: unknown, secretKey: string): string {
  const payload = base64Url(utf8ToBytes(compactPythonJson(value)));
  const key = sha256(utf8ToBytes(`${SIGNER_SALT}signer${secretKey}`));
  return `${payload}:${base64Url(hmac(sha256, key, utf8ToBytes(payload)))}`;
}
