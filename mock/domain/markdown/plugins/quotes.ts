import type { MarkdownIt, StateBlock, StateCore, Token } from 'markdown-it';
import { handsOnOneNewline } from '../quoted-text';
import { pythonStrip } from '../../python-strip';
import { opensFence } from '../fence-line';
import { ruleOf } from '../rule-of';

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

const GREATER_THAN = 0x3e;
const SPACE = 0x20;
const EMPTY_AFTER_MARKER = /^\s*$/;

/** Whether `line` is a quote line (`>` after at most 3 spaces), as the server's quote pattern reads it. */
function isQuoteLine(state: StateBlock, line: number): boolean {
  return (state.sCount[line] ?? 0) - state.blkIndent <= 3 && state.src.charCodeAt((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0)) === GREATER_THAN;
}

/** Whether `line` is a quote line with nothing after its `>` but whitespace. */
function isEmptyQuoteLine(state: StateBlock, line: number): boolean {
  if (!isQuoteLine(state, line)) return false;
  const marker = (state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0);
  return EMPTY_AFTER_MARKER.test(state.src.slice(marker + 1, state.eMarks[line]));
}

// The rules of the server's processors that split a block before its quote processor reads it
// (headings, rules), resolved once per parser when the plugin is set up.
const blockSplitters = new WeakMap<MarkdownIt, readonly BlockRule[]>();

/**
 * Whether the server's block ends before `line`: at a blank line, or where its heading or rule
 * processors, which search the whole block before the quote processor does, split it.
 */
function blockEndsAt(state: StateBlock, line: number, endLine: number): boolean {
  if (line >= endLine || state.isEmpty(line) || opensFence(state, line)) return true;
  for (const rule of blockSplitters.get(state.md) ?? []) if (rule(state, line, endLine, true)) return true;
  return false;
}

/**
 * What a scan of quote lines found, kept for the lines after its start: a paragraph asks about each
 * of its lines in turn, and scanning again from each would take quadratic time.
 */
interface QuoteScan {
  readonly endLine: number;
  readonly blkIndent: number;
  readonly from: number;
  /** Where the scan stopped; its answer holds for the lines from `from` up to here. */
  readonly to: number;
  /** markdown-it's quotes move the line starts of the lines they hold: a moved start voids the scan. */
  readonly fromMark: number;
  readonly value: number;
}

function cachedScan(cache: QuoteScan | undefined, state: StateBlock, line: number, endLine: number): number | undefined {
  if (!cache || cache.endLine !== endLine || cache.blkIndent !== state.blkIndent) return undefined;
  if (line < cache.from || line >= cache.to || state.bMarks[cache.from] !== cache.fromMark) return undefined;
  return cache.value;
}

const emptyScans = new WeakMap<StateBlock, QuoteScan>();

/**
 * Whether the quote lines from `startLine` to the end of the server's block hold nothing: its
 * quote pattern (`(^|\n)(?!(?:[ ]{0,3}>\s*(?:$|\n))*(?:$|\n))[ ]{0,3}>`) starts no quote there.
 */
function onlyEmptyQuoteLines(state: StateBlock, startLine: number, endLine: number): boolean {
  if (!isEmptyQuoteLine(state, startLine)) return false;
  const cached = cachedScan(emptyScans.get(state), state, startLine, endLine);
  if (cached !== undefined) return cached === 1;
  let line = startLine + 1;
  while (!blockEndsAt(state, line, endLine) && isEmptyQuoteLine(state, line)) line += 1;
  const value = blockEndsAt(state, line, endLine) ? 1 : 0;
  emptyScans.set(state, { endLine, blkIndent: state.blkIndent, from: startLine, to: line, fromMark: state.bMarks[startLine] ?? 0, value });
  return value === 1;
}

const lazyScans = new WeakMap<StateBlock, QuoteScan>();

/** The server's block from `startLine`: where it ends, and the last line without `>` in it (-1 when none). */
function scanBlock(state: StateBlock, startLine: number, endLine: number): { end: number; lastLazy: number } {
  const cache = lazyScans.get(state);
  if (cache && cachedScan(cache, state, startLine, endLine) !== undefined) return { end: cache.to, lastLazy: cache.value };
  let end = startLine + 1;
  let lastLazy = -1;
  for (; !blockEndsAt(state, end, endLine); end += 1) if (!isQuoteLine(state, end)) lastLazy = end;
  lazyScans.set(state, { endLine, blkIndent: state.blkIndent, from: startLine, to: end, fromMark: state.bMarks[startLine] ?? 0, value: lastLazy });
  return { end, lastLazy };
}

