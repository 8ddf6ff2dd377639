import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flagBits, flagNames, MESSAGE_FLAGS, type MessageFlag, UserMessages } from './user-messages';

type Operation =
  | { kind: 'add'; user: number; message: number; flags: MessageFlag[] }
  | { kind: 'set'; user: number; message: number; flag: MessageFlag; on: boolean }
  | { kind: 'remove'; message: number };

const user = fc.integer({ min: 1, max: 4 });
const message = fc.integer({ min: 1, max: 60 });
const flag = fc.constantFrom(...MESSAGE_FLAGS);
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), user, message, flags: fc.uniqueArray(flag) }),
  fc.record({ kind: fc.constant('set' as const), user, message, flag, on: fc.boolean() }),
  fc.record({ kind: fc.constant('remove' as const), message }),
);

/** The obvious model: a map from user to a map from message ID to a flag set. */
function applyToModel(model: Map<number, Map<number, Set<MessageFlag>>>, op: Operation): void {
  if (op.kind === 'add') {
    const copies = model.get(op.user) ?? new Map<number, Set<MessageFlag>>();
    copies.set(op.message, new Set(op.flags));
    model.set(op.user, copies);
  } else if (op.kind === 'set') {
    const flags = model.get(op.user)?.get(op.message);
    if (flags && op.on) flags.add(op.flag);
    else flags?.delete(op.flag);
  } else for (const copies of model.values()) copies.delete(op.message);
}

describe('UserMessages (the compact per-user copies)', () => {
  it('answers every query as a map of flag sets would, whatever order copies arrive in', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        const store = new UserMessages();
        const model = new Map<number, Map<number, Set<MessageFlag>>>();
        for (const op of operations) {
          if (op.kind === 'add') store.add(op.user, op.message, op.flags);
          else if (op.kind === 'set') store.setFlag(op.user, op.message, op.flag, op.on);
          else store.removeMessage(op.message);
          applyToModel(model, op);
        }
        for (let userId = 1; userId <= 4; userId++) {
          const copies = model.get(userId) ?? new Map<number, Set<MessageFlag>>();
          const ids = [...copies.keys()].sort((a, b) => a - b);
          expect(store.messageIds(userId)).toEqual(ids);
          expect(store.maxMessageId(userId)).toBe(ids.at(-1) ?? -1);
          expect(store.count(userId)).toBe(ids.length);
          for (const id of ids) {
            const expected = MESSAGE_FLAGS.filter((name) => copies.get(id)?.has(name));
            expect(store.flags(userId, id)).toEqual(expected);
          }
          expect(store.messageIdsWithFlag(userId, 'read')).toEqual(ids.filter((id) => copies.get(id)?.has('read')));
          expect(store.messageIdsWithFlag(userId, 'read', false)).toEqual(
            ids.filter((id) => !copies.get(id)?.has('read')),
          );
        }
        for (let id = 1; id <= 60; id++) {
          const holders = [...model].filter(([, copies]) => copies.has(id)).map(([userId]) => userId);
          expect(store.recipientIds(id)).toEqual(holders.sort((a, b) => a - b));
        }
      }),
    );
  });

  it('reports whether a flag change changed anything, and never creates a copy', () => {
    const store = new UserMessages();
    store.add(1, 10, ['mentioned']);
    expect(store.setFlag(1, 10, 'read', true)).toBe(true);
    expect(store.setFlag(1, 10, 'read', true)).toBe(false);
    expect(store.setFlag(2, 10, 'read', true)).toBe(false);
    expect(store.has(2, 10)).toBe(false);
    expect(store.flags(1, 10)).toEqual(['read', 'mentioned']);
  });
});

describe('flagNames', () => {
  it('names every set of flags in the server order, a fresh list each time, and reads back its bits', () => {
    for (let bits = 0; bits < 1 << MESSAGE_FLAGS.length; bits++) {
      const names = flagNames(bits);
      expect(names).toEqual(MESSAGE_FLAGS.filter((_, index) => (bits & (1 << index)) !== 0));
      expect(flagBits(names)).toBe(bits);
      expect(flagNames(bits)).not.toBe(names);
    }
  });
});
