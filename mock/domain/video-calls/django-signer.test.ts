import { describe, expect, it } from 'vitest';
import { signObject } from './django-signer';

// Vectors from Django's own `Signer().sign_object(...)` (django.core.signing, HMAC-SHA256), run
// with the SECRET_KEY shown: the mock's signature must match the server's byte for byte.
describe("Django's Signer.sign_object", () => {
  it('signs compact JSON in URL-safe base64 with the salted HMAC-SHA256 of the secret key', () => {
    expect(
      signObject({ meeting_id: 'zulip-1', name: 'general > meeting', lock_settings_disable_cam: false, moderator: 10 }, 'teamchat-mock-secret-key'),
    ).toBe(
      'eyJtZWV0aW5nX2lkIjoienVsaXAtMSIsIm5hbWUiOiJnZW5lcmFsID4gbWVldGluZyIsImxvY2tfc2V0dGluZ3NfZGlzYWJsZV9jYW0iOmZhbHNlLCJtb2RlcmF0b3IiOjEwfQ' +
        ':SRPGboNMtKBEVYftE773FIaGJQVyIjZL__Tc8jLx_hs',
    );
  });

  it('escapes what Python escapes (non-ASCII, DEL, surrogate pairs, quotes, newlines) before signing', () => {
    const value = { meeting_id: 'zulip-123456789012', name: 'Café ☕ 😀 "quoted"\n\u007f', lock_settings_disable_cam: true, moderator: 1003 };
    expect(signObject(value, 'teamchat-mock-secret-key')).toBe(
      'eyJtZWV0aW5nX2lkIjoienVsaXAtMTIzNDU2Nzg5MDEyIiwibmFtZSI6IkNhZlx1MDBlOSBcdTI2MTUgXHVkODNkXHVkZTAwIFwicXVvdGVkXCJcblx1MDA3ZiIsImxvY2tfc2V0dGluZ3NfZGlzYWJsZV9jYW0iOnRydWUsIm1vZGVyYXRvciI6MTAwM30' +
        ':uHREeusGHKlC1hJEMZ7Z_UxA90PX4bAEFOXoRgpI8g0',
    );
  });

  it('depends on the secret key (the older payload with a password, another key)', () => {
    expect(signObject({ meeting_id: 'zulip-999999999999', name: '', password: 'A'.repeat(32) }, 'another secret')).toBe(
      'eyJtZWV0aW5nX2lkIjoienVsaXAtOTk5OTk5OTk5OTk5IiwibmFtZSI6IiIsInBhc3N3b3JkIjoiQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUEifQ' +
        ':BuSnQbRyeeXms7dyIjz0sB34DTv0_ktyzvqYewEM5DM',
    );
  });
});
