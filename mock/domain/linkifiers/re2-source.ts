/**
 * A pattern read as RE2 reads it (the server's google-re2 1.1.20240702, RE2 2024-07-02), turned
 * into a source for `re2js`, a port of Go's parser, where the two differ:
 *
 * - named groups: RE2 allows a name twice (the leftmost group counts) and names of Unicode
 *   letters, marks, digits and connector punctuation; it calls look-behind `(?<=` and a pattern
 *   ending in `(?<` or `(?P<` invalid Perl operators. Every named group becomes `g<index>`.
 * - `\C` (any byte) is valid in RE2 and becomes `(?s:.)`.
 * - a counted repetition: RE2 reports a stacked operator before a bad count, includes a `?`
 *   that follows in the error, and reads a count of 10 digits or more as literal text.
 *
 * What RE2 refuses here ends the source, with RE2's reason; re2js must not report anything
 * earlier for the refusal to stand (the caller checks).
 */

/** A pattern's source for re2js, and what RE2 makes of its named groups. */
export interface Re2Source {
  /** The pattern for re2js, up to what RE2 refuses. */
  readonly source: string;
  /** The original name of each renamed group `g<index>`, by index. */
  readonly names: readonly string[];
  /** RE2's reason for refusing the pattern where the source ends, when it does. */
  readonly refusal?: string;
  /** The pattern ends inside a character class that never closes. */
  readonly endsInClass: boolean;
}

// RE2's IsValidCaptureName: the categories Lu, Ll, Lt, Lm, Lo, Nl, Mn, Mc, Nd and Pc.
const CAPTURE_NAME = /^[\p{Lu}\p{Ll}\p{Lt}\p{Lm}\p{Lo}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]+$/u;
const MAXIMUM_REPEAT_COUNT = 1000;

/**
 * Where an escape sequence starting at `at` (a backslash) ends: `\Q...\E`, `\p{...}`, `\x{...}`,
 * `\pL`, `\xHH` or two characters (RE2's error for a bad one quotes the characters it read).
 */
function escapeEnd(pattern: string, at: number, inClass: boolean): number {
  const next = pattern.charAt(at + 1);
  if (next === 'Q' && !inClass) {
    const end = pattern.indexOf('\\E', at + 2);
    return end < 0 ? pattern.length : end + 2;
  }
  if ((next === 'p' || next === 'P' || next === 'x') && pattern.charAt(at + 2) === '{') {
    const close = pattern.indexOf('}', at + 3);
    return close < 0 ? pattern.length : close + 1;
  }
  const length = next === 'x' ? 4 : next === 'p' || next === 'P' ? 3 : 2;
  return Math.min(at + length, pattern.length);
}

/** Where a character class starting at `at` (a `[`) ends, as RE2 reads it (a first `]` is literal), and whether it closes. */
function characterClass(pattern: string, at: number): { end: number; closed: boolean } {
  let index = pattern.charAt(at + 1) === '^' ? at + 2 : at + 1;
  let first = true;
  while (index < pattern.length && (pattern.charAt(index) !== ']' || first)) {
    first = false;
    const character = pattern.charAt(index);
    if (character === '[' && pattern.charAt(index + 1) === ':' && index + 2 < pattern.length) {
      const close = pattern.indexOf(':]', index + 2);
      if (close >= 0) {
        index = close + 2;
        continue;
      }
    }
    index = character === '\\' ? escapeEnd(pattern, index, true) : index + 1;
  }
  return index < pattern.length ? { end: index + 1, closed: true } : { end: pattern.length, closed: false };
}

type Opener =
  | { readonly kind: 'named'; readonly name: string; readonly end: number }
  | { readonly kind: 'flags'; readonly end: number }
  | { readonly kind: 'refused'; readonly reason: string };

/** Where RE2's flag group (`(?i)`, `(?s-m:`) starting at `at` ends; the end of the pattern when RE2 refuses it (re2js words that the same). */
function flagsEnd(pattern: string, at: number): number {
  let negated = false;
  let sawFlags = false;
  for (let index = at + 2; index < pattern.length; index++) {
    const character = pattern.charAt(index);
    if ('imsU'.includes(character)) sawFlags = true;
    else if (character === '-' && !negated) [negated, sawFlags] = [true, false];
    else if ((character === ':' || character === ')') && !(negated && !sawFlags)) return index + 1;
    else break;
  }
  return pattern.length;
}

