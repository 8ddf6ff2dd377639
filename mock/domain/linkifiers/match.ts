import type { LinkifierRecord } from '../../store/linkifiers';
import { compileRe2, type Re2Pattern } from './pattern';
import { expandUrlTemplate } from './url-template-expand';

/** One match of a linkifier: the linked text, its URL, and where the whole match began. */
export interface LinkifierMatch {
  /** Where the match began, the character before the linked text included (the server's `m.start()`). */
  readonly matchStart: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly url: string;
  /** Where the server searches next: the end of the match without the character after the text. */
  readonly next: number;
}

const BEFORE = 'linkifier_before_match';
const OUTER = 'linkifier_actual_match';
const AFTER = 'linkifier_after_match';

/**
 * The server's prepare_linkifier_pattern: the pattern only after the text's start, whitespace (NEL
 * and Unicode separators too) or one of `'"(,:<`, and only before the text's end or anything but
 * a letter or digit, compiled with RE2.
 */
function preparedPattern(pattern: string): Re2Pattern {
  return compileRe2(`(?P<${BEFORE}>^|\\s|\u0085|\\pZ|['"\\(,:<])(?P<${OUTER}>${pattern})(?P<${AFTER}>$|[^\\pL\\pN])`);
}

/**
 * The first match of a linkifier in `subject` at or after `from` (RE2's leftmost-first search;
 * what precedes `from` is context), with its URL expanded from the match's named groups.
 */
export function searchLinkifier(linkifier: LinkifierRecord, subject: string, from: number): LinkifierMatch | undefined {
  const { regExp, groupNumbers } = preparedPattern(linkifier.pattern);
  const matcher = regExp.matcher(subject);
  if (!matcher.find(from)) return undefined;
  const outer = groupNumbers.get(OUTER) ?? 2;
  const values: Record<string, string | null> = {};
  for (const [name, number] of groupNumbers) values[name] = matcher.group(number);
  const [start, end] = [matcher.start(outer), matcher.end(outer)];
  const afterLength = matcher.group(groupNumbers.get(AFTER) ?? 3)?.length ?? 0;
  return {
    matchStart: matcher.start(),
    start,
    end,
    text: subject.slice(start, end),
    url: expandUrlTemplate(linkifier.url_template, values),
    next: matcher.end() - afterLength,
  };
}

/**
 * The link the realm's linkifiers make at the very start of `text` read as a string of its own
 * (the first linkifier, in order, whose pattern matches there; its text may start after one
 * character the pattern reads before it), or undefined: RE2 anchored at the start, so a text with
 * no match there costs no search through it.
 */
export function linkifierMatchAtStart(linkifiers: readonly LinkifierRecord[], text: string): LinkifierMatch | undefined {
  for (const linkifier of linkifiers) {
    const { regExp, groupNumbers } = preparedPattern(linkifier.pattern);
    const matcher = regExp.matcher(text);
    if (!matcher.lookingAt()) continue;
    const outer = groupNumbers.get(OUTER) ?? 2;
    const [start, end] = [matcher.start(outer), matcher.end(outer)];
    // (An empty match links nothing: the server would search the same place again.)
    if (end === start) continue;
    const values: Record<string, string | null> = {};
    for (const [name, number] of groupNumbers) values[name] = matcher.group(number);
    const afterLength = matcher.group(groupNumbers.get(AFTER) ?? 3)?.length ?? 0;
    return { matchStart: 0, start, end, text: text.slice(start, end), url: expandUrlTemplate(linkifier.url_template, values), next: matcher.end() - afterLength };
  }
  return undefined;
}

// What in a pattern may match a `*` or `~`: an escaped `*`, a `~`, `.`, a negated class, or an
// escape of a class or a code (`\S`, `\W`, `\D`, `\pP`, `\x2a`, `\052`, `\Q`, `\C`).
const MAY_MATCH_STAR = /\\\*|~|\.|\[\^|\\[A-Zpx0-7]/;
const ALNUM = /^[A-Za-z0-9]$/;
const mayMatchStarCache = new Map<string, boolean>();

/**
 * Whether a class in the pattern holds a `*`, or a range with an end that is no letter or digit
 * (a letter or digit range holds neither `*` nor `~`).
 */
function classMayHoldStar(pattern: string): boolean {
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    if (char === '\\') index += 1;
    else if (char === '[' && !inClass) {
      inClass = true;
      if (pattern[index + 1] === ']') index += 1;
    } else if (char === ']' && inClass) inClass = false;
    else if (inClass && char === '*') return true;
    else if (inClass && char === '-' && pattern[index - 1] !== '[' && pattern[index + 1] !== ']') {
      if (!ALNUM.test(pattern[index - 1] ?? '') || !ALNUM.test(pattern[index + 1] ?? '')) return true;
    }
  }
  return false;
}

/**
 * Whether a linkifier's match may hold a `*` or `~` (which the server takes before emphasis);
 * conservative: true where unsure. Worked out once per pattern.
 */
export function mayMatchStarOrTilde(pattern: string): boolean {
  let found = mayMatchStarCache.get(pattern);
  if (found === undefined) {
    found = MAY_MATCH_STAR.test(pattern) || classMayHoldStar(pattern);
    mayMatchStarCache.set(pattern, found);
  }
  return found;
}

/** A text cut into plain stretches and links, applying the linkifiers in order (a linked stretch is final). */
export type LinkifiedPiece = string | { readonly text: string; readonly url: string };

// The server replaces a linked stretch with a placeholder `\u0002klzzwxh:0000\u0003` and searches
// the text again: the text after a link follows `\u0003`, the text before one precedes `\u0002`.
const PLACEHOLDER_START = '\u0002';
const PLACEHOLDER_END = '\u0003';

/** The links one linkifier makes in a plain stretch, which may follow or precede a link. */
function linkPlainText(linkifier: LinkifierRecord, text: string, afterLink: boolean, beforeLink: boolean): LinkifiedPiece[] {
  const pieces: LinkifiedPiece[] = [];
  let rest = text;
  let prefix = afterLink ? PLACEHOLDER_END : '';
  const suffix = beforeLink ? PLACEHOLDER_START : '';
  for (;;) {
    const subject = prefix + rest + suffix;
    const match = searchLinkifier(linkifier, subject, prefix.length);
    // An empty match links nothing (the server would search the same place again).
    if (!match || match.end > prefix.length + rest.length || match.end === match.start) break;
    pieces.push(subject.slice(prefix.length, match.start), { text: match.text, url: match.url });
    rest = subject.slice(match.end, prefix.length + rest.length);
    prefix = PLACEHOLDER_END;
  }
  pieces.push(rest);
  return pieces.filter((piece) => piece !== '');
}

/**
 * Applies the realm's linkifiers to a text, each in turn on what the earlier ones left plain.
 * `afterSyntax`: other syntax stands right before the text (a placeholder of the server's, or the
 * `*` or `~` of emphasis, which the server applies after the linkifiers), so no match begins at
 * the text's start.
 */
export function linkifyText(linkifiers: readonly LinkifierRecord[], text: string, afterSyntax = false): LinkifiedPiece[] {
  let pieces: LinkifiedPiece[] = [text];
  for (const linkifier of linkifiers) {
    pieces = pieces.flatMap((piece, index) => {
      if (typeof piece !== 'string') return [piece];
      const afterLink = index > 0 ? typeof pieces[index - 1] !== 'string' : afterSyntax;
      const beforeLink = index < pieces.length - 1 && typeof pieces[index + 1] !== 'string';
      return linkPlainText(linkifier, piece, afterLink, beforeLink);
    });
  }
  return pieces;
}
