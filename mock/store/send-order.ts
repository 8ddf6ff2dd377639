import type { Table } from './table';

/**
 * Where message IDs ascend with send times, kept in step with the message table (so rebuilt with
 * it on load). They do while the clock only moves forward; a message sent after the clock was set
 * back, a record inserted below the highest ID, or a stored send time changed breaks the order up
 * to some ID. Above it, every message was sent no earlier than all those with lower IDs, so a
 * search for recent messages that walks IDs down may stop at the first old one.
 *
 * @example
 * // Walking message IDs down for those sent since `since`: stop at the first older one the order vouches for.
 * const since = clock.now() - 3_600_000;
 * for (const message of store.tables.message.all().reverse()) {
 *   if (message.sent_at_ms < since && store.sendOrder.sentNoEarlierThanLowerIds(message.id)) break;
 * }
 */
export class SendOrder {
  #highestId = Number.NEGATIVE_INFINITY;
  #latestSentAtMs = Number.NEGATIVE_INFINITY;
  /** No message above this ID was sent before a message with a lower ID. */
  #unorderedUpTo = Number.NEGATIVE_INFINITY;

  constructor(messages: Table<'message'>) {
    messages.onChange((previous, next) => {
      if (!previous && next) this.#add(next.id, next.sent_at_ms);
      else if (previous && next && previous.sent_at_ms !== next.sent_at_ms) this.#resend(next.sent_at_ms);
    });
  }

  /**
   * A stored message's send time changed (nothing does this today): how it compares with the
   * others is not tracked, so no message up to the highest ID counts as ordered any more, and
   * later messages must be sent no earlier than the new time.
   */
  #resend(sentAtMs: number): void {
    this.#unorderedUpTo = Math.max(this.#unorderedUpTo, this.#highestId);
    this.#latestSentAtMs = Math.max(this.#latestSentAtMs, sentAtMs);
  }

  #add(id: number, sentAtMs: number): void {
    // Below the highest ID: which messages it was sent before or after is not tracked, so none up to there counts as ordered.
    if (id < this.#highestId) this.#unorderedUpTo = Math.max(this.#unorderedUpTo, this.#highestId);
    else if (sentAtMs < this.#latestSentAtMs) this.#unorderedUpTo = id;
    this.#highestId = Math.max(this.#highestId, id);
    this.#latestSentAtMs = Math.max(this.#latestSentAtMs, sentAtMs);
  }

  /** Whether every message with a lower ID than `id`, deleted ones included, was sent no later than it. */
  sentNoEarlierThanLowerIds(id: number): boolean {
    return id > this.#unorderedUpTo;
  }
}
