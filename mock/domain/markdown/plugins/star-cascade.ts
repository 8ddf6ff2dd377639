import type { MarkdownIt, StateInline } from 'markdown-it';
import { isPythonWhitespace } from '../../python-strip';
import { mayHoldLink, webLinkSpans } from './autolink';
import type { LinkifierEnv } from './linkifier-syntax';

/*
 * The server's emphasis patterns, in its priority order. Python-Markdown applies each inline
 * pattern to the whole text before the next one (leftmost match first, each match then one opaque
 * placeholder; after each match it starts over), and reads a match's content with the later
 * patterns only:
 *
 * - `***strong em***` (priority 100) comes before everything but code spans (105);
 * - mentions, math, channel links, times, links, media and bare links (95 to 55) come next;
 * - then `**strong**` (35), `*em*` (30) and `~~del~~` (25).
 *
 * markdown-it reads left to right instead, so `*a **b** c*` (strong first, then emphasis around
 * its placeholder) or `**not @_**Iago**` (the mention first, leaving no closing `**`) would read
 * otherwise. This file works out, once per inline text, which `*` and `~~` runs the server's
 * order makes emphasis; the star and tilde rules only push what it found.
 */

// The emphasis patterns, numbered in the server's order (a match's content is read with the ones
// after it): a claim's `% 4`, and the index of STAR_TAGS and STAR_DELIMITER.
/** `***strong em***`, the one pattern that comes before links (a link's text may start with it). */
export const STRONG_EM = 0;
const STRONG = 1;
const EM = 2;
/** `~~del~~`: claimed by the tilde rule, never by the star rule. */
export const DEL = 3;

/** Each pattern's tags, outermost first. */
export const STAR_TAGS: readonly (readonly string[])[] = [['strong', 'em'], ['strong'], ['em'], ['del']];
/** Each pattern's delimiter length. */
export const STAR_DELIMITER: readonly number[] = [3, 2, 1, 2];

// Inline rules the server applies after `**strong**` (or that are no pattern of its own): every
// other enabled rule (code, math, mentions, channel links, times, links, media) takes its text
// before emphasis does.
const AFTER_STRONG = new Set([
  'text',
  'linkify',
  'newline',
  'zulip_link_text_newline',
  'escape',
  'zulip_star',
  'zulip_del',
  'zulip_underscore',
  'strikethrough',
  'emphasis',
  'html_inline',
  'entity',
]);
const CODE = new Set(['zulip_backtick_backslashes', 'backticks']);

type InlineRule = (state: StateInline, silent: boolean) => boolean;

interface RuleSets {
  readonly text: InlineRule;
  readonly code: readonly InlineRule[];
  readonly before: readonly InlineRule[];
}

const ruleSets = new WeakMap<MarkdownIt, RuleSets>();

function rulesOf(md: MarkdownIt): RuleSets {
  let sets = ruleSets.get(md);
  if (!sets) {
    const enabled = md.inline.ruler.__rules__.filter((rule) => rule.enabled);
    const pick = (keep: (name: string) => boolean) => enabled.filter((rule) => keep(rule.name)).map((rule) => rule.fn as InlineRule);
    sets = {
      text: pick((name) => name === 'text')[0] ?? (() => false),
      code: pick((name) => CODE.has(name)),
      before: pick((name) => !AFTER_STRONG.has(name)),
    };
    ruleSets.set(md, sets);
  }
  return sets;
}

const STAR = 0x2a;
const TILDE = 0x7e;
const NEWLINE = 0x0a;
const CARET = 0x5e;

/** A placeholder's stand-in in text handed to another pattern: no space, no `*`, no word character. */
// NUL: never in the text (markdown-it's normalize turns a typed one into U+FFFD), and one byte
// wide, which keeps the text's patterns on their faster one-byte code.
const TAKEN = '\0';

// The inline text worked out last. Rendering is synchronous and reads one inline text at a time,
// except the texts read inside it (an emphasis's content, an image's text): the analyses before
// them are kept aside (`kept`) and taken back after them, not worked out again (which made a
// paragraph of many images quadratic). The buffers are reused rather than made per message, and let go of when the
// inline parse ends.
let current: StateInline | undefined;
let src = '';
/**
 * Spans the earlier patterns took (and the emphasis found): at each start, the span's end; 0
 * elsewhere. One buffer, grown as longer texts come, cleared over the text's length.
 */
