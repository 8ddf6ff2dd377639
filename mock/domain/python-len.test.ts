import { describe, expect, it } from 'vitest';
import { pythonLength } from './python-len';

describe("Python's len() of a str", () => {
  it('counts code points: a character outside the BMP is one, a combining mark its own', () => {
    expect(pythonLength('ok 👍')).toBe(4);
    expect(pythonLength('👨‍👩‍👧')).toBe(5);
    expect(pythonLength('e\u0301')).toBe(2);
    expect(pythonLength('')).toBe(0);
  });
});
