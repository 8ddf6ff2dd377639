/**
 * Whole UNIX seconds of a stored time in milliseconds, as the API reports timestamps (the clock's
 * `unixSeconds` is the same for its current time).
 *
 * @example
 * unixSecondsOf(1_700_000_000_999); // 1700000000
 */
export function unixSecondsOf(milliseconds: number): number {
  return Math.floor(milliseconds / 1000);
}
