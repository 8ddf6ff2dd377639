import { MockMisuseError } from '../../factories/misuse';

/**
 * What the server's link-preview worker extracts from a page (`get_link_embed_data`: its Open
 * Graph parser, then its generic one): each part optional. An `image` may be relative to the page.
 */
export interface LinkPreviewPage {
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly image?: string | undefined;
}

const PARTS = ['title', 'description', 'image'] as const;

function checkedPage(url: unknown, page: unknown): LinkPreviewPage {
  if (typeof url !== 'string') throw new MockMisuseError(`[teamchat-mock] linkPreviews: a page's URL must be a string; got ${String(url)}`);
  if (typeof page !== 'object' || page === null) throw new MockMisuseError(`[teamchat-mock] linkPreviews: the page at ${url} must be an object with title, description and image (each optional)`);
  for (const [key, value] of Object.entries(page)) {
    if (!(PARTS as readonly string[]).includes(key)) throw new MockMisuseError(`[teamchat-mock] linkPreviews: the page at ${url} has '${key}'; a page has ${PARTS.join(', ')}`);
    if (value !== undefined && typeof value !== 'string') throw new MockMisuseError(`[teamchat-mock] linkPreviews: ${key} of the page at ${url} must be a string`);
  }
  return { ...(page as LinkPreviewPage) };
}

/**
 * What is wrong with an object of page URL to page given from outside (a `--link-previews` file,
 * `POST /__admin/link-previews`), in the words the realm refuses it with; undefined when nothing is.
 *
 * @example
 * linkPreviewPagesProblem({ 'https://example.com/post': { titel: 'A post' } });
 * // "linkPreviews: the page at https://example.com/post has 'titel'; a page has title, description, image"
 */
export function linkPreviewPagesProblem(pages: unknown): string | undefined {
  try {
    new LinkPreviewPages(pages as Record<string, LinkPreviewPage>);
    return undefined;
  } catch (error) {
    if (!(error instanceof MockMisuseError)) throw error;
    return error.message.replace(/^\[teamchat-mock\] /, '');
  }
}

/**
 * The pages the server's link-preview worker finds, by URL as the message links it: the mock
 * fetches nothing, so a test says what each page would give; any other URL is a failed fetch (no
 * preview). `mock.reset()` brings back the ones it was created with and forgets the rest, so tests
 * sharing a mock do not see each other's pages.
 *
 * @example
 * mock.linkPreviews.set('https://example.com/post', { title: 'A post', image: 'https://example.com/cover.png' });
 */
export class LinkPreviewPages {
  readonly #pages = new Map<string, LinkPreviewPage>();
  readonly #initial: ReadonlyMap<string, LinkPreviewPage>;

  constructor(initial: Readonly<Record<string, LinkPreviewPage>> = {}) {
    // A JavaScript caller or a JSON file (`--link-previews`) may give anything.
    if (typeof initial !== 'object' || initial === null || Array.isArray(initial)) {
      throw new MockMisuseError('[teamchat-mock] linkPreviews: expected an object of page URL to page ({ "https://…": { title, description, image } })');
    }
    for (const [url, page] of Object.entries(initial)) this.set(url, page);
    this.#initial = new Map(this.#pages);
  }

  /** Registers (or replaces) what the page at `url` gives the worker. */
  set(url: string, page: LinkPreviewPage): void {
    this.#pages.set(url, checkedPage(url, page));
  }

  /** Forgets the page at `url` (a fetch of it fails again); whether there was one. */
  delete(url: string): boolean {
    return this.#pages.delete(url);
  }

  /** Forgets every page. */
  clear(): void {
    this.#pages.clear();
  }

  /** The pages it was created with again, and no other (what `mock.reset()` does). */
  reset(): void {
    this.#pages.clear();
    for (const [url, page] of this.#initial) this.#pages.set(url, page);
  }

  /** What the page at `url` gives, if one is registered. */
  get(url: string): LinkPreviewPage | undefined {
    const page = this.#pages.get(url);
    return page && { ...page };
  }
}
