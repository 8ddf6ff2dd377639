import type { MarkdownIt, StateInline } from 'markdown-it';
import { escapeText } from '../escape';

// A run of backticks, content kept exactly (padding included), the same run closing. The server's
// `BACKTICK_RE` reads `.` over newlines too (Python-Markdown compiles it with DOTALL), so a span
// may go on over the paragraph's next lines, the newline kept in the code.
const CODE_SPAN = /^(`+)([^]+?)(?<!`)\1(?!`)/;

function codeSpanRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x60 /* ` */) return false;
  if (state.pos > 0 && state.src.charCodeAt(state.pos - 1) === 0x60) return false;
  const match = CODE_SPAN.exec(state.src.slice(state.pos, state.posMax));
  if (!match) {
    // An unmatched run is text, as a whole.
    const run = /^`+/.exec(state.src.slice(state.pos))?.[0] ?? '`';
    if (!silent) state.pending += run;
    state.pos += run.length;
    return true;
  }
  if (!silent) state.push('code_inline', 'code', 0).content = match[2] ?? '';
  state.pos += match[0].length;
  return true;
}

/**
 * Backslashes before a backtick, as the server's `BACKTICK_RE` reads them (it has no other
 * backslash escapes): an even run is halved and the backticks may open code; after an odd run
 * the backticks are text.
 */
function backslashesBeforeBackticksRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5c /* \ */) return false;
  if (state.pos > 0 && state.src.charCodeAt(state.pos - 1) === 0x5c) return false;
  let end = state.pos;
  while (end < state.posMax && state.src.charCodeAt(end) === 0x5c) end += 1;
  if (state.src.charCodeAt(end) !== 0x60 /* ` */) return false;
  const run = end - state.pos;
  if (run % 2 === 1) end += /^`+/.exec(state.src.slice(end))?.[0].length ?? 0;
  if (!silent) state.pending += run % 2 === 0 ? '\\'.repeat(run / 2) : state.src.slice(state.pos, end);
  state.pos = end;
  return true;
}

/** markdown-it plugin for the server's inline code: padding kept, content escaped as text. */
export function inlineCodePlugin(md: MarkdownIt): void {
  md.inline.ruler.at('backticks', codeSpanRule);
  md.inline.ruler.before('backticks', 'zulip_backtick_backslashes', backslashesBeforeBackticksRule);
  md.renderer.rules.code_inline = (tokens, index) => `<code>${escapeText(tokens[index]?.content ?? '')}</code>`;
}
