/**
 * Compares two strings as Python's `<` and `sorted` do: by code point. JavaScript's default sort
 * compares UTF-16 units, which puts a character beyond U+FFFF before U+E000..U+FFFF.
 *
 * @example
 * ['\uFF21', '\u{1D400}'].sort(byCodePoint); // ['\uFF21', '\u{1D400}']
 */
export function byCodePoint(a: string, b: string): number {
  const left = [...a].map((char) => char.codePointAt(0) ?? 0);
  const right = [...b].map((char) => char.codePointAt(0) ?? 0);
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}