/** What RE2's ParsePerlFlags makes of the `(?` at `at`. */
function opener(pattern: string, at: number): Opener {
  const rest = pattern.slice(at);
  const third = rest.charAt(2);
  if ((rest.length > 3 && (third === '=' || third === '!')) || (rest.length > 4 && third === '<' && (rest.charAt(3) === '=' || rest.charAt(3) === '!'))) {
    return { kind: 'refused', reason: `invalid perl operator: ${rest.slice(0, third === '<' ? 4 : 3)}` };
  }
  const python = third === 'P' && rest.charAt(3) === '<';
  if ((python && rest.length > 4) || (third === '<' && rest.length > 3)) {
    const begin = python ? 4 : 3;
    const end = rest.indexOf('>', begin);
    if (end < 0) return { kind: 'refused', reason: `invalid named capture group: ${rest}` };
    const name = rest.slice(begin, end);
    if (!CAPTURE_NAME.test(name)) return { kind: 'refused', reason: `invalid named capture group: ${rest.slice(0, end + 1)}` };
    return { kind: 'named', name, end: at + end + 1 };
  }
  // `(?<` or `(?P<` ending the pattern reach the flags loop, which stops at `<` or `P`.
  if (python || third === '<') return { kind: 'refused', reason: `invalid perl operator: ${rest.slice(0, 3)}` };
  return { kind: 'flags', end: flagsEnd(pattern, at) };
}

/** RE2's ParseInteger: digits without a leading zero, fewer than 10 of them. */
function integerAt(pattern: string, at: number): { value: number; end: number } | undefined {
  const digits = /^\d+/.exec(pattern.slice(at))?.[0] ?? '';
  if (digits === '' || (digits.length >= 2 && digits.startsWith('0')) || digits.length >= 10) return undefined;
  return { value: Number(digits), end: at + digits.length };
}

/** RE2's MaybeParseRepetition at a `{`: the counts and the end (a `?` after it included), or undefined for a literal `{`. */
function repetitionAt(pattern: string, at: number): { min: number; max: number; end: number } | undefined {
  const low = integerAt(pattern, at + 1);
  if (!low) return undefined;
  let max = low.value;
  let index = low.end;
  if (pattern.charAt(index) === ',') {
    index++;
    if (pattern.charAt(index) === '}') max = -1;
    else {
      const high = integerAt(pattern, index);
      if (!high) return undefined;
      [max, index] = [high.value, high.end];
    }
  }
  if (pattern.charAt(index) !== '}') return undefined;
  index++;
  if (pattern.charAt(index) === '?') index++;
  return { min: low.value, max, end: index };
}

/** The pattern's source for re2js and its named groups, as RE2 reads them. */
export function re2Source(pattern: string): Re2Source {
  let source = '';
  const names: string[] = [];
  let index = 0;
  // Where the repetition operator just before began (RE2's `lastunary`), or -1.
  let lastUnary = -1;
  let endsInClass = false;
  while (index < pattern.length) {
    const character = pattern.charAt(index);
    let end = index + 1;
    let replacement: string | undefined;
    let unary = -1;
    if (character === '\\') {
      end = escapeEnd(pattern, index, false);
      if (pattern.charAt(index + 1) === 'C') replacement = '(?s:.)';
    } else if (character === '[') {
      const found = characterClass(pattern, index);
      end = found.end;
      endsInClass = !found.closed;
    } else if (character === '(' && pattern.charAt(index + 1) === '?') {
      const found = opener(pattern, index);
      if (found.kind === 'refused') return { source, names, refusal: found.reason, endsInClass: false };
      end = found.end;
      if (found.kind === 'named') {
        replacement = `(?P<g${names.length}>`;
        names.push(found.name);
      }
    } else if (character === '*' || character === '+' || character === '?') {
      unary = index;
      if (pattern.charAt(end) === '?') end++;
    } else if (character === '{') {
      const repetition = repetitionAt(pattern, index);
      if (!repetition) {
        replacement = '\\{';
      } else {
        const { min, max, end: after } = repetition;
        const badCount = min > MAXIMUM_REPEAT_COUNT || max > MAXIMUM_REPEAT_COUNT || (max !== -1 && max < min);
        if (badCount && lastUnary >= 0) return { source, names, refusal: `bad repetition operator: ${pattern.slice(lastUnary, after)}`, endsInClass: false };
        if (badCount) return { source, names, refusal: `invalid repetition size: ${pattern.slice(index, after)}`, endsInClass: false };
        unary = index;
        end = after;
      }
    }
    source += replacement ?? pattern.slice(index, end);
    lastUnary = unary;
    index = end;
  }
  return { source, names, endsInClass };
}
