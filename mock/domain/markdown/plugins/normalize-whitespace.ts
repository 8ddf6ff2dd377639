import type { MarkdownIt, StateCore } from 'markdown-it';
import { pythonExpandTabs } from '../../python-expandtabs';

const TAB_LENGTH = 4;
// Python-Markdown's placeholder marks (STX and ETX), which it drops from what it is given.
const PLACEHOLDER_MARKS = ['\u0002', '\u0003'];

/**
 * What the server's `NormalizeWhitespace` preprocessor (Python-Markdown's, which it keeps) does to
 * the whole message before anything else reads it, code blocks included: the placeholder marks
 * U+0002 and U+0003 dropped and tabs expanded to 4-column stops.
 */
function normalizeWhitespaceRule(state: StateCore): void {
  let source = state.src;
  for (const mark of PLACEHOLDER_MARKS) if (source.includes(mark)) source = source.replaceAll(mark, '');
  if (source.includes('\t')) source = pythonExpandTabs(source, TAB_LENGTH);
  state.src = source;
}

/** markdown-it plugin for the server's whitespace normalization. */
export function normalizeWhitespacePlugin(md: MarkdownIt): void {
  md.core.ruler.after('normalize', 'zulip_normalize_whitespace', normalizeWhitespaceRule);
}
