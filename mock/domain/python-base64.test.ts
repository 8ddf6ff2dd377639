import { describe, expect, it } from 'vitest';
import { pythonB64Decode } from './python-base64';

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
