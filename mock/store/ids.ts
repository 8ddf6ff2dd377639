/**
 * First ID of each kind of record. The ranges are far apart so that an ID of one kind is
 * never accidentally a valid ID of another (a user ID is not a channel ID).
 */
export const ID_BASES = {
  // The cross-realm system bots: users, just below the realm's own (small IDs stay unused).
  systemBot: 901,
  user: 1001,
  channel: 2001,
  userGroup: 3001,
  recipient: 4001,
  subscription: 5001,
  realmEmoji: 8001,
  linkifier: 9001,
  realmPlayground: 9501,
  realmDomain: 9701,
  customProfileField: 9801,
  emailInvite: 11001,
  multiuseInvite: 12001,
  realmExport: 13001,
  defaultChannelGroup: 14001,
  channelFolder: 15001,
  navigationView: 17001,
  draft: 20001,
  savedSnippet: 25001,
  scheduledMessage: 27001,
  attachment: 30001,
  submessage: 60001,
  message: 100001,
} as const;

/** A kind of record with its own ID range. */
export type IdKind = keyof typeof ID_BASES;

/** Hands out increasing IDs per kind, starting at `ID_BASES`. */
export class IdAllocator {
  readonly #next = new Map<IdKind, number>();

  /** The next unused ID of a kind. */
  next(kind: IdKind): number {
    const id = this.#next.get(kind) ?? ID_BASES[kind];
    this.#next.set(kind, id + 1);
    return id;
  }

  /** The next ID of every kind handed out so far (for a state snapshot). */
  entries(): [IdKind, number][] {
    return [...this.#next];
  }

  /** Records that an ID is in use (seeded records with explicit IDs). */
  reserve(kind: IdKind, id: number): void {
    if (id >= (this.#next.get(kind) ?? ID_BASES[kind])) this.#next.set(kind, id + 1);
  }
}
