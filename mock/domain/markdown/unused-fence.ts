/** A line's opening backtick fence: up to three spaces, then three backticks or more. */
const OPENING_FENCE = /^ {0,3}(`{3,})/;

/**
 * The server's `get_unused_fence`: the shortest backtick fence (three at least) longer than any
 * that opens a line of `text`, so that the text cannot close a quote or spoiler put around it.
 * Lines end at `\n` only, as Python's multiline `^` reads them: a `\r`, U+2028 or U+2029 (where
 * JavaScript's multiline `^` also matches) does not start a line.
 *
 * @example
 * unusedFence('a\n````'); // '`````'
 * unusedFence('a\r````'); // '```'
 */
export function unusedFence(text: string): string {
  let length = 3;
  for (const line of text.split('\n')) {
    const fence = OPENING_FENCE.exec(line)?.[1];
    if (fence !== undefined) length = Math.max(length, fence.length + 1);
  }
  return '`'.repeat(length);
}