let takenEnds = new Int32Array(1024);
/** Emphasis by its first position: `end * 4 + pattern`. */
let claims = new Map<number, number>();
// V8 gives a cleared Map a new table even when it was empty: most texts claim nothing.
function clearClaims(): void {
  if (claims.size > 0) claims.clear();
}
/** `*` positions where `*em*` failed, waiting for a later match to let them match. */
let failed: number[] = [];
// Which patterns the text may hold at all: each pass over it is skipped otherwise.
let mayStrongEm = false;
let mayStrong = false;
let mayEm = false;
let mayDel = false;

/** An inline text's analysis, as kept aside while another text is read. */
interface Analysis {
  readonly state: StateInline | undefined;
  readonly src: string;
  readonly takenEnds: Int32Array<ArrayBuffer>;
  readonly claims: Map<number, number>;
  readonly failed: number[];
  readonly mayStrongEm: boolean;
  readonly mayStrong: boolean;
  readonly mayEm: boolean;
  readonly mayDel: boolean;
}

function emptyAnalysis(): Analysis {
  return {
    state: undefined, src: '', takenEnds: new Int32Array(1024), claims: new Map(), failed: [],
    mayStrongEm: false, mayStrong: false, mayEm: false, mayDel: false,
  };
}

// Texts read inside texts nest a few deep at most: a paragraph, an emphasis's content read as a
// text of its own, an image's text in that.
const KEPT = 3;
/** Analyses put aside, the most recently used first. */
const kept: Analysis[] = Array.from({ length: KEPT }, emptyAnalysis);

/** Makes `state`'s analysis the current one: as it is, a kept one, or worked out anew (in the least recently used buffers). */
function analysisOf(state: StateInline): void {
  if (state === current) return;
  const found = kept.findIndex((analysis) => analysis.state === state);
  const [next] = kept.splice(found === -1 ? KEPT - 1 : found, 1);
  kept.unshift({ state: current, src, takenEnds, claims, failed, mayStrongEm, mayStrong, mayEm, mayDel });
  ({ state: current, src, takenEnds, claims, failed, mayStrongEm, mayStrong, mayEm, mayDel } = next ?? emptyAnalysis());
  if (found === -1) analyze(state);
}

/** Whether the `*` (or `~`) at `index` is the source's own, not a taken span's start. */
function is(index: number, char: number): boolean {
  return src.charCodeAt(index) === char && takenEnds[index] === 0;
}

function isSpaceAt(index: number): boolean {
  return isPythonWhitespace(src.charCodeAt(index));
}

/** `\*{n}(?!\s)[^*^\n]+(?<!\s)\*{n}` at `start`: its end, or -1. */
function delimited(start: number, n: number, end: number): number {
  for (let index = start; index < start + n; index += 1) if (!is(index, STAR)) return -1;
  let index = start + n;
  let previousSpace = false;
  let length = 0;
  while (index < end) {
    const takenEnd = takenEnds[index] ?? 0;
    if (takenEnd > 0) {
      index = takenEnd;
      previousSpace = false;
      length += 1;
      continue;
    }
    const code = src.charCodeAt(index);
    if (code === STAR || code === CARET || code === NEWLINE) break;
    previousSpace = isSpaceAt(index);
    if (length === 0 && previousSpace) return -1;
    length += 1;
    index += 1;
  }
  if (length === 0 || previousSpace || index + n > end) return -1;
  for (let close = index; close < index + n; close += 1) if (!is(close, STAR)) return -1;
  return index + n;
}

/** `\*\*([^\n]+?)\*\*` at `start`: its end, or -1. */
function strongAt(start: number, end: number): number {
  if (!is(start, STAR) || !is(start + 1, STAR)) return -1;
  let index = start + 2;
  let length = 0;
  while (index < end) {
    const takenEnd = takenEnds[index] ?? 0;
    if (takenEnd > 0) {
      index = takenEnd;
      length += 1;
      continue;
    }
    if (src.charCodeAt(index) === NEWLINE) return -1;
    if (length > 0 && index + 2 <= end && is(index, STAR) && is(index + 1, STAR)) return index + 2;
    length += 1;
    index += 1;
  }
  return -1;
}

