import { PYTHON_WHITESPACE_CLASS, pythonStrip } from '../python-strip';

/**
 * The elements the server's patterns before links (code spans, `***strong em***`, mentions, math,
 * channel links, times) make in a text: to the link pattern each is one placeholder, so a `)`,
 * quote or `<` in it counts for nothing, and the target and title get its text (`unescape`:
 * the element's `itertext`).
 */
export interface InlineElements {
  /** Where such an element starting at `pos` ends (reading up to `max`), or -1. */
  endAt(pos: number, max: number): number;
  /** The text of the element from `start` to `end`. */
  textOf(start: number, end: number): string;
}

/** The target and title of a `[text](...)` link or `![text](...)` image, as the server reads them. */
export interface LinkParts {
  /** The target as typed, stripped (no reference decoded, no backslash read). */
  readonly href: string;
  /** The title, each whitespace character a space; undefined where none was given. */
  readonly title: string | undefined;
  /** Where the syntax ends (after its `)`). */
  readonly end: number;
}

const TITLE_WHITESPACE = new RegExp(`[${PYTHON_WHITESPACE_CLASS}]`, 'g');
const OPEN = 0x28; // (
const CLOSE = 0x29; // )
const SINGLE = 0x27; // '
const DOUBLE = 0x22; // "
const SPACE = 0x20;
const LESS = 0x3c; // <
const GREATER = 0x3e; // >
/** A placeholder's characters to the scan: neither a space, a quote nor a parenthesis. */
const PLACEHOLDER = 0;

// Where an element of the earlier patterns may start: a backtick (or backslashes before one),
// `***`, `@`, `$$`, `#**`, `<time:`.
const MAY_START = new Uint8Array(128);
for (const c of '`\\*@$#<') MAY_START[c.charCodeAt(0)] = 1;

// Python-Markdown's `dequote`: one quote character alone is both ends (and dequotes to nothing).
function dequote(text: string): string {
  return (text[0] === '"' || text[0] === "'") && text.endsWith(text[0]) ? text.slice(1, -1) : text;
}

function cleanTitle(title: string): string {
  return dequote(pythonStrip(title)).replace(TITLE_WHITESPACE, ' ');
}

/** Python's `str.isspace` for one character (`\s` in its patterns). */
const isSpace = (c: number) => WHITESPACE.test(String.fromCharCode(c));
const WHITESPACE = new RegExp(`[${PYTHON_WHITESPACE_CLASS}]`);

/**
 * Reads links' targets and titles in one text as Python-Markdown's `LinkInlineProcessor.getLink`
 * does (see {@link LinkReader.parts}). A scan that runs long switches to an index of the text's
 * parentheses and quotes, made once, so that texts full of unclosed `(` stay linear.
 */
export class LinkReader {
  private index: ParenIndex | undefined;
  /** The text with each element of the earlier patterns as placeholder characters, for the index. */
  private masked: string | undefined;
  /** The elements found, by start: their ends. */
  private readonly ends = new Map<number, number>();

  constructor(
    private readonly src: string,
    private readonly elements?: InlineElements,
    private readonly budget = 256,
  ) {}

  /**
   * The target and title from the `(` at `open` up to `max`: a `<target>`, or a target running to
   * the `)` that closes the `(` (parentheses nested), a title being the last quoted text right
   * before that `)` (parentheses in it not counted; where its quote never closes, the first `)`
   * that balances the ones before the quote ends the link). Spaces and newlines may be in the
   * target. An element of the earlier patterns is one character that is none of these, read as
   * its text. Undefined where no `)` ends it.
   */
  parts(open: number, max: number): LinkParts | undefined {
    const { src } = this;
    let start = open + 1;
    while (start < max && isSpace(src.charCodeAt(start))) start += 1;
    if (start < max && src.charCodeAt(start) === LESS && this.elementEnd(start, max) < 0) {
      const angled = this.angled(start, max);
      if (angled) return angled;
    }
    const scanned = this.scan(start, Math.min(max, start + this.budget), max);
    if (scanned !== 'unfinished') return scanned;
    const masked = this.maskedText();
    const found = indexedParts(masked, (this.index ??= parenIndex(masked)), open, start, max);
    return found && this.parts3(found[0], found[1], found[2]);
  }

