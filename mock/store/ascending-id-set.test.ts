import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AscendingIdSet, ascendingIds } from './ascending-id-set';

describe('AscendingIdSet', () => {
  it('lists its IDs ascending after any mix of adds (in and out of order), deletes and clears', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), id: fc.integer({ min: 1, max: 60 }) }),
      fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 1, max: 60 }) }),
      fc.record({ kind: fc.constant('clear' as const) }),
      fc.record({ kind: fc.constant('read' as const) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 80 }), (operations) => {
        const set = new AscendingIdSet();
        const reference = new Set<number>();
        for (const step of operations) {
          if (step.kind === 'add') {
            set.add(step.id);
            reference.add(step.id);
          } else if (step.kind === 'delete') {
            expect(set.delete(step.id)).toBe(reference.delete(step.id));
          } else if (step.kind === 'clear') {
            set.clear();
            reference.clear();
          } else {
            expect(set.ascending()).toEqual([...reference].sort((a, b) => a - b));
          }
        }
        expect(set.ascending()).toEqual([...reference].sort((a, b) => a - b));
        expect(set.size).toBe(reference.size);
      }),
    );
  });

  it('never changes a list it handed out', () => {
    const set = new AscendingIdSet();
    set.add(1);
    set.add(5);
    const first = set.ascending();
    set.add(9);
    set.delete(1);
    expect(first).toEqual([1, 5]);
    expect(set.ascending()).toEqual([5, 9]);
  });

  it('keeps its version while the list only grows, and changes it otherwise', () => {
    const set = new AscendingIdSet();
    const start = set.version;
    set.add(3);
    set.add(4);
    expect(set.version).toBe(start);
    set.add(2);
    expect(set.version).toBeGreaterThan(start);
    const afterOutOfOrder = set.version;
    set.delete(3);
    expect(set.version).toBeGreaterThan(afterOutOfOrder);
  });

  it('ascendingIds sorts a plain set numerically', () => {
    expect(ascendingIds(new Set([10, 9, 100]))).toEqual([9, 10, 100]);
  });
});
