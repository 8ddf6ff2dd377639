import type { MarkdownIt, StateBlock } from 'markdown-it';
import { opensFence } from '../fence-line';

const EMPTY_QUOTE_LINE = /^ {0,3}>\s*$/;

function lineAt(state: StateBlock, line: number): string {
  return state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line]);
}

// The server quotes nothing when a block holds only `>` markers: `>` alone is the text `>`.
function emptyQuoteRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent > 3) return false;
  let nextLine = startLine;
  while (nextLine < endLine && !state.isEmpty(nextLine) && !opensFence(state, nextLine)) {
    if (!EMPTY_QUOTE_LINE.test(lineAt(state, nextLine))) return false;
    nextLine += 1;
  }
  if (nextLine === startLine) return false;
  if (silent) return true;
  state.push('paragraph_open', 'p', 1).map = [startLine, nextLine];
  const inline = state.push('inline', '', 0);
  inline.content = state.getLines(startLine, nextLine, state.blkIndent, false).trim();
  inline.map = [startLine, nextLine];
  inline.children = [];
  state.push('paragraph_close', 'p', -1);
  state.line = nextLine;
  return true;
}

const QUOTE_LINE = /^ {0,3}>/;
/** Quotes in quotes read the server's way at most this deep; deeper ones fall back to markdown-it's reading. */
const MAX_LAZY_QUOTE_DEPTH = 20;
// Rendering is synchronous: a counter is enough to know how deep the nested parses are.
let lazyQuoteDepth = 0;
const QUOTE_MARKER = /^ {0,3}> ?/;

/** Whether the block parser is reading the text of a `>` quote, its markers taken off (no fenced block starts there). */
export function readingQuotedText(): boolean {
  return lazyQuoteDepth > 0;
}

/**
 * Python-Markdown quotes everything from a block's first `>` line to the next blank line, `>` or
 * not; markdown-it only continues a quoted paragraph lazily. They differ when a line without `>`
 * follows an empty `>` line (markdown-it has closed the paragraph): there the server's reading wins.
 */
function lazyQuoteRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent > 3 || !QUOTE_LINE.test(lineAt(state, startLine))) return false;
  if (lazyQuoteDepth >= MAX_LAZY_QUOTE_DEPTH) return false;
  let nextLine = startLine + 1;
  let lazyAfterEmpty = false;
  // A fence line ends the block: the server's fences are found (and set apart by blank lines) first.
  while (nextLine < endLine && !state.isEmpty(nextLine) && !opensFence(state, nextLine)) {
    const line = lineAt(state, nextLine);
    if (!QUOTE_LINE.test(line) && EMPTY_QUOTE_LINE.test(lineAt(state, nextLine - 1))) lazyAfterEmpty = true;
    nextLine += 1;
  }
  if (!lazyAfterEmpty) return false;
  if (silent) return true;
  const lines: string[] = [];
  for (let line = startLine; line < nextLine; line += 1) lines.push(lineAt(state, line).replace(QUOTE_MARKER, ''));
  const open = state.push('blockquote_open', 'blockquote', 1);
  open.markup = '>';
  open.map = [startLine, nextLine];
  lazyQuoteDepth += 1;
  try {
    state.md.block.parse(lines.join('\n'), state.md, state.env, state.tokens);
  } finally {
    lazyQuoteDepth -= 1;
  }
  state.push('blockquote_close', 'blockquote', -1).markup = '>';
  state.line = nextLine;
  return true;
}

/**
 * markdown-it plugin: quotes as the server reads them: a block of empty `>` lines is text, not
 * an empty quote, and lines after an empty `>` line stay in the quote.
 */
export function quotesPlugin(md: MarkdownIt): void {
  md.block.ruler.before('blockquote', 'zulip_empty_quote', emptyQuoteRule);
  md.block.ruler.before('blockquote', 'zulip_lazy_quote', lazyQuoteRule, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
}
