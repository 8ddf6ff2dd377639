import type { MarkdownIt, StateCore } from 'markdown-it';
import { escapeCode } from '../escape';
import { pythonRstrip } from '../../python-strip';
import { afterLeadingSpaces } from '../leading-spaces';
import { ruleOf } from '../rule-of';

const CODE_INDENT = 4;
const SPACES = /^ +$/;

const BLANK_LINE = /^[ \t]+$/gm;
const LEADING_NEWLINES = /^\n+/;

/**
 * Indented code as the server writes it: lines of spaces emptied (its whitespace step), the
 * block's end stripped (`block.rstrip()`), leading blank lines dropped (Pygments' `stripnl`), the
 * other lines' trailing spaces kept (`    a  ` is `a  `, where a fenced block trims each line).
 */
function renderIndentedCode(content: string, firstLine: string): string {
  const lines = content.replace(BLANK_LINE, '');
  const code = pythonRstrip(firstLine ? `${firstLine}\n${lines}` : lines).replace(LEADING_NEWLINES, '');
  return `<div class="codehilite"><pre><span></span><code>${escapeCode(code)}\n</code></pre></div>\n\n`;
}

const NEXT_TEXT_LINE = /\n(?:[ \t]*\n)*([^\n]*)/y;

/**
 * A first line of 4 spaces or more is, for the server, a code block of its own (empty: `<code>\n</code>`)
 * unless the next line with text goes on with it (the server joins code blocks across blank lines);
 * markdown-it sees an empty line there.
 */
function leadingSpacesCodeRule(state: StateCore): void {
  const end = state.src.indexOf('\n');
  if (end < CODE_INDENT || !SPACES.test(state.src.slice(0, end))) return;
  NEXT_TEXT_LINE.lastIndex = end;
  const next = NEXT_TEXT_LINE.exec(state.src)?.[1] ?? '';
  if (next.startsWith(' '.repeat(CODE_INDENT))) return;
  const code = new state.Token('code_block', 'code', 0);
  code.content = '';
  code.map = [0, 1];
  code.block = true;
  state.tokens.push(code);
}

/**
 * A first line of more than 4 spaces right above code is the code's first line for the server,
 * its spaces past the 4 of indentation kept (`     ` over `      x` is ` \n  x`).
 */
function leadingSpacesInCodeRule(state: StateCore): void {
  const first = state.tokens[0];
  const end = state.src.indexOf('\n');
  if (first?.type !== 'code_block' || first.map?.[0] !== 1 || end <= CODE_INDENT || !SPACES.test(state.src.slice(0, end))) return;
  first.meta = { firstLine: ' '.repeat(end - CODE_INDENT) };
}

/**
 * markdown-it plugin: 4-space indented code renders in the server's `codehilite` wrapper, then a
 * blank line. Python-Markdown's codehilite turns the block's `<pre>` into a `<p>` holding a
 * placeholder and puts Pygments' HTML, which ends in a newline, in its place: the `<p>`'s own
 * newline follows (`</div>\n\n<p>a</p>`, `</div>\n\n</blockquote>`). Fenced blocks are stashed by
 * the server's fence preprocessor instead and have no such line. A first line of spaces is read as
 * the server reads it (see `leadingSpacesCodeRule`, `afterLeadingSpaces`).
 *
 * @example
 * import MarkdownIt from 'markdown-it';
 * const md = new MarkdownIt().use(indentedCodePlugin);
 * md.render('    1\na');
 * // '<div class="codehilite"><pre><span></span><code>1\n</code></pre></div>\n\n<p>a</p>\n'
 */
export function indentedCodePlugin(md: MarkdownIt): void {
  md.core.ruler.before('block', 'zulip_leading_spaces_code', leadingSpacesCodeRule);
  const code = ruleOf(md.block.ruler, 'code');
  const codeRule = code.fn;
  md.block.ruler.at('code', (state, startLine, endLine, silent) => !afterLeadingSpaces(state, startLine) && codeRule(state, startLine, endLine, silent), {
    alt: code.alt,
  });
  md.core.ruler.after('block', 'zulip_leading_spaces_in_code', leadingSpacesInCodeRule);
  md.renderer.rules.code_block = (tokens, index) => {
    const token = tokens[index];
    return renderIndentedCode(token?.content ?? '', (token?.meta as { firstLine?: string } | null)?.firstLine ?? '');
  };
}
