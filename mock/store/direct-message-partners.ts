import type { RecordOf } from './models';
import type { Table } from './table';

type Counts = Map<number, Map<number, number>>;

function adjust(counts: Counts, userId: number, partnerId: number, by: 1 | -1): void {
  let partners = counts.get(userId);
  if (!partners) {
    partners = new Map();
    counts.set(userId, partners);
  }
  const count = (partners.get(partnerId) ?? 0) + by;
  if (count > 0) partners.set(partnerId, count);
  else partners.delete(partnerId);
}

const NONE: ReadonlyMap<number, number> = new Map();

/**
 * Who each user has direct message conversations with, kept in step with the message and
 * conversation tables (so rebuilt with them on load): one-to-one partners while a message of the
 * pair exists (the server asks its `Message` table), and the members of each group conversation
 * the user is in, from the conversation's creation on (the server's `Subscription` rows to it,
 * which deleting its messages leaves). A message to oneself makes the user their own partner.
 */
export class DirectMessagePartners {
  readonly #oneToOne: Counts = new Map();
  /** Per user: each fellow member of their group conversations, with how many they share. */
  readonly #group: Counts = new Map();
  /** Per user: how many group conversations they are in. */
  readonly #groupCount = new Map<number, number>();

  constructor(messages: Table<'message'>, groups: Table<'directMessageGroup'>) {
    messages.onChange((previous, next) => {
      if (previous) this.#countMessage(previous, -1);
      if (next) this.#countMessage(next, 1);
    });
    groups.onChange((previous, next) => {
      if (previous) this.#countGroup(previous.user_ids, -1);
      if (next) this.#countGroup(next.user_ids, 1);
    });
  }

  #countMessage(message: RecordOf<'message'>, by: 1 | -1): void {
    if (message.channel_id !== null) return;
    const [first, second] = message.dm_user_ids;
    if (first === undefined || message.dm_user_ids.length > 2) return;
    adjust(this.#oneToOne, first, second ?? first, by);
    if (second !== undefined) adjust(this.#oneToOne, second, first, by);
  }

  #countGroup(userIds: readonly number[], by: 1 | -1): void {
    for (const userId of userIds) {
      this.#groupCount.set(userId, (this.#groupCount.get(userId) ?? 0) + by);
      for (const otherId of userIds) if (otherId !== userId) adjust(this.#group, userId, otherId, by);
    }
  }

  /** The users with whom the user has a one-to-one message (themself, for a message to themself). */
  oneToOnePartners(userId: number): Iterable<number> {
    return (this.#oneToOne.get(userId) ?? NONE).keys();
  }

  /** Whether a message between the two exists (the same ID twice: a message to oneself). */
  hasOneToOne(userId: number, partnerId: number): boolean {
    return this.#oneToOne.get(userId)?.has(partnerId) === true;
  }

  /** The fellow members of the user's group conversations. */
  groupPartners(userId: number): Iterable<number> {
    return (this.#group.get(userId) ?? NONE).keys();
  }

  /** Whether the two are members of a common group conversation. */
  sharesGroup(userId: number, partnerId: number): boolean {
    return this.#group.get(userId)?.has(partnerId) === true;
  }

  /** Whether the user is in any group conversation. */
  inAnyGroup(userId: number): boolean {
    return (this.#groupCount.get(userId) ?? 0) > 0;
  }
}
