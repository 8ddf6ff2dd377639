import type { MarkdownIt, StateBlock } from 'markdown-it';
import { PYTHON_WHITESPACE_CLASS, pythonStrip } from '../../python-strip';
import { opensFence } from '../fence-line';
import { handsOnOneNewline, splitsAt } from '../quoted-text';
import { ruleOf } from '../rule-of';

const MAX_LEVEL = 6;
const HASH = 0x23;
const BACKSLASH = 0x5c;
const PYTHON_WHITESPACE = new RegExp(`[${PYTHON_WHITESPACE_CLASS}]`);

/**
 * The header text the server's pattern takes from `text` (`(?:\\.|[^\\])*?#*$`): as few
 * characters as leave only `#`s after them, a backslash always taking the next character with it,
 * then stripped; undefined where a backslash ends the text (nothing for it to take: no heading).
 */
function headerText(text: string): string | undefined {
  let hashes = text.length;
  while (hashes > 0 && text.charCodeAt(hashes - 1) === HASH) hashes -= 1;
  let end = 0;
  while (end < hashes) {
    if (text.charCodeAt(end) !== BACKSLASH) end += 1;
    else if (end + 1 < text.length) end += 2;
    else return undefined;
  }
  return pythonStrip(text.slice(0, end));
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line]);
}

const QUOTE_MARKERS_ONLY = /^[ >]*$/;

/** The raw line (quote markers and all) of `line`, undefined past the message's end (markdown-it's extra last line). */
function rawLine(state: StateBlock, line: number): string | undefined {
  const start = state.bMarks[line];
  if (start === undefined || line >= state.bMarks.length - 1) return undefined;
  return state.src.slice(state.src.lastIndexOf('\n', start - 1) + 1, state.eMarks[line]);
}

function markerCount(text: string): number {
  let count = 0;
  for (const character of text) if (character === '>') count += 1;
  return count;
}

/** Whether the server's top-level block ends right before `line` (raw: `text`): a blank line, a heading, a rule or a fence. */
function splitsBlock(state: StateBlock, line: number, text: string): boolean {
  return text.trim() === '' || opensFence(state, line) || splitsAt(text, rawLine(state, line + 1) === undefined);
}

/**
 * Whether `line`, empty here, is a quote's last line holding only `>`s, no deeper than the quote
 * the heading on `headingLine` is in: the server hands the quoted text on ending in a newline,
 * which the heading pattern's whitespace takes (`>#` over `>` is an empty `<h1>`).
 */
function quoteEndsWithNewline(state: StateBlock, line: number, headingLine: number, endLine: number): boolean {
  const raw = rawLine(state, line);
  if (raw === undefined || !QUOTE_MARKERS_ONLY.test(raw) || !raw.includes('>')) return false;
  const heading = rawLine(state, headingLine) ?? '';
  const prefix = heading.slice(0, heading.length - ((state.eMarks[headingLine] ?? 0) - ((state.bMarks[headingLine] ?? 0) + (state.tShift[headingLine] ?? 0))));
  // A heading in quotes only: as the server's quotes read the lines after it.
  if (QUOTE_MARKERS_ONLY.test(prefix)) return handsOnOneNewline((index) => rawLine(state, index), line, markerCount(prefix));
  // The quote's last line: where its block ends (a blank line, or a heading splitting it) or the message does.
  const after = rawLine(state, line + 1);
  if (line !== endLine - 1 && after !== undefined && !splitsBlock(state, line + 1, after)) return false;
  return markerCount(raw) <= markerCount(prefix);
}

/**
 * The server's `# headings` (its `HashHeaderProcessor` pattern, searched in each block:
 * `(?:^|\n)(?P<level>#{1,6})\s(?P<header>(?:\\.|[^\\])*?)#*(?:\n|$)`):
 * - the `#`s start the line (` # x` is a paragraph) and one of Python's whitespace follows them
 *   (`#\u00a0x` is a heading, `#` alone and `#x` are not);
 * - that whitespace may be the line's end: `##` over `text` is `<h2>text</h2>` (the next line of
 *   the block, whatever it holds: `#` over `##` is an empty `<h1>`), and `#` ending its block is text;
 * - as many `#`s as end the header go (`# a#` is `a`), and a backslash ending it makes no heading.
 */
function headingRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if ((state.sCount[startLine] ?? 0) > state.blkIndent) return false;
  const start = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
  const max = state.eMarks[startLine] ?? start;
  let level = 0;
  while (start + level < max && state.src.charCodeAt(start + level) === HASH) level += 1;
  if (level === 0 || level > MAX_LEVEL) return false;
  let header: string | undefined;
  let nextLine = startLine + 1;
  if (start + level < max) {
    if (!PYTHON_WHITESPACE.test(state.src[start + level] ?? '')) return false;
    header = headerText(state.src.slice(start + level + 1, max));
  } else if (quoteEndsWithNewline(state, nextLine, startLine, endLine)) {
    header = '';
    nextLine = Math.min(nextLine + 1, endLine);
  } else {
    // A fenced block on the next line is set apart by blank lines (the server's fence preprocessor).
    if (nextLine >= endLine || state.isEmpty(nextLine) || opensFence(state, nextLine)) return false;
    header = headerText(lineText(state, nextLine));
    nextLine += 1;
  }
  if (header === undefined) return false;
  if (silent) return true;
  state.line = nextLine;
  const markup = '#'.repeat(level);
  const open = state.push('heading_open', `h${level}`, 1);
  open.markup = markup;
  open.map = [startLine, nextLine];
  const inline = state.push('inline', '', 0);
  inline.content = header;
  inline.map = [startLine, nextLine];
  inline.children = [];
  state.push('heading_close', `h${level}`, -1).markup = markup;
  return true;
}

/** markdown-it plugin for the server's `# headings` (see `headingRule`), in place of CommonMark's. */
export function headingsPlugin(md: MarkdownIt): void {
  md.block.ruler.at('heading', headingRule, { alt: ruleOf(md.block.ruler, 'heading').alt });
}
