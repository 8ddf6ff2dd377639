import { pydanticStrip } from './python-strip';
/** The value of a Unicode decimal digit: its place in its run of digits (runs start at zero). */
function digitValue(codePoint: number): number {
  let start = codePoint;
  while (start > 0 && /\p{Nd}/u.test(String.fromCodePoint(start - 1))) start -= 1;
  return (codePoint - start) % 10;
}

const PYTHON_INT = /^[+-]?\p{Nd}+(?:_\p{Nd}+)*$/u;

/**
 * Reads text as Python's `int()` does, which the server uses on some string parameters: spaces
 * around it, a sign, any Unicode decimal digits, single underscores between digits. `undefined`
 * where Python raises `ValueError`.
 */
export function parsePythonInt(text: string): number | undefined {
  // int() strips Unicode White_Space (U+0085 and U+3000, not U+FEFF nor U+001C..U+001F as strip() does).
  const trimmed = pydanticStrip(text);
  if (!PYTHON_INT.test(trimmed)) return undefined;
  let value = 0;
  for (const character of trimmed.replaceAll('_', '')) {
    if (character === '+' || character === '-') continue;
    value = value * 10 + digitValue(character.codePointAt(0) ?? 0);
  }
  return trimmed.startsWith('-') ? -value : value;
}