  /** Where an element starting at `pos` ends, or -1 (noted once found). */
  private elementEnd(pos: number, max: number): number {
    const c = this.src.charCodeAt(pos);
    if (!this.elements || c >= 128 || MAY_START[c] === 0) return -1;
    const known = this.ends.get(pos);
    if (known !== undefined) return known <= max ? known : -1;
    const end = this.elements.endAt(pos, max);
    if (end > pos) this.ends.set(pos, end);
    return end > pos ? end : -1;
  }

  /** The text from `from` to `to`, each element as its text. */
  private text(from: number, to: number): string {
    if (this.ends.size === 0 || !this.elements) return this.src.slice(from, to);
    let text = '';
    let last = from;
    for (let pos = from; pos < to; pos += 1) {
      const c = this.src.charCodeAt(pos);
      if (c >= 128 || MAY_START[c] === 0) continue;
      const end = this.ends.get(pos);
      if (end === undefined || end > to) continue;
      text += this.src.slice(last, pos) + this.elements.textOf(pos, end);
      last = end;
      pos = end - 1;
    }
    return text + this.src.slice(last, to);
  }

  private parts3(href: readonly [number, number], title: readonly [number, number] | undefined, end: number): LinkParts {
    // (`getLink` strips the title before reading its placeholders, the target after.)
    const titleText = title && cleanTitle(this.text(...stripped(this.src, title[0], title[1])));
    return { href: pythonStrip(this.text(href[0], href[1])), title: titleText, end };
  }

  /**
   * `RE_LINK`'s `<target>` from the `<` at `lt`, with an optional quoted title and the `)` after
   * whitespace; undefined where it does not match (the target is then scanned).
   */
  private angled(lt: number, max: number): LinkParts | undefined {
    const { src } = this;
    let pos = lt + 1;
    for (;;) {
      if (pos >= max) return undefined;
      const end = this.elementEnd(pos, max);
      if (end >= 0) {
        pos = end;
        continue;
      }
      const c = src.charCodeAt(pos);
      if (c === LESS) return undefined;
      if (c === GREATER) break;
      pos += 1;
    }
    const gt = pos;
    pos += 1;
    while (pos < max && isSpace(src.charCodeAt(pos))) pos += 1;
    let title: [number, number] | undefined;
    const quote = src.charCodeAt(pos);
    if (pos < max && (quote === SINGLE || quote === DOUBLE)) {
      let close = pos + 1;
      for (;;) {
        if (close >= max) break;
        const end = this.elementEnd(close, max);
        if (end >= 0) close = end;
        else if (src.charCodeAt(close) === quote) break;
        else close += 1;
      }
      if (close < max) {
        title = [pos + 1, close];
        pos = close + 1;
        while (pos < max && isSpace(src.charCodeAt(pos))) pos += 1;
      }
    }
    if (pos >= max || src.charCodeAt(pos) !== CLOSE) return undefined;
    const href = pythonStrip(this.text(lt + 1, gt));
    return { href, title: title && cleanTitle(this.text(...title)), end: pos + 1 };
  }

  /** The text with each element's characters as placeholder characters (itself where it has none), found once. */
  private maskedText(): string {
    if (this.masked !== undefined) return this.masked;
    const { src } = this;
    if (!this.elements) return (this.masked = src);
    let masked = '';
    let last = 0;
    const max = src.length;
    for (let pos = 0; pos < max; pos += 1) {
      const end = this.elementEnd(pos, max);
      if (end < 0) continue;
      masked += src.slice(last, pos) + String.fromCharCode(PLACEHOLDER).repeat(end - pos);
      last = end;
      pos = end - 1;
    }
    return (this.masked = masked + src.slice(last));
  }

