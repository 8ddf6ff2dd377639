/** The mock's only source of time: inject a {@link ManualClock} to move time in tests. */
export interface Clock {
  /** Milliseconds since the UNIX epoch. */
  now(): number;
}

/** A clock that reads the system time. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that moves only when told to. */
export class ManualClock implements Clock {
  #now: number;

  /** @param start milliseconds since the epoch (default 2025-01-01T00:00:00Z). */
  constructor(start = Date.UTC(2025, 0, 1)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  /** Moves time forward. */
  advance(milliseconds: number): void {
    if (milliseconds < 0) throw new RangeError('a ManualClock only moves forward');
    this.#now += milliseconds;
  }

  /** Jumps to a point in time. */
  set(milliseconds: number): void {
    this.#now = milliseconds;
  }
}

/** Whole UNIX seconds of a clock, as the API reports timestamps. */
export function unixSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}
