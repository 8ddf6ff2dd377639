/**
 * What Python's `len()` gives for a `str`: its code points. The server's length limits count
 * these, so a character outside the Basic Multilingual Plane (most emoji) is one character there,
 * where JavaScript's `length` counts two UTF-16 units.
 *
 * @example
 * pythonLength('ok 👍'); // 4 (`'ok 👍'.length` is 5)
 */
export function pythonLength(text: string): number {
  return [...text].length;
}
