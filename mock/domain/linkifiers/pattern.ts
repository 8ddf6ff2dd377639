import { RE2JS, RE2JSException, RE2JSSyntaxException } from 're2js';
import { type Re2Source, re2Source } from './re2-source';

/** A linkifier pattern that RE2 refuses; `reason` is RE2's error text (`missing ): (foo`). */
export class BadPattern extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** A pattern compiled as the server compiles it with RE2. */
export interface Re2Pattern {
  readonly regExp: RE2JS;
  /** The pattern's group names, as RE2's `groupindex` has them (a name given twice once). */
  readonly groupNames: ReadonlySet<string>;
  /** For each original name, the number of the leftmost group of that name (the value RE2 reports). */
  readonly groupNumbers: ReadonlyMap<string, number>;
}

// re2js words its errors as Go's regexp/syntax; RE2 (C++) as its kRegexp* codes.
const RE2_WORDING: Readonly<Record<string, string>> = {
  'invalid character class range': 'invalid character class range',
  'invalid escape sequence': 'invalid escape sequence',
  'invalid named capture': 'invalid named capture group',
  'invalid or unsupported Perl syntax': 'invalid perl operator',
  'invalid nested repetition operator': 'bad repetition operator',
  'invalid repeat count': 'invalid repetition size',
  'missing closing ]': 'missing ]',
  'missing closing )': 'missing )',
  'missing argument to repetition operator': 'no argument for repetition operator',
  'trailing backslash at end of expression': 'trailing \\',
  'unexpected )': 'unexpected )',
};
// Errors RE2 reports with the whole pattern as their argument.
const WHOLE_PATTERN = new Set(['missing closing )', 'unexpected )']);
// RE2 refuses what is too big to compile (Go's parser limits nesting and size instead).
const TOO_LARGE = 'pattern too large - compile failed';
// Ends a source where RE2 refuses a named group: re2js stops there with this error.
const SENTINEL = '(?P<>';

function re2Reason(error: unknown, pattern: string, { refusal, endsInClass }: Re2Source): string {
  if (error instanceof RE2JSSyntaxException) {
    if (refusal !== undefined && error.input === SENTINEL) return refusal;
    // RE2 reads `\p` ending an unclosed class as an escape, not as a Unicode class.
    if (endsInClass && error.error === 'invalid character class range' && (error.input === '\\p' || error.input === '\\P')) {
      return `invalid escape sequence: ${error.input}`;
    }
    const wording = RE2_WORDING[error.error];
    if (wording === undefined) return TOO_LARGE;
    if (error.input === null) return wording;
    return `${wording}: ${WHOLE_PATTERN.has(error.error) ? pattern : error.input}`;
  }
  if (error instanceof RE2JSException) return TOO_LARGE;
  throw error;
}

/** Compilations by pattern, forgotten past this many (patterns come from requests). */
const CACHED_PATTERNS = 1_000;
const compiled = new Map<string, Re2Pattern | BadPattern>();

/** Compiles a pattern as RE2 does, once per pattern. Throws {@link BadPattern} with RE2's reason. */
export function compileRe2(pattern: string): Re2Pattern {
  let result = compiled.get(pattern);
  if (result === undefined) {
    const read = re2Source(pattern);
    const { source, names, refusal } = read;
    try {
      const regExp = RE2JS.compile(refusal === undefined ? source : source + SENTINEL);
      if (refusal !== undefined) throw new BadPattern(refusal);
      const numbers = regExp.namedGroups() as Record<string, number>;
      const groupNumbers = new Map<string, number>();
      names.forEach((name, index) => {
        const number = numbers[`g${index}`];
        if (number !== undefined && !groupNumbers.has(name)) groupNumbers.set(name, number);
      });
      result = { regExp, groupNames: new Set(names), groupNumbers };
    } catch (error) {
      result = error instanceof BadPattern ? error : new BadPattern(re2Reason(error, pattern, read));
    }
    if (compiled.size >= CACHED_PATTERNS) compiled.clear();
    compiled.set(pattern, result);
  }
  if (result instanceof BadPattern) throw result;
  return result;
}
