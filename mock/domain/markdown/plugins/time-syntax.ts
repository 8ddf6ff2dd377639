import type { MarkdownIt, StateInline } from 'markdown-it';
import { escapeTextKeepingReferences } from '../escape';
import { parseTimestamp } from '../parse-time';

const TIME = /^<time:([^>]*?)>/;

function timeRule(state: StateInline, silent: boolean): boolean {
  if (!state.src.startsWith('<time:', state.pos)) return false;
  const match = TIME.exec(state.src.slice(state.pos));
  if (!match) return false;
  if (!silent) {
    const text = match[1] ?? '';
    state.push('server_time', 'time', 0).meta = { text, datetime: parseTimestamp(text) };
  }
  state.pos += match[0].length;
  return true;
}

/**
 * markdown-it plugin for `<time:...>`: a `<time datetime="...">` showing the text as typed, or
 * the server's `timestamp-error` span when the text is no time.
 */
export function timePlugin(md: MarkdownIt): void {
  // Before autolinks: `<time:1496701800>` would otherwise read as a link with scheme `time:`.
  md.inline.ruler.before('autolink', 'server_time', timeRule);
  md.renderer.rules.server_time = (tokens, index) => {
    const { text, datetime } = tokens[index]?.meta as { text: string; datetime: string | undefined };
    if (datetime === undefined) return `<span class="timestamp-error">Invalid time format: ${escapeTextKeepingReferences(text)}</span>`;
    return `<time datetime="${datetime}">${escapeTextKeepingReferences(text)}</time>`;
  };
}
