import { urljoin } from '../python-url';
import type { LinkPreviewPages } from './pages';

/** What the renderer shows of a page (the server's `UrlEmbedData`): its image made absolute. */
export interface LinkEmbedData {
  readonly title: string | undefined;
  readonly description: string | undefined;
  readonly image: string | undefined;
}

/** The URLs the server's worker fetches at all (`url_preview.preview.link_regex`). */
const LINK = /^(?:http)s?:\/\/(?:(?:[A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?\.)+(?:[A-Z]{2,6}\.?|[A-Z0-9-]{2,}\.?)|\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?::\d+)?(?:\/?|[/?]\S+)$/i;

/**
 * The image's address read against the page's (the server's `urljoin(response.url, image)`): the
 * page's URL as its HTTP client normalizes it (host lower-cased, path percent-encoded), the image's
 * as the page writes it.
 */
function absoluteImage(image: string, pageUrl: string): string {
  let base = pageUrl;
  try {
    base = new URL(pageUrl).href;
  } catch {
    // Kept as it is.
  }
  return urljoin(base, image);
}

/**
 * The server's `get_link_embed_data` for one URL: null where it finds nothing to show (no link it
 * fetches, or a failed fetch: no page registered).
 */
export function linkEmbedData(pages: LinkPreviewPages, url: string): LinkEmbedData | null {
  if (!LINK.test(url)) return null;
  const page = pages.get(url);
  if (!page) return null;
  return { title: page.title, description: page.description, image: page.image ? absoluteImage(page.image, url) : page.image };
}
