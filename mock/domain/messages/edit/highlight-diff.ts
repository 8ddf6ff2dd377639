import { lxmlHtmlDiff } from './html-diff/diff';
import { parseFragment } from './html-diff/html-parse';
import { serializeHtml } from './html-diff/html-serialize';
import { setAttribute, walk } from './html-diff/html-tree';

const HIGHLIGHT_CLASS: Readonly<Record<string, string>> = { del: 'highlight_text_deleted', ins: 'highlight_text_inserted' };

/**
 * A snapshot's `content_html_diff`, as the server's `highlight_html_differences` computes it:
 * lxml's HTML diff of the two renderings, wrapped in a `<div>`, with its deletions and
 * insertions turned into `highlight_text_deleted` and `highlight_text_inserted` spans.
 *
 * @example
 * htmlDiff('<p>content before edit</p>', '<p>content after edit</p>');
 * // '<div><p>content <span class="highlight_text_inserted">after</span> <span class="highlight_text_deleted">before</span> edit</p></div>'
 */
export function htmlDiff(before: string, after: string): string {
  const fragment = parseFragment(lxmlHtmlDiff(before, after));
  for (const tag of ['del', 'ins']) {
    for (const element of walk(fragment)) {
      if (element.tag !== tag) continue;
      element.tag = 'span';
      setAttribute(element, 'class', HIGHLIGHT_CLASS[tag] as string);
    }
  }
  return serializeHtml(fragment);
}
