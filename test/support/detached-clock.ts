import type { CancelTimer, Clock } from '../../mock/domain/clock';

/**
 * A clock whose time and timers move apart, as an `OffsetClock`'s do (its timers keep the real-time
 * schedule they were set with): `time` changes only when set, timers fire only on `fire()`.
 *
 * @example
 * const clock = new DetachedClock(Date.UTC(2025, 0, 1));
 * const mock = createMockServer({ clock });
 * clock.time = Date.UTC(2024, 0, 1); // set back
 * clock.fire(); // the timers fire early, by the realm's time
 */
export class DetachedClock implements Clock {
  time: number;
  readonly #callbacks = new Set<() => void>();

  constructor(start: number) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(_delayMs: number, callback: () => void): CancelTimer {
    const once = () => callback();
    this.#callbacks.add(once);
    return () => this.#callbacks.delete(once);
  }

  /** Fires every pending timer, whatever its delay, in the order they were set. */
  fire(): void {
    const pending = [...this.#callbacks];
    this.#callbacks.clear();
    for (const callback of pending) callback();
  }
}