// Rendering is synchronous: a counter is enough to know how deep the nested parses are. The depth
// needs no cap of its own: each level opens a blockquote, and markdown-it's block parser reads
// nothing deeper than its `maxNesting`.
let lazyQuoteDepth = 0;

/** Whether the block parser is reading the text of a `>` quote, its markers taken off (no fenced block starts there). */
export function readingQuotedText(): boolean {
  return lazyQuoteDepth > 0;
}

/**
 * Python-Markdown quotes everything from a block's first `>` line to the end of the block, `>` or
 * not; markdown-it only continues a quoted paragraph lazily. Where a line without `>` follows, the
 * quote is read the server's way: each line as the server's `clean` leaves it (a quote line without
 * its `>` and the one space after it, any other line as typed), parsed in place (`>` over an empty
 * `>` line over `b`; `>     1` over `     2`: one code block). The lines keep their place in the
 * message, so rules that read a raw line (the list preprocessor's) still see the `>`.
 */
function lazyQuoteRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (!isQuoteLine(state, startLine)) return false;
  const { end: nextLine, lastLazy } = scanBlock(state, startLine, endLine);
  if (lastLazy < startLine) return false;
  if (silent) return true;
  const saved = { bMarks: [] as number[], tShift: [] as number[], sCount: [] as number[], bsCount: [] as number[] };
  for (let line = startLine; line < nextLine; line += 1) {
    saved.bMarks.push(state.bMarks[line] ?? 0);
    saved.tShift.push(state.tShift[line] ?? 0);
    saved.sCount.push(state.sCount[line] ?? 0);
    saved.bsCount.push(state.bsCount[line] ?? 0);
    if (isQuoteLine(state, line)) {
      let pos = (state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0) + 1;
      if (state.src.charCodeAt(pos) === SPACE) pos += 1;
      state.bMarks[line] = pos;
      let text = pos;
      while (text < (state.eMarks[line] ?? pos) && state.src.charCodeAt(text) === SPACE) text += 1;
      state.tShift[line] = text - pos;
      state.sCount[line] = text - pos;
    } else if (pythonStrip(state.src.slice(state.bMarks[line] ?? 0, state.eMarks[line])) === '>') {
      // `clean` empties any line that is `>` once stripped, however deep its `>` (`    >`).
      state.bMarks[line] = state.eMarks[line] ?? 0;
      state.tShift[line] = 0;
      state.sCount[line] = 0;
    } else {
      state.sCount[line] = Math.max(0, (state.sCount[line] ?? 0) - state.blkIndent);
    }
  }
  const { blkIndent, lineMax, parentType } = state;
  const open = state.push('blockquote_open', 'blockquote', 1);
  open.markup = '>';
  open.map = [startLine, nextLine];
  state.blkIndent = 0;
  state.lineMax = nextLine;
  state.parentType = 'blockquote';
  lazyQuoteDepth += 1;
  try {
    state.md.block.tokenize(state, startLine, nextLine);
  } finally {
    lazyQuoteDepth -= 1;
    state.blkIndent = blkIndent;
    state.lineMax = lineMax;
    state.parentType = parentType;
    for (let index = 0; index < saved.bMarks.length; index += 1) {
      state.bMarks[startLine + index] = saved.bMarks[index]!;
      state.tShift[startLine + index] = saved.tShift[index]!;
      state.sCount[startLine + index] = saved.sCount[index]!;
      state.bsCount[startLine + index] = saved.bsCount[index]!;
    }
  }
  state.push('blockquote_close', 'blockquote', -1).markup = '>';
  state.line = nextLine;
  return true;
}

const QUOTE_ONLY = /^[\s>]*$/;
const CLOSES_AROUND_PARAGRAPH = new Set(['blockquote_close', 'bullet_list_close', 'ordered_list_close', 'list_item_close']);

/** How many `>` a raw line holds, when it holds nothing else (else -1): empty once that many quotes are taken off. */
function markersOnly(line: string): number {
  if (!QUOTE_ONLY.test(line)) return -1;
  let markers = 0;
  for (const character of line) if (character === '>') markers += 1;
  return markers;
}

/** The paragraph a quote ends with (inside its lists and quotes), how many quotes deep it is, and whether a list holds it. */
function lastParagraph(tokens: readonly Token[], close: number): { inline: Token; depth: number; inList: boolean } | undefined {
  let depth = 1;
  let inList = false;
  for (let index = close - 1; index > 0; index -= 1) {
    const token = tokens[index]!;
    if (token.type === 'paragraph_close') {
      const inline = tokens[index - 1];
      return inline?.type === 'inline' ? { inline, depth, inList } : undefined;
    }
    if (!CLOSES_AROUND_PARAGRAPH.has(token.type)) return undefined;
    if (token.type === 'blockquote_close' && token.markup === '>') depth += 1;
    else if (token.type !== 'blockquote_close') inList = true;
  }
  return undefined;
}

