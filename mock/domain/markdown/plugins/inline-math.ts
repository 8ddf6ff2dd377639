import type { MarkdownIt, StateInline } from 'markdown-it';
import { renderTex } from '../tex';
import { crossesEarlierSpan } from './star-cascade';

// The server's inline math: `$$body$$` not touching a word character or another `$` outside;
// the body starts with none of newline, `_`, `$` and holds no newline and no unescaped `$`.
const INLINE_MATH = /^\$\$([^\n_$](?:\\\$|[^$\n])*)\$\$(?!\$)/;

// Python's `\w` on text, which the server's `\B` reads: any letter or numeral, and `_` (é too).
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

function isWordCharacter(char: string | undefined): boolean {
  return char !== undefined && WORD_CHARACTER.test(char);
}

function inlineMathRule(state: StateInline, silent: boolean): boolean {
  if (!state.src.startsWith('$$', state.pos)) return false;
  const before = state.src[state.pos - 1];
  if (before === '$' || isWordCharacter(before)) return false;
  const match = INLINE_MATH.exec(state.src.slice(state.pos, state.posMax));
  if (!match) return false;
  const end = state.pos + match[0].length;
  if (isWordCharacter(state.src[end])) return false;
  // Code spans come first on the server: one starting inside leaves no closing `$$`.
  if (crossesEarlierSpan(state, state.pos + 1, end - 2)) return false;
  if (!silent) state.push('zulip_inline_math', '', 0).content = match[1] ?? '';
  state.pos = end;
  return true;
}

/** markdown-it plugin for inline `$$math$$`, rendered with KaTeX as the server does. */
export function inlineMathPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('escape', 'zulip_inline_math', inlineMathRule);
  md.renderer.rules.zulip_inline_math = (tokens, index) => renderTex(tokens[index]?.content ?? '', false);
}