/** `(?<!~)~~([^~\n]+?)~~(?!~)` at `start`, not after a `~`: its end, or -1. */
function delAt(start: number, end: number): number {
  if (!is(start, TILDE) || !is(start + 1, TILDE)) return -1;
  let index = start + 2;
  let length = 0;
  while (index < end) {
    const takenEnd = takenEnds[index] ?? 0;
    if (takenEnd > 0) {
      index = takenEnd;
      length += 1;
      continue;
    }
    const code = src.charCodeAt(index);
    if (code === NEWLINE) return -1;
    if (code === TILDE) {
      if (length === 0 || index + 2 > end || !is(index + 1, TILDE)) return -1;
      return index + 2 < end && is(index + 2, TILDE) ? -1 : index + 2;
    }
    length += 1;
    index += 1;
  }
  return -1;
}

/** The next position at or after `index` holding `char` outside taken spans, or -1. */
function next(index: number, end: number, char: number): number {
  // None ahead at all, the usual case once a text's emphasis is found: no walk over the spans.
  const first = src.indexOf(String.fromCharCode(char), index);
  if (first < 0 || first >= end) return -1;
  while (index < end) {
    const takenEnd = takenEnds[index] ?? 0;
    if (takenEnd > 0) index = takenEnd;
    else if (src.charCodeAt(index) === char) return index;
    else index += 1;
  }
  return -1;
}

function claim(pattern: number, start: number, end: number): void {
  claims.set(start, end * 4 + pattern);
  const delimiter = STAR_DELIMITER[pattern] ?? 1;
  // The content is read at once, with the patterns after this one, as the server does.
  stars(start + delimiter, end - delimiter, pattern + 1);
  takenEnds[start] = end;
}

/** `***strong em***` over the whole text (after code spans). */
function strongEm(start: number, end: number): void {
  for (let index = next(start, end, STAR); index >= 0; index = next(index, end, STAR)) {
    const close = delimited(index, 3, end);
    if (close < 0) index += 1;
    else {
      claim(STRONG_EM, index, close);
      index = close;
    }
  }
}

/** Emphasis from pattern `first` on, over a stretch whose earlier patterns' spans are taken. */
function stars(start: number, end: number, first: number): void {
  if (first <= STRONG && mayStrong) {
    // A strong span taken never lets an earlier `**` match: the next match is further on.
    for (let index = next(start, end, STAR); index >= 0; index = next(index, end, STAR)) {
      const close = strongAt(index, end);
      if (close < 0) index += 1;
      else {
        claim(STRONG, index, close);
        index = close;
      }
    }
  }
  if (first <= EM && mayEm) emphasis(start, end);
  if (first <= DEL && mayDel) {
    let previousTilde = false;
    let index = start;
    while (index < end) {
      const takenEnd = takenEnds[index] ?? 0;
      if (takenEnd > 0) {
        index = takenEnd;
        previousTilde = false;
        continue;
      }
      const tilde = src.charCodeAt(index) === TILDE;
      const close = tilde && !previousTilde ? delAt(index, end) : -1;
      if (close < 0) {
        previousTilde = tilde;
        index += 1;
      } else {
        claim(DEL, index, close);
        index = close;
        previousTilde = false;
      }
    }
  }
}

// `*em*`: an emphasis taken can let the `*` before it match (`*a *b* c**`), as the server starts
// over after each match; only the nearest `*` that failed can, its text now reaching past the new
// placeholder, so the ones that failed wait on a stack.
function emphasis(start: number, end: number): void {
  const base = failed.length;
  for (let index = next(start, end, STAR); index >= 0; index = next(index, end, STAR)) {
    const close = delimited(index, 1, end);
    if (close < 0) {
      failed.push(index);
      index += 1;
      continue;
    }
    claim(EM, index, close);
    index = close;
    while (failed.length > base) {
      const retry = failed[failed.length - 1] ?? 0;
      const retried = delimited(retry, 1, end);
      if (retried < 0) break;
      failed.pop();
      claim(EM, retry, retried);
      index = retried;
    }
  }
  failed.length = base;
}

