import type { MarkdownIt, StateCore } from 'markdown-it';
import { BEFORE_MENTION_ALLOWED_CLASS } from '../before-mention';
import { type CellSource, cellText } from './tables';

// The server's mention patterns (`MENTIONS_RE`, `USER_GROUP_MENTIONS_RE`): `@**name**` or
// `@*group*`, silent or not, at the start or after whitespace or one of ' " ( { [ / <.
const USER_MENTION = new RegExp(`(?<![^${BEFORE_MENTION_ALLOWED_CLASS}])@_?\\*\\*([^*]+)\\*\\*`, 'g');
const GROUP_MENTION = new RegExp(`(?<![^${BEFORE_MENTION_ALLOWED_CLASS}])@_?\\*([^*]+)\\*`, 'g');
const QUOTE_MARKER = '>';

/**
 * A line of a quote with every mention made silent (`@**x**` → `@_**x**`), read as the server reads
 * it: with the raw `>` before it when that comes right before the text (`>@**x**` stays).
 */
function silenceMentions(line: string, afterMarker: boolean): string {
  const text = afterMarker ? QUOTE_MARKER + line : line;
  const silenced = text.replace(USER_MENTION, '@_**$1**').replace(GROUP_MENTION, '@_*$1*');
  return afterMarker ? silenced.slice(1) : silenced;
}

/**
 * Whether `raw` ends with `line` right after a `>`, with a `>` for each of the `depth` quotes the
 * line is in: each quote's `clean` silences the line as it gets it, and a line lazily going on
 * with a quote inside another has lost its `>` by the time the inner one reads it.
 */
function endsAfterMarkers(raw: string, line: string, depth: number): boolean {
  if (raw.length <= line.length || !raw.endsWith(line) || raw[raw.length - line.length - 1] !== QUOTE_MARKER) return false;
  let markers = 0;
  for (let index = raw.length - line.length - 1; index >= 0; index -= 1) if (raw[index] === QUOTE_MARKER) markers += 1;
  return markers >= depth;
}

/**
 * Whether a quoted line of text starting with a mention comes right after the `>`s of its quotes
 * in the message: on the raw line its block's lines give, else (a list's items carry the whole
 * list's lines) on the next raw line from `search.from` that ends with it. Only a mention at the
 * line's start can tell.
 */
function followsMarker(rawLines: readonly string[], mapped: number, line: string, depth: number, search: { from: number }): boolean {
  if (!line.startsWith('@')) return false;
  const raw = rawLines[mapped];
  if (raw !== undefined && raw.endsWith(line)) return endsAfterMarkers(raw, line, depth);
  for (let index = Math.max(search.from, mapped); index < rawLines.length; index += 1) {
    if (!rawLines[index]!.endsWith(line)) continue;
    search.from = index + 1;
    return endsAfterMarkers(rawLines[index]!, line, depth);
  }
  return false;
}

function quotedMentionsRule(state: StateCore): void {
  let quoteDepth = 0;
  // Quotes written with `>` (not those of ```quote fences or read inside a list's port).
  let markedDepth = 0;
  let rawLines: string[] | undefined;
  // Where to look on for lines the block's own lines do not give, in the message's order.
  const search = { from: 0 };
  for (const token of state.tokens) {
    if (token.type === 'blockquote_open' || token.type === 'blockquote_close') {
      quoteDepth += token.nesting;
      if (token.markup === QUOTE_MARKER) markedDepth += token.nesting;
    }
    else if (quoteDepth === 0 || !token.content.includes('@')) continue;
    else if (token.type === 'code_block') token.content = silenceMentions(token.content, false);
    else if (token.type === 'inline') {
      const first = token.map?.[0] ?? -1;
      const raw = (rawLines ??= state.src.split('\n'));
      const cell = (token.meta as { cellSource?: CellSource } | null)?.cellSource;
      if (cell) {
        // A table cell: the server silences its row's mentions before splitting the row.
        token.content = cellText(silenceMentions(cell.row, followsMarker(raw, first, cell.row, markedDepth, search)), cell.border, cell.index);
        continue;
      }
      token.content = token.content
        .split('\n')
        .map((line, index) => silenceMentions(line, followsMarker(raw, first + index, line, markedDepth, search)))
        .join('\n');
    }
  }
}

/**
 * markdown-it plugin: mentions inside quotes (`>` lines and ```` ```quote ```` blocks) are silent,
 * as on the server, whose quote processor rewrites them to the silent syntax before the inline
 * rules see them: a quoted mention notifies nobody and sets no mention flag. Being a rewrite of the
 * text, it reaches into quoted code spans and indented code blocks too (`>      @**all**` shows
 * `@_**all**`), as the server's does (fenced code it has set aside before). It reads each raw line,
 * `>` included, so a mention right after the `>` (`>@**all**`) stays as written and notifies (and
 * names only whom the message mentions elsewhere too: see `mentionedNames`).
 */
export function quotedMentionsPlugin(md: MarkdownIt): void {
  md.core.ruler.before('inline', 'zulip_quoted_mentions', quotedMentionsRule);
}
