import type { MarkdownIt, StateBlock } from 'markdown-it';
import { afterLeadingSpaces } from '../leading-spaces';
import { ruleOf } from '../rule-of';
import { hasBorderPipe, isSeparatorRow, splitRow } from '../table-rows';

/** The chain of block rules that end a table's block as they end a paragraph's (see `tablesPlugin`). */
const ENDS_TABLE = 'zulip_table';
/** The chain of block rules that take a line before a table may start there. */
const BEFORE_TABLE = 'zulip_before_table';
/** The rules in those chains: fences and `#` headings split the server's block, and so does an item after text. */
const CHAINS: Readonly<Record<string, readonly string[]>> = {
  fence: [ENDS_TABLE, BEFORE_TABLE],
  heading: [ENDS_TABLE, BEFORE_TABLE],
  list: [ENDS_TABLE],
};

type Align = 'left' | 'right' | 'center' | undefined;

// Python-Markdown's `HRProcessor` and the server's `BlockQuoteProcessor` lines (after at most 3
// spaces, checked apart): a rule (runs of one character, up to 2 spaces between), a quote, an empty quote.
const RULE_LINE = /^(?=((?:-+ {0,2}){3,}|(?:_+ {0,2}){3,}|(?:\*+ {0,2}){3,}))\1 *$/;
const QUOTE_LINE = /^>/;
const EMPTY_QUOTE_LINE = /^>\s*$/;

/** Python's `str.strip(' ')`: spaces only, other whitespace stays. */
function stripSpaces(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 0x20) start += 1;
  while (end > start && text.charCodeAt(end - 1) === 0x20) end -= 1;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function alignment(cell: string): Align {
  const text = stripSpaces(cell);
  const left = text.startsWith(':');
  const right = text.endsWith(':');
  if (left && right) return 'center';
  if (left) return 'left';
  return right ? 'right' : undefined;
}

function lineText(state: StateBlock, line: number): string {
  return stripSpaces(state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line]));
}

function isHeadingOrFence(state: StateBlock, line: number, endLine: number): boolean {
  return state.md.block.ruler.getRules(BEFORE_TABLE).some((rule) => rule(state, line, endLine, true));
}

function splitsBlock(state: StateBlock, line: number, endLine: number): boolean {
  if ((state.sCount[line] ?? 0) - state.blkIndent > 3 || (state.sCount[line] ?? 0) < 0) return false;
  const splitters = state.md.block.ruler.getRules(ENDS_TABLE);
  const oldParentType = state.parentType;
  // Asked as a paragraph asks (see the paragraph rule): the list rule then answers whether the
  // server's preprocessor puts a blank line before this line.
  state.parentType = 'zulip_paragraph' as typeof state.parentType;
  const splits = splitters.some((rule) => rule(state, line, endLine, true));
  state.parentType = oldParentType;
  return splits;
}

/**
 * Where the server's block ends: at a blank line, or where a fence, a `#` heading or a list item
 * after text starts (its preprocessors and the heading processor, which runs before the table's,
 * split the block there). Quotes and rules (`---`) inside the block are rows.
 */
function blockEnd(state: StateBlock, startLine: number, endLine: number): number {
  let nextLine = startLine + 1;
  while (nextLine < endLine && !state.isEmpty(nextLine) && !splitsBlock(state, nextLine, endLine)) nextLine += 1;
  return nextLine;
}

function hasPipe(state: StateBlock, line: number): boolean {
  const end = state.eMarks[line] ?? 0;
  for (let pos = (state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0); pos < end; pos += 1) {
    if (state.src.charCodeAt(pos) === 0x7c) return true;
  }
  return false;
}

/** Whether `line` starts with `pattern`, indented by at most 3 spaces in its block. */
function lineIs(state: StateBlock, line: number, pattern: RegExp): boolean {
  return (state.sCount[line] ?? 0) - state.blkIndent <= 3 && pattern.test(lineText(state, line));
}

/**
 * Where a one-column table ends (before `startLine + 2` when there is none). Every line of the
 * block needs a pipe at an end; when one has none, the block is no table, and the server's rule
 * processor, then its quote processor, split it at the first rule or quote (one followed by more
 * than empty quotes) and read the part before again: a table if its every line has a pipe.
 */
function oneColumnEnd(state: StateBlock, startLine: number, end: number): number {
  let withoutPipe = end;
  let rule = end;
  for (let line = startLine + 1; line < end; line += 1) {
    if (withoutPipe === end && !hasBorderPipe(lineText(state, line))) withoutPipe = line;
    if (lineIs(state, line, RULE_LINE)) {
      rule = line;
      break;
    }
  }
  if (withoutPipe === end) return end;
  let quote = rule;
  for (let line = startLine + 1; line < rule; line += 1) {
    if (lineIs(state, line, QUOTE_LINE)) {
      quote = line;
      break;
    }
  }
  let quoted = quote;
  while (quoted < rule && lineIs(state, quoted, EMPTY_QUOTE_LINE)) quoted += 1;
  const cut = quoted < rule ? quote : rule;
  return cut < end && withoutPipe >= cut ? cut : startLine;
}

/**
 * Where a cell's text comes from: its row as typed, kept on the cell's inline token (`meta`) when
 * the row holds an `@`. In a quote the server rewrites the row's mentions as silent before it
 * splits the row (see quoted-mentions.ts), so a mention the cell's pipe splits still gets its `_`.
 */
