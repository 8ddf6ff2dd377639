/**
 * Characters Python's `str.strip()`, `str.rstrip()` and `str.split()` take for whitespace when given no argument (its
 * `str.isspace()`): Unicode White_Space plus the file, group, record and unit separators
 * (U+001C..U+001F). JavaScript's `trim()` differs: it removes U+FEFF and keeps U+0085 and the separators.
 */
const PYTHON_WHITESPACE = new Set(
  [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000].concat(
    Array.from({ length: 11 }, (_, index) => 0x2000 + index),
  ),
);

/** Whether a UTF-16 code unit is whitespace to Python's `str.isspace()` (and a pattern's `\s`). */
export const isPythonWhitespace = (code: number): boolean => PYTHON_WHITESPACE.has(code);

/**
 * Python's whitespace as the body of a regular-expression class: what `\s` matches in a Python
 * pattern on text (`[${PYTHON_WHITESPACE_CLASS}]`), where JavaScript's `\s` differs as `trim()` does.
 */
export const PYTHON_WHITESPACE_CLASS = [...PYTHON_WHITESPACE].map((code) => `\\u${code.toString(16).padStart(4, '0')}`).join('');

/** Unicode White_Space: what pydantic's `strip_whitespace` removes (Python's set without U+001C..U+001F). */
const UNICODE_WHITESPACE = new Set([...PYTHON_WHITESPACE].filter((code) => code < 0x1c || code > 0x1f));

// Every character of both sets is one UTF-16 code unit, so the ends are scanned by code unit.
function stripped(text: string, spaces: ReadonlySet<number>, left: boolean, right: boolean): string {
  let start = 0;
  let end = text.length;
  if (left) while (start < end && spaces.has(text.charCodeAt(start))) start += 1;
  if (right) while (end > start && spaces.has(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(start, end);
}

/**
 * Python's `text.strip()`.
 *
 * @example
 * pythonStrip('\u001c hi\ufeff '); // 'hi\ufeff'
 */
export function pythonStrip(text: string): string {
  return stripped(text, PYTHON_WHITESPACE, true, true);
}

/**
 * Python's `text.rstrip()`.
 *
 * @example
 * pythonRstrip(' hi\u0085'); // ' hi'
 */
export function pythonRstrip(text: string): string {
  return stripped(text, PYTHON_WHITESPACE, false, true);
}

/**
 * Python's `text.split()`: the words between runs of its whitespace, none empty.
 *
 * @example
 * pythonSplit('  Basic\u001f abc '); // ['Basic', 'abc']
 */
export function pythonSplit(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let index = 0; index <= text.length; index++) {
    if (index < text.length && !PYTHON_WHITESPACE.has(text.charCodeAt(index))) {
      if (start < 0) start = index;
    } else if (start >= 0) {
      words.push(text.slice(start, index));
      start = -1;
    }
  }
  return words;
}

/**
 * What a parameter declared with pydantic's `strip_whitespace=True` holds: Unicode White_Space
 * removed at both ends.
 *
 * @example
 * pydanticStrip('\u0085hi\u001c'); // 'hi\u001c'
 */
export function pydanticStrip(text: string): string {
  return stripped(text, UNICODE_WHITESPACE, true, true);
}
