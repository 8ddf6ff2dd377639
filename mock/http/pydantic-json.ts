import { isFloatSource, parseJsonWithSource, type SourceReviver } from '../domain/json-source';
import { LONE_SURROGATE } from '../domain/orjson';
import { standInFor } from './oversized-integers';

/** A character that may stand right before a JSON value: where `NaN` or `Infinity` can be one. */
const VALUE_START = new Set(['', ' ', '\t', '\n', '\r', '[', ',', ':']);

/** A character that would run on into a word, so that the word is no literal (`Infinity5`, `NaNa`). */
const WORD_CHARACTER = /[\w.+-]/;

/** Whether `word` at `index` of `text` stands alone where a value may start (`-` allowed before `Infinity` only). */
function isLiteralAt(text: string, index: number, word: string): boolean {
  let before = text.charAt(index - 1);
  if (before === '-' && word === 'Infinity') before = text.charAt(index - 2);
  return VALUE_START.has(before) && !WORD_CHARACTER.test(text.charAt(index + word.length));
}

/**
 * The text with each `NaN`, `Infinity` and `-Infinity` outside strings written as a number
 * too large for a double (`1e999`), which `JSON.parse` reads as ±Infinity: pydantic's parser
 * reads these words as floats, and a float that is not finite fails every parameter type as NaN
 * does, so the two need not be told apart. Other spellings (`nan`, `-NaN`, `+Infinity`) stay
 * invalid JSON.
 */
function withNonFiniteWordsAsNumbers(text: string): string {
  if (!text.includes('NaN') && !text.includes('Infinity')) return text;
  let result = '';
  let copied = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index++;
      else if (character === '"') inString = false;
      continue;
    }
    if (character === '"') {
      inString = true;
      continue;
    }
    const word = text.startsWith('NaN', index) ? 'NaN' : text.startsWith('Infinity', index) ? 'Infinity' : undefined;
    if (word === undefined || !isLiteralAt(text, index, word)) continue;
    result += `${text.slice(copied, index)}1e999`;
    copied = index + word.length;
    index = copied - 1;
  }
  return result + text.slice(copied);
}

/**
 * What pydantic's parser refuses or reads differently from `JSON.parse`, per value: a lone
 * surrogate escape (`"\ud800"`) makes the text invalid, and an integer beyond 64 bits is still an
 * integer. An integer past exact JavaScript numbers is read as its stand-in ({@link standInFor}),
 * an exact one of its sign: it names no record, bounds and lists of allowed values judge it as they
 * judge the real one, and an error quoting it quotes the integer as sent.
 */
export const pydanticJsonReviver: SourceReviver = (key, value, context) => {
  if (LONE_SURROGATE.test(key) || (typeof value === 'string' && LONE_SURROGATE.test(value))) throw new SyntaxError('lone surrogate');
  if (typeof value !== 'number' || Number.isSafeInteger(value) || !Number.isInteger(value)) return value;
  const source = context?.source;
  if (source !== undefined && isFloatSource(source)) return value;
  // Without the source text (older runtimes) the digits are lost: the largest exact integer stands in.
  return source === undefined ? Math.sign(value) * Number.MAX_SAFE_INTEGER : standInFor(source);
};

/** Whether the text may hold what {@link pydanticJsonReviver} looks at: an escape, or an integer of 16 digits or more. */
function needsReviver(text: string): boolean {
  return text.includes('\\u') || /\d{16}/.test(text);
}

/**
 * Reads the text of a `Json[...]` parameter as pydantic's JSON parser (jiter) does, where it
 * differs from `JSON.parse`: `NaN`, `Infinity` and `-Infinity` are numbers, a lone surrogate
 * escape is invalid, an integer of any size is an integer. `reviver` sees each value after
 * those rules. Throws a `SyntaxError` on text the server refuses as "not valid JSON".
 *
 * @example
 * parsePydanticJson('[1, NaN]'); // [1, Infinity]: "x[1] is not an integer" for a list of integers
 */
export function parsePydanticJson(text: string, reviver?: SourceReviver): unknown {
  const prepared = withNonFiniteWordsAsNumbers(text);
  if (reviver) return parseJsonWithSource(prepared, reviver);
  return needsReviver(text) ? parseJsonWithSource(prepared, pydanticJsonReviver) : JSON.parse(prepared);
}
