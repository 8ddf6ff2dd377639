import { LARGER_THAN_MAX_MESSAGE_ID } from './anchor';

/** A range around an anchor. */
export interface PageRequest {
  readonly anchor: number;
  readonly numBefore: number;
  readonly numAfter: number;
  readonly includeAnchor: boolean;
  /** The realm's oldest visible message ID (0: no limit). */
  readonly firstVisibleId: number;
}

/** The IDs of a page, ascending, and what the server reports about it. */
export interface Page {
  readonly ids: number[];
  readonly foundAnchor: boolean;
  readonly foundOldest: boolean;
  readonly foundNewest: boolean;
  readonly historyLimited: boolean;
}

/** The first index whose ID is at least `id` in an ascending list. */
function lowerBound(ids: readonly number[], id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ids[middle] ?? 0) < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Selects a page the way the server's range query does: up to `numBefore` matching messages
 * below the anchor, the anchor itself (when it matches and is included; a request for 0 and 0
 * always includes it), up to `numAfter` above it. Walking outwards from the anchor tests only as
 * many candidates as the page needs. Matching messages older than the realm's first visible
 * message are dropped; `history_limited` says so when the page reached the oldest.
 */
export function selectPage(candidates: readonly number[], matches: (id: number) => boolean, request: PageRequest): Page {
  const { anchor, numBefore, includeAnchor, firstVisibleId } = request;
  const anchoredToLeft = anchor === 0;
  const anchoredToRight = anchor >= LARGER_THAN_MAX_MESSAGE_ID;
  const numAfter = anchoredToRight ? 0 : request.numAfter;
  const start = lowerBound(candidates, anchor);
  let limited = false;
  const before: number[] = [];
  if (!anchoredToLeft) {
    for (let index = start - 1; index >= 0 && before.length < numBefore; index--) {
      const id = candidates[index] ?? 0;
      if (!matches(id)) continue;
      if (id < firstVisibleId) {
        limited = true;
        break;
      }
      before.push(id);
    }
  }
  const anchorId = candidates[start] === anchor ? anchor : undefined;
  const wantsAnchor = includeAnchor || (numBefore === 0 && numAfter === 0);
  let foundAnchor = false;
  if (anchorId !== undefined && wantsAnchor && matches(anchorId)) {
    if (anchorId < firstVisibleId) limited = true;
    else foundAnchor = true;
  }
  const after: number[] = [];
  for (let index = anchorId === undefined ? start : start + 1; index < candidates.length && after.length < numAfter; index++) {
    const id = candidates[index] ?? 0;
    if (id >= firstVisibleId && matches(id)) after.push(id);
  }
  const foundOldest = anchoredToLeft || before.length < numBefore;
  return {
    ids: [...before.reverse(), ...(foundAnchor ? [anchor] : []), ...after],
    foundAnchor,
    foundOldest,
    foundNewest: anchoredToRight || after.length < numAfter,
    historyLimited: limited && foundOldest,
  };
}
