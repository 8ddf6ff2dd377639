import { type CancelTimer, type Clock, setClockTimer } from './clock';

/**
 * One timer of the running realm for a job that waits for a moment on its clock (the next
 * scheduled delivery, the next member to qualify for `role:fullmembers`): set for the earliest
 * such moment, replaced whenever that moment is computed again, cancelled when the realm is reset
 * or restored. It belongs to the running realm, not to its saved state, so a realm holds one
 * timer per job however often the job's moments change.
 *
 * @example
 * // What `mock.state.deliveryTimer` does for the scheduled-message worker:
 * import { deliverDueScheduledMessages } from './scheduled-messages/delivery';
 * const timer = new RealmTimer();
 * timer.set(clock, Date.UTC(2026, 0, 1, 9), () => deliverDueScheduledMessages(state));
 * timer.due; // the moment it is set for; Infinity once cancelled
 */
export class RealmTimer {
  #cancel: CancelTimer | undefined;
  #due = Number.POSITIVE_INFINITY;

  /**
   * The moment the timer is set for (milliseconds on the realm's clock), `Infinity` when none is
   * set. Never later than the job's next moment, so before it the job has nothing to do.
   */
  get due(): number {
    return this.#due;
  }

  /** Sets the timer for `due` in place of the one set before; `Infinity` leaves none. */
  set(clock: Clock, due: number, callback: () => void): void {
    this.cancel();
    this.#due = due;
    if (Number.isFinite(due)) this.#cancel = setClockTimer(clock, due - clock.now(), callback);
  }

  /** Cancels the timer (a realm reset or restored): nothing is due. */
  cancel(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    this.#due = Number.POSITIVE_INFINITY;
  }
}
