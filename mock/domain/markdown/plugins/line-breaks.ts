import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';
import { PYTHON_WHITESPACE_CLASS } from '../../python-strip';

const LEADING_SPACE = new RegExp(`^[${PYTHON_WHITESPACE_CLASS}]+`);

// As markdown-it's paragraph rule, except that only leading whitespace is dropped: the server
// keeps trailing spaces (`test  ` stays `<p>test  </p>`) and the indentation of later lines.
function paragraphRule(state: StateBlock, startLine: number, endLine: number): boolean {
  const terminators = state.md.block.ruler.getRules('paragraph');
  const oldParentType = state.parentType;
  let nextLine = startLine + 1;
  // Not 'paragraph' while asking what ends it: markdown-it lets only lists starting at 1
  // interrupt a paragraph, the server lets any list item do so (`B` then `  3. C` nests).
  state.parentType = 'zulip_paragraph' as typeof state.parentType;
  for (; nextLine < endLine && !state.isEmpty(nextLine); nextLine += 1) {
    if (state.sCount[nextLine]! - state.blkIndent > 3 || state.sCount[nextLine]! < 0) continue;
    if (terminators.some((rule) => rule(state, nextLine, endLine, true))) break;
  }
  state.parentType = 'paragraph';
  // Python-Markdown's `lstrip()`: U+0085 and U+001C..U+001F go, U+FEFF stays.
  const content = state.getLines(startLine, nextLine, state.blkIndent, false).replace(LEADING_SPACE, '');
  state.line = nextLine;
  state.push('paragraph_open', 'p', 1).map = [startLine, nextLine];
  const inline = state.push('inline', '', 0);
  inline.content = content;
  inline.map = [startLine, nextLine];
  inline.children = [];
  state.push('paragraph_close', 'p', -1);
  state.parentType = oldParentType;
  return true;
}

// Every newline inside a paragraph is a line break; spaces around it stay as typed.
function newlineRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x0a) return false;
  if (!silent) state.push('softbreak', 'br', 0);
  state.pos += 1;
  return true;
}

/** markdown-it plugin for the server's whitespace in paragraphs and its `<br>` line breaks. */
export function lineBreaksPlugin(md: MarkdownIt): void {
  md.block.ruler.at('paragraph', paragraphRule);
  md.inline.ruler.at('newline', newlineRule);
}
