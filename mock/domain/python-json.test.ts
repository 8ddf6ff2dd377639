import { describe, expect, it } from 'vitest';
import { pythonJsonDumps } from './python-json';

describe("Python's json.dumps", () => {
  // What CPython answers.
  const value = { a: [1, 'é\u007f'], b: { c: null } };
  it('with its default separators and ensure_ascii', () => {
    expect(pythonJsonDumps(value)).toBe('{"a": [1, "\\u00e9\\u007f"], "b": {"c": null}}');
  });
  it('with separators=(",", ":")', () => {
    expect(pythonJsonDumps(value, [',', ':'])).toBe('{"a":[1,"\\u00e9\\u007f"],"b":{"c":null}}');
  });
});
