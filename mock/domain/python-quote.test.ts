import { describe, expect, it } from 'vitest';
import { pythonQuote } from './python-quote';

describe("Python's urllib.parse.quote", () => {
  it('keeps letters, digits, _.-~ and the safe characters; escapes the rest as UTF-8 bytes', () => {
    expect(pythonQuote("/a b/(1)!'*.txt")).toBe('/a%20b/%281%29%21%27%2A.txt');
    expect(pythonQuote('áé~', '')).toBe('%C3%A1%C3%A9~');
    expect(pythonQuote('/x%20y', '')).toBe('%2Fx%2520y');
    expect(pythonQuote("a:@&+$,!*'()b", "/:@&+$,-_.!~*'()")).toBe("a:@&+$,!*'()b");
  });
});
