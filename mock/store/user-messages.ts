/**
 * The per-user message flags the API shows, in the server's order (its `UserMessage.flags` bit
 * order; `wildcard_mentioned` is derived on the wire, not stored).
 */
export const MESSAGE_FLAGS = [
  'read',
  'starred',
  'collapsed',
  'mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'has_alert_word',
  'historical',
] as const;

/** A stored message flag. */
export type MessageFlag = (typeof MESSAGE_FLAGS)[number];

const BIT = Object.fromEntries(MESSAGE_FLAGS.map((flag, index) => [flag, 1 << index])) as Record<MessageFlag, number>;

/** One user's copies: message IDs ascending, with the flag bits of each at the same index. */
interface Copies {
  ids: Int32Array;
  bits: Uint16Array;
  length: number;
}

const INITIAL_CAPACITY = 16;

function emptyCopies(): Copies {
  return { ids: new Int32Array(INITIAL_CAPACITY), bits: new Uint16Array(INITIAL_CAPACITY), length: 0 };
}

/** The index of `id` in the sorted prefix, or where it would be inserted. */
function search(copies: Copies, id: number): number {
  let low = 0;
  let high = copies.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((copies.ids[middle] ?? 0) < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

function grow(copies: Copies): void {
  const ids = new Int32Array(copies.ids.length * 2);
  const bits = new Uint16Array(copies.bits.length * 2);
  ids.set(copies.ids);
  bits.set(copies.bits);
  copies.ids = ids;
  copies.bits = bits;
}

/** Flag bits from flag names. */
export function flagBits(flags: readonly MessageFlag[]): number {
  let bits = 0;
  for (let index = 0; index < flags.length; index++) bits |= BIT[flags[index] as MessageFlag];
  return bits;
}

/** Flag names from flag bits, in the server's order (a fresh list: callers may keep or change it). */
export function flagNames(bits: number): MessageFlag[] {
  const names: MessageFlag[] = [];
  // Bit i is the i-th flag; most copies have few flags set.
  for (let rest = bits, index = 0; rest !== 0 && index < MESSAGE_FLAGS.length; rest >>>= 1, index++) {
    if ((rest & 1) !== 0) names.push(MESSAGE_FLAGS[index] as MessageFlag);
  }
  return names;
}

/**
 * Which users have a copy of which messages, and their flags (the server's `UserMessage` rows).
 * A realm of 100,000 messages reaching 50 users each has five million copies, so each user's
 * copies are two typed arrays sorted by message ID (six bytes a copy) rather than a record
 * each; lookups are binary searches and new messages append.
 */
export class UserMessages {
  readonly #byUser = new Map<number, Copies>();

  /** Gives a user a copy of a message with these flags (replacing the flags of an existing copy). */
  add(userId: number, messageId: number, flags: readonly MessageFlag[] = []): void {
    let copies = this.#byUser.get(userId);
    if (!copies) {
      copies = emptyCopies();
      this.#byUser.set(userId, copies);
    }
    const bits = flagBits(flags);
    // New messages have the highest ID so far: appending is the common case.
    const appends = copies.length === 0 || (copies.ids[copies.length - 1] ?? 0) < messageId;
    const index = appends ? copies.length : search(copies, messageId);
    if (!appends && copies.ids[index] === messageId) {
      copies.bits[index] = bits;
      return;
    }
    if (copies.length === copies.ids.length) grow(copies);
    if (!appends) {
      copies.ids.copyWithin(index + 1, index, copies.length);
      copies.bits.copyWithin(index + 1, index, copies.length);
    }
    copies.ids[index] = messageId;
    copies.bits[index] = bits;
    copies.length++;
  }

  #indexOf(userId: number, messageId: number): { copies: Copies; index: number } | undefined {
    const copies = this.#byUser.get(userId);
    if (!copies) return undefined;
    const index = search(copies, messageId);
    return index < copies.length && copies.ids[index] === messageId ? { copies, index } : undefined;
  }

  /** Whether the user has a copy of the message. */
  has(userId: number, messageId: number): boolean {
    return this.#indexOf(userId, messageId) !== undefined;
  }

  /** The user's flags on the message, in the server's order; undefined without a copy. */
  flags(userId: number, messageId: number): MessageFlag[] | undefined {
    const found = this.#indexOf(userId, messageId);
    return found ? flagNames(found.copies.bits[found.index] ?? 0) : undefined;
  }

  /** The user's flags on the message as bits (a flag's bit is its index in `MESSAGE_FLAGS`); -1 without a copy. */
  flagBitsOf(userId: number, messageId: number): number {
    const found = this.#indexOf(userId, messageId);
    return found ? (found.copies.bits[found.index] ?? 0) : -1;
  }

  /** Whether the user's copy has the flag (false without a copy). */
  hasFlag(userId: number, messageId: number, flag: MessageFlag): boolean {
    const found = this.#indexOf(userId, messageId);
    return found !== undefined && ((found.copies.bits[found.index] ?? 0) & BIT[flag]) !== 0;
  }

  /** Sets or clears a flag on the user's copy; returns whether the copy existed and changed. */
  setFlag(userId: number, messageId: number, flag: MessageFlag, on: boolean): boolean {
    const found = this.#indexOf(userId, messageId);
    if (!found) return false;
    const before = found.copies.bits[found.index] ?? 0;
    const after = on ? before | BIT[flag] : before & ~BIT[flag];
    found.copies.bits[found.index] = after;
    return after !== before;
  }

  /** The IDs of the messages the user has a copy of, ascending (a snapshot). */
  messageIds(userId: number): readonly number[] {
    const copies = this.#byUser.get(userId);
    return copies ? Array.from(copies.ids.subarray(0, copies.length)) : [];
  }

  /** How many copies the user has (a field read, no walk). */
  count(userId: number): number {
    return this.#byUser.get(userId)?.length ?? 0;
  }

  /** The newest message the user has a copy of, or -1. */
  maxMessageId(userId: number): number {
    const copies = this.#byUser.get(userId);
    return copies && copies.length > 0 ? (copies.ids[copies.length - 1] ?? -1) : -1;
  }

  /** The IDs of the user's messages whose copy has (or, with `on` false, lacks) the flag, ascending. */
  messageIdsWithFlag(userId: number, flag: MessageFlag, on = true): number[] {
    const copies = this.#byUser.get(userId);
    if (!copies) return [];
    const ids: number[] = [];
    for (let index = 0; index < copies.length; index++) {
      if ((((copies.bits[index] ?? 0) & BIT[flag]) !== 0) === on) ids.push(copies.ids[index] ?? 0);
    }
    return ids;
  }

  /** The users with a copy of the message, ascending. */
  recipientIds(messageId: number): number[] {
    const ids: number[] = [];
    for (const userId of this.#byUser.keys()) if (this.has(userId, messageId)) ids.push(userId);
    return ids.sort((a, b) => a - b);
  }

  /** Removes one user's copy of a message; returns whether they had one. */
  remove(userId: number, messageId: number): boolean {
    const found = this.#indexOf(userId, messageId);
    if (!found) return false;
    const { copies, index } = found;
    copies.ids.copyWithin(index, index + 1, copies.length);
    copies.bits.copyWithin(index, index + 1, copies.length);
    copies.length--;
    return true;
  }

  /** Removes every user's copy of the message; returns the users who had one. */
  removeMessage(messageId: number): number[] {
    const removed: number[] = [];
    for (const [userId, copies] of this.#byUser) {
      const found = this.#indexOf(userId, messageId);
      if (!found) continue;
      copies.ids.copyWithin(found.index, found.index + 1, copies.length);
      copies.bits.copyWithin(found.index, found.index + 1, copies.length);
      copies.length--;
      removed.push(userId);
    }
    return removed.sort((a, b) => a - b);
  }
}
