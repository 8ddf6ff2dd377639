import type { MarkdownIt, StateBlock, StateCore, StateInline } from 'markdown-it';
import { PYTHON_WHITESPACE_CLASS } from '../../python-strip';

const LEADING_SPACE = new RegExp(`^[${PYTHON_WHITESPACE_CLASS}]+`);
const ONLY_SPACE = new RegExp(`^[${PYTHON_WHITESPACE_CLASS}]*$`);

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

/**
 * Drops the whitespace between a line break and what comes next when that is all the text there
 * is before the next element or the end (`a` over `   *b*` is `a<br>\n<em>b</em>`, over `   b`
 * stays `a<br>\n   b`): Python-Markdown's prettify step sets the tail of each `<br>` that is
 * empty or whitespace to a bare newline. Runs last, on the tokens every other rule has made.
 */
function breakTailsRule(state: StateCore): void {
  for (const block of state.tokens) {
    const children = block.type === 'inline' ? block.children : null;
    if (!children) continue;
    for (let index = 0; index < children.length; index += 1) {
      if (children[index]?.type !== 'softbreak') continue;
      let end = index + 1;
      while (end < children.length && children[end]?.type === 'text' && ONLY_SPACE.test(children[end]?.content ?? '')) end += 1;
      if (end < children.length && children[end]?.type === 'text') continue;
      for (let tail = index + 1; tail < end; tail += 1) children[tail]!.content = '';
    }
  }
}

/** markdown-it plugin: the server's whitespace after line breaks (see `breakTailsRule`); use it last. */
export function breakTailsPlugin(md: MarkdownIt): void {
  md.core.ruler.push('zulip_break_tails', breakTailsRule);
}
