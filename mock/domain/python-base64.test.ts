import { describe, expect, it } from 'vitest';
import { pythonB64Decode, urlsafeB64EncodeUnpadded } from './python-base64';

const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : new TextDecoder().decode(bytes));

describe("Python's base64.b64decode (not validating), as the server decodes credentials and tokens", () => {
  // Each expectation is what CPython 3.11 answers (undefined: it raises).
  it.each([
    ['aGk=', 'hi'],
    ['aGk', undefined],
    ['aGk==', 'hi'],
    ['a!G.k=', 'hi'],
    ['aG k=\n', 'hi'],
    ['aGk=junk', 'hi'],
    ['a', undefined],
    ['=aGk=', 'hi'],
    ['ab=c', undefined],
    ['YQ==YQ==', 'a'],
    ['aGk=é', undefined],
    ['aGké=', undefined],
    ['', ''],
  ])('%j decodes to %j', (encoded, decoded) => {
    expect(text(pythonB64Decode(encoded))).toBe(decoded);
  });
});

describe("Python's base64.urlsafe_b64encode(data).rstrip(b'=')", () => {
  // What CPython answers.
  it.each([
    [[], ''],
    [[0xfb, 0xff], '-_8'],
    [[0xfb, 0xff, 0xbf], '-_-_'],
    [[0x68, 0x69, 0x21], 'aGkh'],
    [[250, 251, 252, 253, 254, 255], '-vv8_f7_'],
  ])('%j -> %j', (bytes, expected) => {
    expect(urlsafeB64EncodeUnpadded(new Uint8Array(bytes))).toBe(expected);
  });
});
