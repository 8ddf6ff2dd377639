/** A linkifier pattern that cannot be compiled; `reason` is worded as the server's regex library words it. */
export class BadPattern extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

const compiled = new Map<string, RegExp>();

// JavaScript's wording of a syntax error, and the server's (RE2's) wording of the same mistake.
function serverReason(pattern: string, error: Error): string {
  if (/Unterminated group/.test(error.message)) return `missing ): ${pattern}`;
  if (/Nothing to repeat/.test(error.message)) {
    const operator = /[*+?]{2,}/.exec(pattern.replace(/\(\?/g, '  '))?.[0] ?? '';
    return `bad repetition operator: ${operator}`;
  }
  if (/Unmatched '\)'/.test(error.message)) return `unexpected ): ${pattern}`;
  if (/Unterminated character class/.test(error.message)) return `missing ]: ${pattern}`;
  return error.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
}

/**
 * The pattern as a global JavaScript regular expression: Python's named groups `(?P<name>...)`
 * and back-references `(?P=name)` rewritten to JavaScript's. Throws {@link BadPattern}.
 */
export function linkifierRegExp(pattern: string): RegExp {
  const cached = compiled.get(pattern);
  if (cached) return new RegExp(cached);
  const source = pattern.replace(/\(\?P<(\w+)>/g, '(?<$1>').replace(/\(\?P=(\w+)\)/g, '\\k<$1>');
  let regExp: RegExp;
  try {
    regExp = new RegExp(source, 'g');
  } catch (error) {
    throw new BadPattern(serverReason(pattern, error as Error));
  }
  compiled.set(pattern, regExp);
  return new RegExp(regExp);
}

/** The names of a pattern's named groups. */
export function groupNames(pattern: string): Set<string> {
  return new Set([...pattern.matchAll(/\(\?P<(\w+)>/g)].map((match) => match[1] ?? ''));
}
