import { ManualClock } from '../../mock/domain/clock';

/** A ManualClock that counts its live timers: set, and neither fired nor cancelled. */
export class CountingClock extends ManualClock {
  live = 0;

  override setTimer(delayMs: number, callback: () => void): () => void {
    let pending = true;
    const settle = () => {
      if (pending) this.live -= 1;
      pending = false;
    };
    this.live += 1;
    const cancel = super.setTimer(delayMs, () => {
      settle();
      callback();
    });
    return () => {
      settle();
      cancel();
    };
  }
}
