const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Each ASCII code's value in the base64 alphabet, or -1. */
const VALUES = new Int8Array(128).fill(-1);
for (let index = 0; index < ALPHABET.length; index++) VALUES[ALPHABET.charCodeAt(index)] = index;

const PAD = 0x3d;
const NON_ASCII = /[^\0-\x7f]/;

/**
 * Python's `base64.b64decode(text)` as the server calls it (not validating): characters outside
 * the alphabet are skipped, decoding stops at the padding that completes a group, and `=` where
 * no group needs it is skipped too. Undefined where Python raises: non-ASCII text, a last group of
 * one character, missing padding.
 *
 * @example
 * pythonB64Decode('aGk=');  // bytes of "hi"
 * pythonB64Decode('a!Gk='); // the same: "!" is skipped
 * pythonB64Decode('aGk');   // undefined: Python's "Incorrect padding"
 */
export function pythonB64Decode(text: string): Uint8Array | undefined {
  const bytes = new Uint8Array(Math.ceil((text.length * 3) / 4));
  let length = 0;
  // Position in the current group of four, the bits carried to the next byte, and `=` seen in a row.
  let position = 0;
  let carried = 0;
  let pads = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 0x7f) return undefined;
    if (code === PAD) {
      // The group is complete: the rest is not decoded, though Python refuses it if not ASCII.
      if (position >= 2 && position + ++pads >= 4) return NON_ASCII.test(text.slice(index)) ? undefined : bytes.subarray(0, length);
      continue;
    }
    const value = VALUES[code] as number;
    if (value < 0) continue;
    pads = 0;
    if (position === 0) carried = value;
    else if (position === 1) bytes[length++] = (carried << 2) | (value >> 4);
    else if (position === 2) bytes[length++] = ((carried & 0x0f) << 4) | (value >> 2);
    else bytes[length++] = ((carried & 0x03) << 6) | value;
    if (position > 0) carried = value;
    position = (position + 1) % 4;
  }
  return position === 0 ? bytes.subarray(0, length) : undefined;
}

/**
 * Python's `base64.urlsafe_b64encode(data).rstrip(b"=")`: URL-safe base64 without padding, as
 * Django's `b64_encode` and `secrets.token_urlsafe` write bytes.
 *
 * @example
 * urlsafeB64EncodeUnpadded(new Uint8Array([0xfb, 0xff])); // '-_8'
 */
export function urlsafeB64EncodeUnpadded(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
