import type { MarkdownIt, StateCore } from 'markdown-it';
import { pythonExpandTabs } from '../../python-expandtabs';

const TAB_LENGTH = 4;
// Python-Markdown's placeholder marks (STX and ETX), which it drops from what it is given.
const PLACEHOLDER_MARKS = ['\u0002', '\u0003'];
// A later line of spaces only (tabs expanded first) is emptied; the first line is kept as typed.
const SPACES_ONLY_LINE = /(?<=\n) +\n/g;

/**
 * What the server's `NormalizeWhitespace` preprocessor (Python-Markdown's, which it keeps) does to
 * the whole message before anything else reads it, code blocks included: the placeholder marks
 * U+0002 and U+0003 dropped, tabs expanded to 4-column stops, then every later line of spaces only
 * emptied (so a line of a tab is blank to the fence and code rules, as a line of spaces is).
 */
function normalizeWhitespaceRule(state: StateCore): void {
  let source = state.src;
  for (const mark of PLACEHOLDER_MARKS) if (source.includes(mark)) source = source.replaceAll(mark, '');
  if (source.includes('\t')) source = pythonExpandTabs(source, TAB_LENGTH);
  if (source.includes(' \n')) source = source.replace(SPACES_ONLY_LINE, '\n');
  state.src = source;
}

/** markdown-it plugin for the server's whitespace normalization. */
export function normalizeWhitespacePlugin(md: MarkdownIt): void {
  md.core.ruler.after('normalize', 'zulip_normalize_whitespace', normalizeWhitespaceRule);
}
