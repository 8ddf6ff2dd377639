import { describe, expect, it } from 'vitest';
import { JsonFloat } from './orjson';
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
  it('writes a float read from JSON as a float', () => {
    expect(pythonJsonDumps({ a: new JsonFloat(1), b: 1, c: new JsonFloat(1e16) })).toBe('{"a": 1.0, "b": 1, "c": 1e+16}');
  });
});
