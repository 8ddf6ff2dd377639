import { type CancelTimer, type Clock, setClockTimer } from '../clock';

/**
 * The realm's one waiting-period timer: set for the earliest moment a provisional member
 * qualifies for `role:fullmembers`, replaced whenever that moment is computed again, cancelled
 * when the realm is reset or restored. It belongs to the running realm, not to its saved state.
 */
export class PromotionTimer {
  #cancel: CancelTimer | undefined;
  #due = Number.POSITIVE_INFINITY;

  /**
   * The moment the timer is set for (milliseconds on the realm's clock), `Infinity` when none is
   * set. Never later than the moment the next member qualifies, so before it nobody can be promoted.
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
