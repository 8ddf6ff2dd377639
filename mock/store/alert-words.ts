/**
 * Each user's alert words, as they added them (first spelling kept), in the order added.
 * Only users with at least one word are held, so send and edit check just those.
 */
export class AlertWords {
  readonly #byUser = new Map<number, readonly string[]>();

  /** A user's alert words (empty when none). */
  of(userId: number): readonly string[] {
    return this.#byUser.get(userId) ?? [];
  }

  /** Replaces a user's alert words. */
  set(userId: number, words: readonly string[]): void {
    if (words.length === 0) this.#byUser.delete(userId);
    else this.#byUser.set(userId, [...words]);
  }

  /** Whether any user has alert words (the common case of none costs nothing at send time). */
  get isEmpty(): boolean {
    return this.#byUser.size === 0;
  }
}
