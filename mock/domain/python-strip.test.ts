import { describe, expect, it } from 'vitest';
import { pydanticStrip, pythonRstrip, pythonSplit, pythonStrip } from './python-strip';

describe("Python's and pydantic's whitespace stripping", () => {
  it("Python's strip takes the separators U+001C..U+001F and U+0085, never U+FEFF", () => {
    expect(pythonStrip('\u001c\u001d\u0085 \u3000hi\u2029\u001e\u001f')).toBe('hi');
    expect(pythonStrip('\ufeffhi\ufeff')).toBe('\ufeffhi\ufeff');
    expect(pythonRstrip(' \u001chi\u0085\u00a0')).toBe(' \u001chi');
  });

  it("pydantic's strip_whitespace takes Unicode White_Space: U+0085 but not the separators, nor U+FEFF", () => {
    expect(pydanticStrip('\u0085\u2000hi\u202f\n')).toBe('hi');
    expect(pydanticStrip('\u001chi\u001f')).toBe('\u001chi\u001f');
    expect(pydanticStrip('\ufeff')).toBe('\ufeff');
  });

  it("Python's split() cuts at runs of the same whitespace and drops the ends", () => {
    expect(pythonSplit('  Basic\u001f abc\u0085 ')).toEqual(['Basic', 'abc']);
    expect(pythonSplit('a\ufeffb')).toEqual(['a\ufeffb']);
    expect(pythonSplit(' \t ')).toEqual([]);
  });

  it('keeps whitespace inside the text', () => {
    const text = `a${' '.repeat(200_000)}b${' '.repeat(200_000)}`;
    expect(pythonRstrip(text)).toBe(`a${' '.repeat(200_000)}b`);
  });
});
