/**
 * CPython's `difflib.SequenceMatcher` with its defaults (no junk function, `autojunk` on), over
 * sequences of strings compared by value: the matching blocks and the edit opcodes, exactly as
 * Python computes them, since the server's HTML diff is built on them.
 */

/** A run of `size` equal elements at `a[aStart]` and `b[bStart]`. */
export interface MatchingBlock {
  readonly aStart: number;
  readonly bStart: number;
  readonly size: number;
}

/** One step from `a[aStart:aEnd]` to `b[bStart:bEnd]`, as `get_opcodes()` names it. */
export interface Opcode {
  readonly tag: 'equal' | 'replace' | 'delete' | 'insert';
  readonly aStart: number;
  readonly aEnd: number;
  readonly bStart: number;
  readonly bEnd: number;
}

// From this length of `b` on, elements more frequent than 1% + 1 are "popular" and never start a match.
const AUTOJUNK_MIN_LENGTH = 200;

/** Where each element of `b` occurs, without the popular ones (`__chain_b`). */
function indexB(b: readonly string[]): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  b.forEach((element, index) => {
    const list = positions.get(element);
    if (list) list.push(index);
    else positions.set(element, [index]);
  });
  if (b.length >= AUTOJUNK_MIN_LENGTH) {
    const limit = Math.floor(b.length / 100) + 1;
    for (const [element, list] of positions) if (list.length > limit) positions.delete(element);
  }
  return positions;
}

/** The longest matching block of `a[aLow:aHigh]` and `b[bLow:bHigh]`, earliest in `a` then `b` (`find_longest_match`). */
function longestMatch(a: readonly string[], b: readonly string[], positions: ReadonlyMap<string, readonly number[]>, aLow: number, aHigh: number, bLow: number, bHigh: number): MatchingBlock {
  let bestI = aLow;
  let bestJ = bLow;
  let bestSize = 0;
  let lengthEndingAt = new Map<number, number>();
  for (let i = aLow; i < aHigh; i++) {
    const next = new Map<number, number>();
    for (const j of positions.get(a[i] as string) ?? []) {
      if (j < bLow) continue;
      if (j >= bHigh) break;
      const k = (lengthEndingAt.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > bestSize) {
        bestI = i - k + 1;
        bestJ = j - k + 1;
        bestSize = k;
      }
    }
    lengthEndingAt = next;
  }
  // Popular elements are left out of `positions` but may still extend a match at either end.
  // (With no junk function, the second pair of extensions in CPython never applies.)
  while (bestI > aLow && bestJ > bLow && a[bestI - 1] === b[bestJ - 1]) {
    bestI--;
    bestJ--;
    bestSize++;
  }
  while (bestI + bestSize < aHigh && bestJ + bestSize < bHigh && a[bestI + bestSize] === b[bestJ + bestSize]) bestSize++;
  return { aStart: bestI, bStart: bestJ, size: bestSize };
}

/**
 * `get_matching_blocks()`: the non-adjacent matching blocks in order, ending with the empty
 * block `(len(a), len(b), 0)`.
 */
export function matchingBlocks(a: readonly string[], b: readonly string[]): MatchingBlock[] {
  const positions = indexB(b);
  const found: MatchingBlock[] = [];
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  while (queue.length > 0) {
    const [aLow, aHigh, bLow, bHigh] = queue.pop() as [number, number, number, number];
    const match = longestMatch(a, b, positions, aLow, aHigh, bLow, bHigh);
    if (match.size === 0) continue;
    found.push(match);
    if (aLow < match.aStart && bLow < match.bStart) queue.push([aLow, match.aStart, bLow, match.bStart]);
    if (match.aStart + match.size < aHigh && match.bStart + match.size < bHigh) {
      queue.push([match.aStart + match.size, aHigh, match.bStart + match.size, bHigh]);
    }
  }
  found.sort((x, y) => x.aStart - y.aStart || x.bStart - y.bStart || x.size - y.size);
  const merged: MatchingBlock[] = [];
  let current: MatchingBlock = { aStart: 0, bStart: 0, size: 0 };
  for (const block of found) {
    if (current.aStart + current.size === block.aStart && current.bStart + current.size === block.bStart) {
      current = { ...current, size: current.size + block.size };
    } else {
      if (current.size > 0) merged.push(current);
      current = block;
    }
  }
  if (current.size > 0) merged.push(current);
  merged.push({ aStart: a.length, bStart: b.length, size: 0 });
  return merged;
}

/** `get_opcodes()` over the given matching blocks (which must end with the empty block). */
export function opcodesOf(blocks: readonly MatchingBlock[]): Opcode[] {
  const opcodes: Opcode[] = [];
  let i = 0;
  let j = 0;
  for (const { aStart, bStart, size } of blocks) {
    const tag = i < aStart && j < bStart ? 'replace' : i < aStart ? 'delete' : j < bStart ? 'insert' : undefined;
    if (tag) opcodes.push({ tag, aStart: i, aEnd: aStart, bStart: j, bEnd: bStart });
    i = aStart + size;
    j = bStart + size;
    if (size > 0) opcodes.push({ tag: 'equal', aStart, aEnd: i, bStart, bEnd: j });
  }
  return opcodes;
}

/**
 * `SequenceMatcher(None, a, b).get_opcodes()`.
 *
 * @example
 * sequenceOpcodes(['a', 'b'], ['a', 'c']); // equal a[0:1] b[0:1], then replace a[1:2] by b[1:2]
 */
export function sequenceOpcodes(a: readonly string[], b: readonly string[]): Opcode[] {
  return opcodesOf(matchingBlocks(a, b));
}
