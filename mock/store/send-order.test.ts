import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordOf } from './models';
import { SendOrder } from './send-order';
import type { Table } from './table';

type Listener = (previous: RecordOf<'message'> | undefined, next: RecordOf<'message'> | undefined) => void;

/**
 * A SendOrder fed by hand: `insert` is what the message table tells its listeners of a new record,
 * `resend` what it would tell of a record whose send time changed.
 */
function sendOrder(): {
  order: SendOrder;
  insert(id: number, sentAtMs: number): void;
  resend(id: number, before: number, after: number): void;
} {
  let listener: Listener = () => undefined;
  const table = { onChange: (next: Listener) => (listener = next) } as unknown as Table<'message'>;
  const order = new SendOrder(table);
  const record = (id: number, sentAtMs: number) => ({ id, sent_at_ms: sentAtMs }) as RecordOf<'message'>;
  return {
    order,
    insert: (id, sentAtMs) => listener(undefined, record(id, sentAtMs)),
    resend: (id, before, after) => listener(record(id, before), record(id, after)),
  };
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

  it('counts a message ordered only when no lower ID was sent after it, send times changed between inserts included', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), id: fc.integer({ min: 1, max: 12 }), sentAtMs: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ kind: fc.constant('resend' as const), pick: fc.nat(), sentAtMs: fc.integer({ min: 0, max: 20 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const { order, insert, resend } = sendOrder();
        const sent = new Map<number, number>();
        for (const next of steps) {
          if (next.kind === 'insert') {
            if (sent.has(next.id)) continue;
            insert(next.id, next.sentAtMs);
            sent.set(next.id, next.sentAtMs);
          } else if (sent.size > 0) {
            const id = [...sent.keys()][next.pick % sent.size] ?? 0;
            resend(id, sent.get(id) ?? 0, next.sentAtMs);
            sent.set(id, next.sentAtMs);
          }
        }
        for (const [id, sentAtMs] of sent) {
          if (!order.sentNoEarlierThanLowerIds(id)) continue;
          expect([...sent].filter(([other, otherSentAtMs]) => other < id && otherSentAtMs > sentAtMs)).toEqual([]);
        }
      }),
      { numRuns: 1000 },
    );
  });

  // Regression (review): only inserts were seen, so a send time moved later left a higher message counted as ordered.
  it('stops counting messages ordered when a stored send time changes', () => {
    const { order, insert, resend } = sendOrder();
    [10, 20, 30].forEach((sentAtMs, index) => insert(index + 1, sentAtMs));
    resend(1, 10, 35);
    expect([1, 2, 3].map((id) => order.sentNoEarlierThanLowerIds(id))).toEqual([false, false, false]);
    // Later messages count again once sent no earlier than the changed time, not merely the latest insert's.
    insert(4, 34);
    insert(5, 36);
    expect([4, 5].map((id) => order.sentNoEarlierThanLowerIds(id))).toEqual([false, true]);
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
