import { describe, expect, it } from 'vitest';
import { pythonBytesRepr, pythonStrRepr } from './python-repr';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('pythonStrRepr', () => {
  it('quotes as Python does', () => {
    expect(pythonStrRepr('true')).toBe("'true'");
    expect(pythonStrRepr("this isn't valid json")).toBe('"this isn\'t valid json"');
    expect(pythonStrRepr(`it's "x"`)).toBe(`'it\\'s "x"'`);
    expect(pythonStrRepr('{"content": "whatever", "widget_content": "test"}')).toBe('\'{"content": "whatever", "widget_content": "test"}\'');
  });
  it('escapes what is not printable and keeps the rest', () => {
    expect(pythonStrRepr('a\nb\t\\é\u0000\u00a0\u200b😀')).toBe("'a\\nb\\t\\\\é\\x00\\xa0\\u200b😀'");
  });
});

describe('pythonBytesRepr', () => {
  it('writes bytes as Python does', () => {
    expect(pythonBytesRepr(bytes('{"error": "x"}'))).toBe('b\'{"error": "x"}\'');
    expect(pythonBytesRepr(bytes("it's"))).toBe('b"it\'s"');
    expect(pythonBytesRepr(bytes('é\n'))).toBe("b'\\xc3\\xa9\\n'");
  });
});
