import { pythonStrip } from '../../../python-strip';
import { fixupInsDel } from './block-fixup';
import { parseFragment } from './html-parse';
import { serializeHtml } from './html-serialize';
import { diffTokens } from './merge';
import { tokenize } from './tokens';

/**
 * `lxml.html.diff.htmldiff(before, after)` (lxml 5.3, as Zulip 10.2 pins it): the new
 * rendering with `<ins>`/`<del>` around changed words, reparsed and serialized by libxml2.
 *
 * @example
 * lxmlHtmlDiff('<p>one</p>', '<p>two</p>'); // '<p><ins>two</ins> <del>one</del> </p>'
 */
export function lxmlHtmlDiff(before: string, after: string): string {
  const html = pythonStrip(diffTokens(tokenize(before), tokenize(after)).join(''));
  const root = parseFragment(html);
  fixupInsDel(root);
  const serialized = serializeHtml(root);
  // The serialized wrapper's own tags are cut off.
  return pythonStrip(serialized.slice(serialized.indexOf('>') + 1, serialized.lastIndexOf('<')));
}
