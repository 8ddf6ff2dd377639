/** A day in milliseconds, on any clock. */
export const DAY_MS = 86_400_000;

/** Cancels a timer set with {@link Clock.setTimer}. */
export type CancelTimer = () => void;

/** The mock's only source of time: inject a {@link ManualClock} to move time in tests. */
export interface Clock {
  /** Milliseconds since the UNIX epoch. */
  now(): number;
  /**
   * Calls `callback` once `delayMs` have passed on this clock. Timers never keep a process
   * alive: a test that ends with a long-poll pending exits. Clocks without it get
   * `setClockTimer`'s system-timer fallback.
   */
  setTimer?(delayMs: number, callback: () => void): CancelTimer;
}

/** The longest delay `setTimeout` takes (2^31 - 1 ms, about 24.8 days): longer ones fire at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

function systemTimer(delayMs: number, callback: () => void): CancelTimer {
  let timer: ReturnType<typeof setTimeout>;
  // A longer delay waits in steps the runtime accepts (a message scheduled a month ahead).
  const arm = (remainingMs: number) => {
    const stepMs = Math.min(remainingMs, MAX_TIMEOUT_MS);
    timer = setTimeout(() => (remainingMs > stepMs ? arm(remainingMs - stepMs) : callback()), stepMs);
    // Browsers return a number; Node a Timeout, which must not hold the process open.
    (timer as { unref?: () => void }).unref?.();
  };
  arm(delayMs);
  return () => clearTimeout(timer);
}

/** A clock that reads the system time. */
export const systemClock: Clock = { now: () => Date.now(), setTimer: systemTimer };

/** Sets a timer on a clock, falling back to an unreferenced system timer. */
export function setClockTimer(clock: Clock, delayMs: number, callback: () => void): CancelTimer {
  return clock.setTimer ? clock.setTimer(delayMs, callback) : systemTimer(delayMs, callback);
}

interface PendingTimer {
  readonly due: number;
  readonly order: number;
  readonly callback: () => void;
}

/**
 * A clock that moves only when told to; moving it fires the timers that fell due, in order.
 *
 * @example
 * const clock = new ManualClock(Date.UTC(2025, 0, 1));
 * const mock = createMockServer({ clock });
 * clock.advance(60_000); // queue expiry, presence and rate-limit windows move with it
 */
export class ManualClock implements Clock {
  #now: number;
  #timers: PendingTimer[] = [];
  #order = 0;

  /** @param start milliseconds since the epoch (default 2025-01-01T00:00:00Z). */
  constructor(start = Date.UTC(2025, 0, 1)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimer(delayMs: number, callback: () => void): CancelTimer {
    const timer = { due: this.#now + Math.max(0, delayMs), order: this.#order++, callback };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((pending) => pending !== timer);
    };
  }

  /** Moves time forward, firing every timer due by then. */
  advance(milliseconds: number): void {
    if (milliseconds < 0) throw new RangeError('a ManualClock only moves forward');
    this.set(this.#now + milliseconds);
  }

  /** Jumps to a point in time, firing every timer due by then (a jump back fires none). */
  set(milliseconds: number): void {
    for (;;) {
      const next = this.#nextDue(milliseconds);
      if (!next) break;
      this.#timers = this.#timers.filter((pending) => pending !== next);
      this.#now = Math.max(this.#now, next.due);
      next.callback();
    }
    this.#now = milliseconds;
  }

  #nextDue(until: number): PendingTimer | undefined {
    let next: PendingTimer | undefined;
    for (const timer of this.#timers) {
      if (timer.due > until) continue;
      if (!next || timer.due < next.due || (timer.due === next.due && timer.order < next.order)) next = timer;
    }
    return next;
  }
}

/** Whole UNIX seconds of a clock, as the API reports timestamps. */
export function unixSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}

/**
 * The system time plus an offset that only grows when told to: a standalone server's clock,
 * which follows real time until an administrator moves it (`POST /__admin/clock`). Timers keep
 * the real-time schedule they were set with; a realm on this clock runs what fell due as it moves
 * ({@link OffsetClock.onMove}).
 *
 * @example
 * const clock = new OffsetClock();
 * const mock = createMockServer({ clock });
 * clock.advance(24 * 60 * 60 * 1000); // a day later, as far as the realm can tell
 */
export class OffsetClock implements Clock {
  #offset = 0;
  readonly #moveListeners = new Set<() => void>();

  now(): number {
    return Date.now() + this.#offset;
  }

  setTimer(delayMs: number, callback: () => void): CancelTimer {
    return systemTimer(delayMs, callback);
  }

  /** Moves time forward. */
  advance(milliseconds: number): void {
    if (milliseconds < 0) throw new RangeError('the clock only moves forward');
    this.#offset += milliseconds;
    this.#moved();
  }

  /** Jumps to a point in time (milliseconds since the epoch). */
  set(milliseconds: number): void {
    this.#offset = milliseconds - Date.now();
    this.#moved();
  }

  /**
   * Calls `listener` after each `advance` or `set`; returns what stops it. A mock realm listens to
   * run the jobs that fell due (scheduled messages, reminders, the weekly channel job, thumbnails)
   * at once, so a waiting long-poll hears of them without another request.
   *
   * @example
   * const stop = clock.onMove(() => console.log(new Date(clock.now())));
   */
  onMove(listener: () => void): () => void {
    this.#moveListeners.add(listener);
    return () => this.#moveListeners.delete(listener);
  }

  #moved(): void {
    for (const listener of this.#moveListeners) listener();
  }
}