/** The inline blocks of paragraphs whose text the server ends with a newline (see `trailingBreakRule`). */
const endingInNewline = new WeakSet<Token>();

/**
 * The server's quote hands on the text of its lines without their `>`: where a quote's last line
 * is an empty `>` line right after its last paragraph (`>y` over `>`), that text ends in one
 * newline, which the paragraph keeps: `<p>y<br>\n</p>` (two such lines make a blank line, which
 * ends the block instead). A quote in a quote counts the lines empty once its `>`s are taken off.
 * The line break is added once the inline rules have run (`quoteTrailingBreaksPlugin`).
 */
function trailingBreakRule(state: StateCore): void {
  let rawLines: string[] | undefined;
  let depth = 0;
  let outerMap: [number, number] | undefined;
  for (let index = 0; index < state.tokens.length; index += 1) {
    const token = state.tokens[index]!;
    if (token.markup !== '>') continue;
    if (token.type === 'blockquote_open' && (depth += 1) === 1) outerMap = token.map ?? undefined;
    if (token.type !== 'blockquote_close') continue;
    depth -= 1;
    const last = lastParagraph(state.tokens, index);
    const end = last?.inline.map?.[1];
    // A list right in the quote has kept the newline itself (the lists plugin's port of the server's list processors).
    if (!last || end === undefined || last.inline.content.endsWith('\n')) continue;
    if (depth > 0) {
      // A quote in a quote that the outer one goes on after: as the quotes hand its text on (the
      // outer quote's block split right after its empty `>` line, by a heading or a rule).
      if (last.depth !== 1 || last.inList) continue;
      const lines = (rawLines ??= state.src.split('\n'));
      if (handsOnOneNewline((line) => lines[line], end, depth + 1)) endingInNewline.add(last.inline);
      continue;
    }
    if (!outerMap || end !== outerMap[1] - 1) continue;
    rawLines ??= state.src.split('\n');
    const markers = markersOnly(rawLines[end] ?? '');
    if (markers >= 0 && markers <= last.depth) endingInNewline.add(last.inline);
  }
}

/**
 * The line break that ends the text of a paragraph `trailingBreakRule` found, or of a list item
 * whose text kept the newline, unless the text has a bare link: the server's link pattern
 * (compiled with `(.*?)$` after the link, where `$` matches before a final newline) drops that
 * newline whenever it matches (`> a http://x.com` over `>`).
 */
function trailingBreaksRule(state: StateCore): void {
  for (const block of state.tokens) {
    const added = endingInNewline.has(block);
    if (!added && !(block.type === 'inline' && block.content.endsWith('\n'))) continue;
    const children = (block.children ??= []);
    const bareLink = children.some((token) => token.type === 'link_open' && token.markup === 'linkify');
    if (added && !bareLink) children.push(new state.Token('softbreak', 'br', 0));
    else if (!added && bareLink && children.at(-1)?.type === 'softbreak') children.pop();
  }
}

/** markdown-it plugin: the line breaks `trailingBreakRule` found; use it after the bare links' plugin. */
export function quoteTrailingBreaksPlugin(md: MarkdownIt): void {
  md.core.ruler.push('zulip_quote_trailing_breaks', trailingBreaksRule);
}

/**
 * markdown-it plugin: quotes as the server reads them. `>` lines with nothing quoted up to the end
 * of the block start no quote: they are text, of a paragraph of their own or of the one above
 * (`x` over `>` is `<p>x<br>\n&gt;</p>`); lines without `>` after a quote stay in it to the block's end.
 */
export function quotesPlugin(md: MarkdownIt): void {
  blockSplitters.set(md, [ruleOf(md.block.ruler, 'heading').fn, ruleOf(md.block.ruler, 'hr').fn]);
  const { fn: blockquote, alt } = ruleOf(md.block.ruler, 'blockquote');
  md.block.ruler.at('blockquote', (state, startLine, endLine, silent) => !onlyEmptyQuoteLines(state, startLine, endLine) && blockquote(state, startLine, endLine, silent), { alt });
  md.block.ruler.before('blockquote', 'zulip_lazy_quote', lazyQuoteRule, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.core.ruler.after('block', 'zulip_quote_trailing_break', trailingBreakRule);
}
