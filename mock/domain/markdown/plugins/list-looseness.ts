import type { MarkdownIt, StateCore, Token } from 'markdown-it';

/** A list's lines: where it starts, its last line with text, and the lists nested in it. */
interface ListSpan {
  readonly open: number;
  readonly close: number;
  readonly start: number;
  readonly lastText: number;
}

const isListOpen = (token: Token | undefined) => token?.type === 'bullet_list_open' || token?.type === 'ordered_list_open';
const isListClose = (token: Token | undefined) => token?.type === 'bullet_list_close' || token?.type === 'ordered_list_close';

function closeOf(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let index = open; index < tokens.length; index += 1) {
    if (isListOpen(tokens[index])) depth += 1;
    else if (isListClose(tokens[index]) && (depth -= 1) === 0) return index;
  }
  return tokens.length - 1;
}

function spanOf(tokens: readonly Token[], lines: readonly string[], open: number): ListSpan {
  const close = closeOf(tokens, open);
  const [start = 0, end = start + 1] = tokens[open]?.map ?? [];
  let lastText = end - 1;
  while (lastText > start && (lines[lastText] ?? '').trim() === '') lastText -= 1;
  return { open, close, start, lastText };
}

/**
 * Marks each item of a list tight or loose as the server's list processors do, item by item
 * (markdown-it decides for the whole list): a blank line of the list itself (not of a list nested
 * in it) loosens the item it follows inside or ends, and every item after it. So `* a` over `* b`,
 * a blank line, `* c` keeps `a` tight.
 */
function listLoosenessRule(state: StateCore): void {
  const { tokens } = state;
  if (!tokens.some(isListOpen)) return;
  const lines = state.src.split('\n');
  const spans = tokens.flatMap((token, index) => (isListOpen(token) ? [spanOf(tokens, lines, index)] : []));
  for (const list of spans) {
    const nested = spans.filter((other) => other.open > list.open && other.close < list.close);
    const blanks: number[] = [];
    for (let line = list.start; line < list.lastText; line += 1) {
      const inNested = nested.some((other) => other.start <= line && line <= other.lastText);
      if ((lines[line] ?? '').trim() === '' && !inNested) blanks.push(line);
    }
    const level = (tokens[list.open]?.level ?? 0) + 1;
    const items = tokens.flatMap((token, index) => (index > list.open && index < list.close && token.type === 'list_item_open' && token.level === level ? [index] : []));
    items.forEach((item, position) => {
      const next = items[position + 1];
      const end = next === undefined ? list.lastText + 1 : (tokens[next]?.map?.[0] ?? list.lastText + 1);
      const tight = !blanks.some((blank) => blank < end);
      for (let index = item + 1; index < (next ?? list.close); index += 1) {
        const token = tokens[index];
        if (token && token.level === level + 1 && (token.type === 'paragraph_open' || token.type === 'paragraph_close')) token.hidden = tight;
      }
    });
  }
}

/** markdown-it plugin: the server's per-item tight and loose list items. */
export function listLoosenessPlugin(md: MarkdownIt): void {
  md.core.ruler.after('block', 'zulip_list_looseness', listLoosenessRule);
}
