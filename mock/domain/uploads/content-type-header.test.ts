import { describe, expect, it } from 'vitest';
import { bareContentType, formatContentType, hasContentTypeParam, parsePartContentType } from './content-type-header';

describe('content types as Django reads them and Python writes them', () => {
  it('parses a part type: quoted semicolons, escapes, RFC 2231 values (a byte-order mark kept), valueless names dropped', () => {
    const { type, params } = parsePartContentType('Text/Plain; A="x;y \\"z\\""; n*=utf-8\'\'%EF%BB%BF%C3%A9; bare; b=1; B=2');
    expect(type).toBe('text/plain');
    expect([...params]).toEqual([
      ['a', 'x;y "z"'],
      ['n', '\ufeffé'],
      ['b', '2'],
    ]);
  });

  it('writes parameters quoted, `_` as `-`, non-ASCII in the RFC 2231 form, empty ones bare', () => {
    const params = new Map([['a_b', 'x"y'], ['n', 'é'], ['e', '']]);
    expect(formatContentType('text/plain', params)).toBe('text/plain; a-b="x\\"y"; n*=utf-8\'\'%C3%A9; e');
  });

  it('reads the bare type and a charset as Python\'s email package does', () => {
    expect(bareContentType(' Image/PNG ; x=1')).toBe('image/png');
    expect(bareContentType('a/b/c')).toBe('text/plain');
    expect(hasContentTypeParam('text/plain; Charset*=utf-8\'\'x', 'charset')).toBe(true);
    expect(hasContentTypeParam('text/plain; x="a;charset=b"', 'charset')).toBe(false);
  });
});
