/**
 * A set of message IDs that can also list them ascending without sorting on every read. IDs
 * mostly arrive in ascending order (new messages), so the sorted list is kept by appending; a
 * delete or an out-of-order add drops it, and the next read sorts once.
 */
export class AscendingIdSet extends Set<number> {
  /** The IDs ascending, as last handed out (never changed once handed out). */
  #ascending: readonly number[] | undefined = [];
  /** IDs added in order since, not yet in `#ascending`. */
  #appended: number[] = [];
  #version = 0;

  override add(id: number): this {
    if (this.has(id)) return this;
    const last = this.#appended.at(-1) ?? this.#ascending?.at(-1);
    if (this.#ascending && (last === undefined || last < id)) this.#appended.push(id);
    else this.#drop();
    return super.add(id);
  }

  override delete(id: number): boolean {
    if (!super.delete(id)) return false;
    this.#drop();
    return true;
  }

  override clear(): void {
    super.clear();
    this.#ascending = [];
    this.#appended = [];
    this.#version += 1;
  }

  /**
   * Changes whenever the ascending list stops being an extension of the one before (a delete, an
   * out-of-order add, a clear): while it holds, a list handed out later starts with the earlier one.
   */
  get version(): number {
    return this.#version;
  }

  /** The IDs in ascending order: a list that later changes to the set leave as it is. */
  ascending(): readonly number[] {
    if (!this.#ascending) this.#ascending = Array.from(Float64Array.from(this).sort());
    else if (this.#appended.length > 0) this.#ascending = this.#ascending.concat(this.#appended);
    this.#appended = [];
    return this.#ascending;
  }

  #drop(): void {
    this.#ascending = undefined;
    this.#appended = [];
    this.#version += 1;
  }
}

/** What readers of an {@link AscendingIdSet} may use. */
export type ReadonlyAscendingIdSet = ReadonlySet<number> & Pick<AscendingIdSet, 'ascending' | 'version'>;

/** The IDs of a set ascending: kept by an {@link AscendingIdSet}, sorted for any other set. */
export function ascendingIds(ids: ReadonlySet<number>): readonly number[] {
  return ids instanceof AscendingIdSet ? ids.ascending() : Array.from(Float64Array.from(ids).sort());
}