export interface CellSource {
  readonly row: string;
  readonly border: boolean;
  readonly index: number;
}

/** The text of a cell of `row` (see {@link CellSource}). */
export function cellText(row: string, border: boolean, index: number): string {
  return stripSpaces(splitRow(row, border)[index] ?? '');
}

function pushRow(
  state: StateBlock,
  cells: readonly string[] | undefined,
  aligns: readonly Align[],
  tag: 'th' | 'td',
  line: number,
  row?: { text: string; border: boolean },
): void {
  state.push('tr_open', 'tr', 1).map = [line, line + 1];
  const source = row?.text.includes('@') ? row : undefined;
  aligns.forEach((align, index) => {
    const open = state.push(`${tag}_open`, tag, 1);
    // An empty body row (a table without rows) has no alignment.
    if (align && cells) open.attrs = [['style', `text-align: ${align};`]];
    if (cells) {
      const inline = state.push('inline', '', 0);
      inline.content = stripSpaces(cells[index] ?? '');
      inline.map = [line, line + 1];
      inline.children = [];
      if (source) inline.meta = { cellSource: { row: source.text, border: source.border, index } satisfies CellSource };
    }
    state.push(`${tag}_close`, tag, -1);
  });
  state.push('tr_close', 'tr', -1);
}

/**
 * Python-Markdown's `tables` extension as the server runs it: a block (never a paragraph's later
 * lines) whose first line splits into two or more cells, or one cell between pipes when every
 * line has a pipe at an end, over a line of as many cells of `|`, `:`, `-` and spaces only. Every
 * later line of the block is a row, cut or padded to the header's cells; no row makes one empty row.
 */
function tableRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if ((state.sCount[startLine] ?? 0) - state.blkIndent >= 4 || startLine + 1 >= endLine || afterLeadingSpaces(state, startLine)) return false;
  // Asked whether a list ends at its next item: only an item starting a block (after a blank
  // line) is read as a table first.
  if (silent && state.parentType === 'list' && !state.isEmpty(startLine - 1)) return false;
  // Checked in place first, as every block starts here: a pipe in the header, a separator
  // starting with one of its characters.
  const separatorStart = state.src.charCodeAt((state.bMarks[startLine + 1] ?? 0) + (state.tShift[startLine + 1] ?? 0));
  if (separatorStart !== 0x7c /* | */ && separatorStart !== 0x3a /* : */ && separatorStart !== 0x2d /* - */) return false;
  if (!hasPipe(state, startLine) || state.isEmpty(startLine + 1)) return false;
  const header = lineText(state, startLine);
  const border = hasBorderPipe(header);
  const headerCells = splitRow(header, border);
  if (headerCells.length === 1 && !border) return false;
  const separator = splitRow(lineText(state, startLine + 1), border);
  if (separator.length !== headerCells.length || !isSeparatorRow(separator)) return false;
  // A heading or a fence on the first line is one (the heading processor runs first); an item is
  // not: `- a | b` over `--|--` is a table.
  if (isHeadingOrFence(state, startLine, endLine)) return false;
  let end = blockEnd(state, startLine, endLine);
  if (end < startLine + 2) return false;
  if (headerCells.length === 1) end = oneColumnEnd(state, startLine, end);
  if (end < startLine + 2) return false;
  // A quote's text ends in a newline when its last line is one empty `>` (the server quotes the
  // lines as they are): right under the rows, that empty line is one more row, a line without a
  // pipe, which a one-column table may not have.
  const quotedEmptyRow = state.parentType === 'blockquote' && end === endLine - 1 && state.isEmpty(end);
  if (quotedEmptyRow && headerCells.length === 1) return false;
  if (silent) return true;

  const aligns = separator.map(alignment);
  state.push('table_open', 'table', 1).map = [startLine, end];
  state.push('thead_open', 'thead', 1).map = [startLine, startLine + 1];
  pushRow(state, headerCells, aligns, 'th', startLine, { text: header, border });
  state.push('thead_close', 'thead', -1);
  state.push('tbody_open', 'tbody', 1).map = [startLine + 2, end];
  if (end === startLine + 2 && !quotedEmptyRow) pushRow(state, undefined, aligns, 'td', startLine + 1);
  for (let line = startLine + 2; line < end; line += 1) {
    const text = lineText(state, line);
    pushRow(state, splitRow(text, border), aligns, 'td', line, { text, border });
  }
  if (quotedEmptyRow) pushRow(state, splitRow('', border), aligns, 'td', end);
  state.push('tbody_close', 'tbody', -1);
  state.push('table_close', 'table', -1);
  state.line = end;
  return true;
}

/**
 * markdown-it plugin for the server's tables (Python-Markdown's `tables` extension), in place of
 * markdown-it's GFM tables. Use it after the plugins that define the rules in `CHAINS`.
 */
export function tablesPlugin(md: MarkdownIt): void {
  for (const [name, chains] of Object.entries(CHAINS)) {
    const rule = ruleOf(md.block.ruler, name);
    for (const chain of chains) if (!rule.alt.includes(chain)) rule.alt.push(chain);
  }
  // Not in the paragraph chain: a table starts a block of its own, never a paragraph's later line.
  // In the list chain: a block after a blank line is a table before it is a list item (the table
  // processor runs before the list processors), so `- a | b` over `--|--` ends the list above.
  md.block.ruler.at('table', tableRule, { alt: ['list'] });
}
