import type { MarkdownIt, StateInline } from 'markdown-it';
import { PYTHON_WHITESPACE_CLASS } from '../../python-strip';
import { pushNested } from './nested-inline';

interface Pattern {
  readonly regex: RegExp;
  readonly tags: readonly string[];
  readonly delimiter: number;
}

// The server's patterns, tried in its order at a `*`: `***strong em***`, `**strong**` (on one
// line, content taken lazily), `*em*` (no `*` inside, no space just inside the stars).
// The space is Python's `\s` (U+0085 and U+001C..U+001F are, U+FEFF is not).
const SPACE = `[${PYTHON_WHITESPACE_CLASS}]`;
const STAR_PATTERNS: readonly Pattern[] = [
  { regex: new RegExp(`^\\*\\*\\*(?!${SPACE})[^*^\\n]+(?<!${SPACE})\\*\\*\\*`), tags: ['strong', 'em'], delimiter: 3 },
  { regex: /^\*\*[^\n]+?\*\*/, tags: ['strong'], delimiter: 2 },
  { regex: new RegExp(`^\\*(?!${SPACE})[^*^\\n]+(?<!${SPACE})\\*`), tags: ['em'], delimiter: 1 },
];

// `~~del~~`: not next to another `~`, on one line.
const DEL: Pattern = { regex: /^~~[^~\n]+?~~(?!~)/, tags: ['del'], delimiter: 2 };

function applyPattern(state: StateInline, pattern: Pattern, silent: boolean): boolean {
  const match = pattern.regex.exec(state.src.slice(state.pos, state.posMax));
  if (!match) return false;
  const end = state.pos + match[0].length;
  if (silent) {
    state.pos = end;
    return true;
  }
  pushNested(state, pattern.tags, state.pos + pattern.delimiter, end - pattern.delimiter, end);
  return true;
}

function starRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x2a /* * */) return false;
  return STAR_PATTERNS.some((pattern) => applyPattern(state, pattern, silent));
}

function delRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x7e /* ~ */) return false;
  if (state.pos > 0 && state.src.charCodeAt(state.pos - 1) === 0x7e) return false;
  return applyPattern(state, DEL, silent);
}

// Underscores never emphasize in the server's dialect: they are text.
function underscoreRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5f /* _ */) return false;
  if (!silent) state.pending += '_';
  state.pos += 1;
  return true;
}

/**
 * markdown-it plugin for the server's emphasis: `*em*`, `**strong**`, `***both***` and
 * `~~del~~` as its regular expressions match them, and `_` never emphasizing.
 */
export function emphasisPlugin(md: MarkdownIt): void {
  md.disable(['emphasis', 'strikethrough']);
  md.inline.ruler.before('emphasis', 'zulip_star', starRule);
  md.inline.ruler.before('emphasis', 'zulip_del', delRule);
  md.inline.ruler.before('emphasis', 'zulip_underscore', underscoreRule);
}
