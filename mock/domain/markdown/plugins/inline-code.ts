import type { MarkdownIt, StateInline } from 'markdown-it';
import { escapeText } from '../escape';

// A run of backticks, content on one line kept exactly (padding included), the same run closing.
const CODE_SPAN = /^(`+)([^\n]+?)(?<!`)\1(?!`)/;

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

/** markdown-it plugin for the server's inline code: padding kept, content escaped as text. */
export function inlineCodePlugin(md: MarkdownIt): void {
  md.inline.ruler.at('backticks', codeSpanRule);
  md.renderer.rules.code_inline = (tokens, index) => `<code>${escapeText(tokens[index]?.content ?? '')}</code>`;
}