  /**
   * `getLink`'s scan of the target from `start` (after the `(` and whitespace) to the text's end,
   * `max`, as written in Python-Markdown; 'unfinished' where it reaches `limit` first, still open.
   */
  private scan(start: number, limit: number, max: number): LinkParts | undefined | 'unfinished' {
    const { src } = this;
    let brackets = 1;
    let backtrack = 1;
    let lastBracket = -1;
    let quote = 0;
    let startQuote = -1;
    let exitQuote = -1;
    let ignoreMatches = false;
    let altQuote = 0;
    let startAltQuote = -1;
    let exitAltQuote = -1;
    let last = 0;
    for (let pos = start; pos < limit; pos += 1) {
      let c = src.charCodeAt(pos);
      if (c < 128 && MAY_START[c] === 1 && this.elements) {
        const end = this.elementEnd(pos, max);
        if (end >= 0) {
          pos = end - 1;
          c = PLACEHOLDER;
        }
      }
      if (c === OPEN) {
        if (!ignoreMatches) brackets += 1;
        else if (backtrack > 0) backtrack -= 1;
      } else if (c === CLOSE) {
        if ((exitQuote !== -1 && quote === last) || (exitAltQuote !== -1 && altQuote === last)) brackets = 0;
        else if (!ignoreMatches) brackets -= 1;
        else if (backtrack > 0) {
          backtrack -= 1;
          if (backtrack === 0) lastBracket = pos + 1;
        }
      } else if (c === SINGLE || c === DOUBLE) {
        if (!quote) {
          ignoreMatches = true;
          backtrack = brackets;
          brackets = 1;
          startQuote = pos + 1;
          quote = c;
        } else if (c !== quote && !altQuote) {
          startAltQuote = pos + 1;
          altQuote = c;
        } else if (c === quote) exitQuote = pos + 1;
        else if (altQuote && c === altQuote) exitAltQuote = pos + 1;
      }
      if (brackets === 0) {
        if (exitQuote >= 0 && quote === last) return this.parts3([start, startQuote - 1], [startQuote, exitQuote - 1], pos + 1);
        if (exitAltQuote >= 0 && altQuote === last) return this.parts3([start, startAltQuote - 1], [startAltQuote, exitAltQuote - 1], pos + 1);
        return this.parts3([start, pos], undefined, pos + 1);
      }
      if (c !== SPACE) last = c;
    }
    if (limit < max) return 'unfinished';
    // (Where no `)` balanced the ones before the quote, Python's `last_bracket` stays -1 and its
    // slices count from the text's end: the server links up to the text's last two characters and
    // keeps its last one. Not copied: no link.)
    if (backtrack === 0 && lastBracket >= 0) return this.parts3([start, lastBracket - 1], undefined, lastBracket);
    return undefined;
  }
}

/** `from`..`to` without Python's whitespace at either end. */
function stripped(src: string, from: number, to: number): [number, number] {
  let a = from;
  let b = to;
  while (a < b && isSpace(src.charCodeAt(a))) a += 1;
  while (b > a && isSpace(src.charCodeAt(b - 1))) b -= 1;
  return [a, b];
}

/** Where a text's parentheses and quotes are, for `getLink`'s scan without walking the text. */
interface ParenIndex {
  /** For each `(`, the `)` that closes it (quotes not read), or -1. */
  readonly closing: Int32Array;
  /** For each position, the first `'` or `"` there or after (the text's length if none). */
  readonly nextQuote: Int32Array;
  /** `(` less `)` before each position. */
  readonly depth: Int32Array;
  /** The positions of every `(` and `)`, in order, and how many come before each position. */
  readonly parens: Int32Array;
  readonly parensBefore: Int32Array;
  /**
   * For each position, the first `)` there or after whose last character before it that is not a
   * space is a quote (the text's length if none), and for each such `)`, that quote's position.
   */
  readonly nextQuotedClose: Int32Array;
  readonly quoteBefore: Int32Array;
  /** How many `'`, and how many `"`, come before each position. */
  readonly singles: Int32Array;
  readonly doubles: Int32Array;
}

