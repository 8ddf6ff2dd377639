import type { MarkdownIt, StateBlock } from 'markdown-it';

const EMPTY_QUOTE_LINE = /^ {0,3}>\s*$/;

function lineAt(state: StateBlock, line: number): string {
  return state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line]);
}

// The server quotes nothing when a block holds only `>` markers: `>` alone is the text `>`.
function emptyQuoteRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent > 3) return false;
  let nextLine = startLine;
  while (nextLine < endLine && !state.isEmpty(nextLine)) {
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

/** markdown-it plugin: a block of empty `>` lines is text, not an empty quote, as on the server. */
export function emptyQuotePlugin(md: MarkdownIt): void {
  md.block.ruler.before('blockquote', 'zulip_empty_quote', emptyQuoteRule);
}
