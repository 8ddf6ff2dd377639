/** A realm's linkifier: an RE2 regular expression and the URL template (as `uri_template` 1.3.0 reads it) its matches link to. */
export type LinkifierRecord = {
  readonly id: number;
  /** As the administrator wrote it (Python syntax: `(?P<name>...)`). */
  readonly pattern: string;
  readonly url_template: string;
};

/** The realm's linkifiers, in the order they apply (new ones last). */
export class Linkifiers {
  #list: LinkifierRecord[] = [];

  /** In processing order. */
  all(): readonly LinkifierRecord[] {
    return this.#list;
  }

  get(id: number): LinkifierRecord | undefined {
    return this.#list.find((linkifier) => linkifier.id === id);
  }

  add(linkifier: LinkifierRecord): void {
    this.#list = [...this.#list, Object.freeze({ ...linkifier })];
  }

  replace(linkifier: LinkifierRecord): void {
    this.#list = this.#list.map((existing) => (existing.id === linkifier.id ? Object.freeze({ ...linkifier }) : existing));
  }

  remove(id: number): void {
    this.#list = this.#list.filter((linkifier) => linkifier.id !== id);
  }

  /** Puts the linkifiers in the order of these IDs (every ID, once). */
  reorder(ids: readonly number[]): void {
    const byId = new Map(this.#list.map((linkifier) => [linkifier.id, linkifier]));
    this.#list = ids.flatMap((id) => byId.get(id) ?? []);
  }
}
