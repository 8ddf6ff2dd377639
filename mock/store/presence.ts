/** A user's presence as the server stores it: UNIX seconds, and the change that last touched it. */
export interface PresenceRow {
  /** Last report as active; null until the first one. */
  readonly lastActive: number | null;
  /** Last report of any kind (the client was connected). */
  readonly lastConnected: number;
  /** The realm-wide sequence number of the row's last change. */
  readonly updateId: number;
}

/** The realm's presence rows, and the sequence that numbers their changes. */
export class Presences {
  readonly #rows = new Map<number, PresenceRow>();
  #lastUpdateId = 0;

  /** A user's row, if they ever reported. */
  get(userId: number): PresenceRow | undefined {
    return this.#rows.get(userId);
  }

  /** Stores a user's new times under the next sequence number. */
  set(userId: number, times: Omit<PresenceRow, 'updateId'>): PresenceRow {
    const row = { ...times, updateId: ++this.#lastUpdateId };
    this.#rows.set(userId, row);
    return row;
  }

  /** The sequence number of the realm's last change. */
  get lastUpdateId(): number {
    return this.#lastUpdateId;
  }

  /** Puts rows back as a snapshot had them. */
  restore(rows: Iterable<[number, PresenceRow]>, lastUpdateId: number): void {
    for (const [userId, row] of rows) this.#rows.set(userId, { ...row });
    this.#lastUpdateId = lastUpdateId;
  }

  /** Every row, by user ID. */
  entries(): IterableIterator<[number, PresenceRow]> {
    return this.#rows.entries();
  }
}