function isUnmatchedBackticks(start: number, end: number): boolean {
  let index = start;
  while (index < end && src.charCodeAt(index) === 0x5c /* \ */) index += 1;
  if (index === end) return false;
  while (index < end && src.charCodeAt(index) === 0x60 /* ` */) index += 1;
  return index === end;
}

/** Takes the spans `rules` match, reading left to right as markdown-it does, outside taken spans. */
function takeRules(state: StateInline, rules: readonly InlineRule[], textRule: InlineRule, start: number, end: number): void {
  const oldPos = state.pos;
  const oldMax = state.posMax;
  state.posMax = end;
  let index = start;
  while (index < end) {
    const takenEnd = takenEnds[index] ?? 0;
    if (takenEnd > 0) {
      index = takenEnd;
      continue;
    }
    // No rule before emphasis starts at a `*` (`***strong em***` is taken already), a `~`, a `_`
    // or a newline: those are emphasis's, the underscore's and the line break's.
    const code = src.charCodeAt(index);
    if (code === STAR || code === TILDE || code === 0x5f /* _ */ || code === NEWLINE) {
      index += 1;
      continue;
    }
    state.pos = index;
    // Plain text never runs into a taken span: those start where the text rule stops.
    if (textRule(state, true)) {
      index = state.pos;
      continue;
    }
    let matched = false;
    for (let rule = 0; rule < rules.length && !matched; rule += 1) {
      state.pos = index;
      matched = rules[rule]?.(state, true) ?? false;
    }
    if (matched && state.pos > index) {
      // A run of backticks that opens no code span (and the backslashes before it) is text.
      if (!isUnmatchedBackticks(index, state.pos)) takenEnds[index] = state.pos;
      index = state.pos;
    } else index += 1;
  }
  state.pos = oldPos;
  state.posMax = oldMax;
}

/**
 * Takes the bare links the server's pattern finds in the text as the earlier patterns left it,
 * where they may hold a `*` or `~` (no other link matters to emphasis): only a path or query can,
 * so after a `/` or `?`. A link holds no space, so each stretch between spaces is read alone: its
 * ends read as spaces do in the pattern.
 */
function takeLinks(start: number, end: number): void {
  let word = start;
  let path = false;
  let marked = false;
  let index = start;
  while (index <= end) {
    const takenEnd = index < end ? (takenEnds[index] ?? 0) : 0;
    if (takenEnd > 0) {
      index = takenEnd;
      continue;
    }
    const code = index < end ? src.charCodeAt(index) : 0x20;
    if (isPythonWhitespace(code)) {
      if (marked) takeLinksIn(word, index);
      word = index + 1;
      path = false;
      marked = false;
    } else if (code === 0x2f /* / */ || code === 0x3f /* ? */) path = true;
    else if (path && (code === 0x2a /* * */ || code === 0x7e) /* ~ */) marked = true;
    index += 1;
  }
}

/** The text from `start` to `end` as the server's later patterns see it: each taken span a run of placeholder characters. */
function textLeft(start: number, end: number): string {
  let text = '';
  let last = start;
  for (let index = start; index < end; index += 1) {
    const takenEnd = takenEnds[index] ?? 0;
    if (takenEnd === 0) continue;
    text += src.slice(last, index) + TAKEN.repeat(takenEnd - index);
    index = takenEnd - 1;
    last = takenEnd;
  }
  text += src.slice(last, end);
  return text;
}

function takeLinksIn(start: number, end: number): void {
  const text = textLeft(start, end);
  if (!mayHoldLink(text)) return;
  for (const { index: at, url } of webLinkSpans(text)) {
    const cut = url.indexOf(TAKEN);
    const length = cut < 0 ? url.length : cut;
    if (length > 0) takenEnds[start + at] = start + at + length;
  }
}

/**
 * Takes the realm's linkifier matches that hold a `*` or `~` (no other matters to emphasis): the
 * server applies its linkifiers after bare links and before emphasis, to the text the earlier
 * patterns left (`S*4 a*`, with a linkifier for `S\*[0-9]+`, is a link and a `*`).
 */
