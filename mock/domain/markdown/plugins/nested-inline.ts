import type { StateInline } from 'markdown-it';

/** Pushes `tag` around the inline Markdown between `contentStart` and `contentEnd`, then moves past `end`. */
export function pushNested(
  state: StateInline,
  tags: readonly string[],
  contentStart: number,
  contentEnd: number,
  end: number,
): void {
  const oldMax = state.posMax;
  for (const tag of tags) state.push(`${tag}_open`, tag, 1);
  state.pos = contentStart;
  state.posMax = contentEnd;
  state.md.inline.tokenize(state);
  for (const tag of [...tags].reverse()) state.push(`${tag}_close`, tag, -1);
  state.pos = end;
  state.posMax = oldMax;
}
