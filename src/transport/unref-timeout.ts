/** The longest delay timers take (2^31 - 1 ms, about 24.8 days); a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** A timer handle that may be unreferenced (Node's); browsers' numbers have no `unref`. */
type MaybeUnref = { unref?: () => void };

/**
 * `setTimeout(callback, ms)` with the delay capped at the longest a timer takes, and a timer that
 * does not keep a Node process alive: a request's own connection does, so a timeout needs not,
 * and one waiting on the in-process mock must not hold a test runner.
 */
export function unrefTimeout(callback: () => void, ms: number): ReturnType<typeof setTimeout> {
  const timer = setTimeout(callback, Math.min(ms, LONGEST_TIMER_MS));
  (timer as MaybeUnref).unref?.();
  return timer;
}
