import type { StateInline } from 'markdown-it';

/**
 * Pushes `tag` around the inline Markdown between `contentStart` and `contentEnd`, then moves past
 * `end`; `markup`: the delimiter as typed, kept on the tokens.
 */
export function pushNested(
  state: StateInline,
  tags: readonly string[],
  contentStart: number,
  contentEnd: number,
  end: number,
  markup = '',
): void {
  const oldMax = state.posMax;
  for (const tag of tags) state.push(`${tag}_open`, tag, 1).markup = markup;
  state.pos = contentStart;
  state.posMax = contentEnd;
  state.md.inline.tokenize(state);
  for (let index = tags.length - 1; index >= 0; index -= 1) state.push(`${tags[index] ?? ''}_close`, tags[index] ?? '', -1).markup = markup;
  state.pos = end;
  state.posMax = oldMax;
}