function takeLinkifierMatches(linkify: NonNullable<LinkifierEnv['linkify']>, end: number): void {
  const pieces = linkify(textLeft(0, end), false);
  if (!pieces) return;
  let index = 0;
  for (const piece of pieces) {
    const text = typeof piece === 'string' ? piece : piece.text;
    if (typeof piece !== 'string' && (text.includes('*') || text.includes('~'))) takenEnds[index] = index + text.length;
    index += text.length;
  }
}

/** Works out the emphasis of a whole inline text (a paragraph's, a heading's, a cell's). */
function analyze(state: StateInline): void {
  current = state;
  src = state.src;
  if (takenEnds.length < src.length + 1) takenEnds = new Int32Array(Math.max(src.length + 1, takenEnds.length * 2));
  else takenEnds.fill(0, 0, src.length + 1);
  clearClaims();
  failed.length = 0;
  mayStrongEm = src.includes('***');
  mayStrong = src.includes('**');
  mayEm = src.includes('*');
  mayDel = src.includes('~~');
  const rules = rulesOf(state.md);
  const end = src.length;
  if (src.includes('`')) takeRules(state, rules.code, rules.text, 0, end);
  if (mayStrongEm) strongEm(0, end);
  // Reading a link here asks the star rule about `***strong em***` again: found just above. An
  // image's text read there puts this analysis aside: it is taken back.
  takeRules(state, rules.before, rules.text, 0, end);
  analysisOf(state);
  // A bare link matters only where a `*` or `~` may be in its path or query.
  const path = Math.min(src.indexOf('/') >>> 0, src.indexOf('?') >>> 0);
  if (Math.max(src.lastIndexOf('*'), src.lastIndexOf('~')) > path) takeLinks(0, end);
  const { linkify, linkifiersMayTakeStars } = state.env as Partial<LinkifierEnv>;
  if (linkify && linkifiersMayTakeStars && (mayEm || mayDel)) takeLinkifierMatches(linkify, end);
  stars(0, end, STRONG);
}

// What a span the server takes before mentions and channel links can start with: a code span's
// backtick (or the backslashes before it), `***strong em***`'s star, inline math's dollar.
const isEarlySpanStart = (code: number) => code === STAR || code === 0x60 /* ` */ || code === 0x5c /* \ */ || code === 0x24; /* $ */

/**
 * Whether a span the server takes before mentions and channel links (a code span, `***strong
 * em***`, for channel links inline math too) starts inside `start`..`end`, the syntax read there
 * by markdown-it: on the server its name would hold the placeholder, which names no one. Their
 * names hold no `*`, so `***strong em***` can start only at the closing stars, before a third.
 */
export function crossesEarlierSpan(state: StateInline, start: number, end: number): boolean {
  const { src: text } = state;
  let candidates = text.charCodeAt(end) === STAR;
  for (let index = start + 1; index < end && !candidates; index += 1) {
    const code = text.charCodeAt(index);
    candidates = code !== STAR && isEarlySpanStart(code);
  }
  if (!candidates) return false;
  analysisOf(state);
  for (let index = start + 1; index < end; index += 1) {
    if (takenEnds[index] !== 0 && isEarlySpanStart(text.charCodeAt(index))) return true;
  }
  return false;
}

/**
 * The emphasis the server's order makes at `pos`: `end * 4 + pattern` (`STRONG_EM` ... `DEL`),
 * or -1. Worked out when a star or tilde rule first asks, so text without `*` or `~` costs
 * nothing. A link's text is read with no pattern after links (an `AtomicString` on the
 * server): only `***strong em***`, found in the whole text first, starts there, and the rest of
 * the text's emphasis never reaches into a link.
 */
export function starClaimAt(state: StateInline, pos: number): number {
  analysisOf(state);
  const found = claims.get(pos);
  return found !== undefined && Math.floor(found / 4) <= state.posMax ? found : -1;
}

/** Lets go of the last inline text once the inline parse is over. */
export function starCascadePlugin(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'zulip_star_cascade_done', () => {
    current = undefined;
    src = '';
    clearClaims();
    for (const [index, analysis] of kept.entries()) if (analysis.state) kept[index] = { ...analysis, state: undefined, src: '' };
  });
}