function parenIndex(src: string): ParenIndex {
  const n = src.length;
  const closing = new Int32Array(n).fill(-1);
  const nextQuote = new Int32Array(n + 1);
  const depth = new Int32Array(n + 1);
  const parensBefore = new Int32Array(n + 1);
  const nextQuotedClose = new Int32Array(n + 1);
  const quoteBefore = new Int32Array(n).fill(-1);
  const singles = new Int32Array(n + 1);
  const doubles = new Int32Array(n + 1);
  const parens: number[] = [];
  const openings: number[] = [];
  let lastNonSpace = -1;
  for (let pos = 0; pos < n; pos += 1) {
    const c = src.charCodeAt(pos);
    depth[pos + 1] = depth[pos]! + (c === OPEN ? 1 : c === CLOSE ? -1 : 0);
    parensBefore[pos + 1] = parensBefore[pos]! + (c === OPEN || c === CLOSE ? 1 : 0);
    singles[pos + 1] = singles[pos]! + (c === SINGLE ? 1 : 0);
    doubles[pos + 1] = doubles[pos]! + (c === DOUBLE ? 1 : 0);
    if (c === OPEN) {
      parens.push(pos);
      openings.push(pos);
    } else if (c === CLOSE) {
      parens.push(pos);
      const opening = openings.pop();
      if (opening !== undefined) closing[opening] = pos;
      const before = lastNonSpace >= 0 ? src.charCodeAt(lastNonSpace) : 0;
      if (before === SINGLE || before === DOUBLE) quoteBefore[pos] = lastNonSpace;
    }
    if (c !== SPACE) lastNonSpace = pos;
  }
  nextQuote[n] = n;
  nextQuotedClose[n] = n;
  for (let pos = n - 1; pos >= 0; pos -= 1) {
    const c = src.charCodeAt(pos);
    nextQuote[pos] = c === SINGLE || c === DOUBLE ? pos : nextQuote[pos + 1]!;
    nextQuotedClose[pos] = quoteBefore[pos]! >= 0 ? pos : nextQuotedClose[pos + 1]!;
  }
  return { closing, nextQuote, depth, parens: Int32Array.from(parens), parensBefore, nextQuotedClose, quoteBefore, singles, doubles };
}

/** A target's and title's ranges, and where the link ends. */
type Found = [href: [number, number], title: [number, number] | undefined, end: number];

/** The first position after `from` holding `quote` (there is one: counted before). */
function nextOf(src: string, quote: number, from: number): number {
  let pos = from + 1;
  while (src.charCodeAt(pos) !== quote) pos += 1;
  return pos;
}

/**
 * `scan` worked out from the index: before any quote the target ends at the `)` closing the
 * link's `(`; after the first quote, at the first `)` right after (spaces aside) a quote that
 * closes the title (the first quote's character again, or the other one seen twice), else the
 * `)` at which the parentheses open before the quote run out.
 */
function indexedParts(src: string, index: ParenIndex, open: number, start: number, max: number): Found | undefined {
  const quoteAt = index.nextQuote[start]!;
  const closeAt = index.closing[open]!;
  if (closeAt >= 0 && closeAt < quoteAt && closeAt < max) return [[start, closeAt], undefined, closeAt + 1];
  if (quoteAt >= max) return undefined;
  const quote = src.charCodeAt(quoteAt);
  const counts = quote === SINGLE ? index.doubles : index.singles;
  const alt = quote === SINGLE ? DOUBLE : SINGLE;
  for (let close = index.nextQuotedClose[quoteAt + 1]!; close < max; close = index.nextQuotedClose[close + 1]!) {
    const last = index.quoteBefore[close]!;
    if (last <= quoteAt) continue;
    if (src.charCodeAt(last) === quote) return [[start, quoteAt], [quoteAt + 1, last], close + 1];
    if (counts[last]! - counts[quoteAt + 1]! > 0) {
      const altAt = nextOf(src, alt, quoteAt);
      return [[start, altAt], [altAt + 1, last], close + 1];
    }
  }
  // No title closed: the parentheses open before the quote run out, one for each `(` or `)` after it.
  const rank = index.parensBefore[quoteAt + 1]! + 1 + index.depth[quoteAt]! - index.depth[start]! - 1;
  const paren = rank < index.parens.length ? index.parens[rank]! : max;
  // (A `(` there leaves Python's `last_bracket` at -1: see `scan`.)
  return paren < max && src.charCodeAt(paren) === CLOSE ? [[start, paren], undefined, paren + 1] : undefined;
}
