import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordOf } from './models';
import { SendOrder } from './send-order';
import type { Table } from './table';

type Listener = (previous: RecordOf<'message'> | undefined, next: RecordOf<'message'> | undefined) => void;

/** A SendOrder fed by hand: `insert` is what the message table tells its listeners of a new record. */
function sendOrder(): { order: SendOrder; insert(id: number, sentAtMs: number): void } {
  let listener: Listener = () => undefined;
  const table = { onChange: (next: Listener) => (listener = next) } as unknown as Table<'message'>;
  const order = new SendOrder(table);
  return { order, insert: (id, sentAtMs) => listener(undefined, { id, sent_at_ms: sentAtMs } as RecordOf<'message'>) };
}

describe('SendOrder', () => {
  it('counts a message ordered only when no lower ID was sent after it, whatever the order of inserts', () => {
    const inserts = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 50 }), sentAtMs: fc.integer({ min: 0, max: 20 }) }), { selector: (entry) => entry.id });
    fc.assert(
      fc.property(inserts, (entries) => {
        const { order, insert } = sendOrder();
        for (const { id, sentAtMs } of entries) insert(id, sentAtMs);
        for (const { id, sentAtMs } of entries) {
          if (!order.sentNoEarlierThanLowerIds(id)) continue;
          expect(entries.filter((other) => other.id < id && other.sentAtMs > sentAtMs)).toEqual([]);
        }
      }),
    );
  });

  it('counts every message ordered while the clock only moves forward, and those above the last set back', () => {
    const { order, insert } = sendOrder();
    [10, 10, 20, 35].forEach((sentAtMs, index) => insert(index + 1, sentAtMs));
    expect([1, 2, 3, 4].map((id) => order.sentNoEarlierThanLowerIds(id))).toEqual([true, true, true, true]);
    // Sent after the clock was set back: one threshold, so the messages below it no longer count either.
    insert(5, 30);
    insert(6, 40);
    expect([4, 5, 6].map((id) => order.sentNoEarlierThanLowerIds(id))).toEqual([false, false, true]);
  });
});
