/**
 * Link targets as the server's `sanitize_url` (zerver/lib/markdown) reads and writes them: it
 * splits the target as Python's `urlsplit` does, keeps the allowed schemes (lower-cased), assumes
 * `mailto:` or `http://` without one, and joins the parts again as `urlunsplit` does, which
 * drops an empty query or fragment. Nothing is percent-encoded but spaces.
 */

/** `http`, `https`, `ftp`, `file` and the HTML standard's safelisted schemes, as the server allows them. */
const ALLOWED_SCHEMES: ReadonlySet<string> = new Set([
  'http', 'https', 'ftp', 'file',
  'bitcoin', 'geo', 'im', 'irc', 'ircs', 'magnet', 'mailto', 'matrix', 'mms', 'news', 'nntp', 'openpgp4fpr',
  'sip', 'sms', 'smsto', 'ssh', 'tel', 'urn', 'webcal', 'wtai', 'xmpp',
]);

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const UNSAFE_URL_CHARACTERS = /[\t\n\r]/;
const UNSAFE_URL_CHARACTERS_ALL = /[\t\n\r]/g;

/** Whether the server links `url`: an allowed scheme, or none (it assumes one). Any other leaves the text as typed. */
export function isLinkableUrl(url: string): boolean {
  const scheme = SCHEME.exec(url.trim())?.[1];
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme.toLowerCase());
}

/** The target without an empty query or fragment, as `urlunsplit` writes it back. */
function withoutEmptyParts(url: string): string {
  if (!url.includes('?') && !url.includes('#')) return url;
  const hash = url.indexOf('#');
  const fragment = hash < 0 ? '' : url.slice(hash + 1);
  const beforeFragment = hash < 0 ? url : url.slice(0, hash);
  const question = beforeFragment.indexOf('?');
  const query = question < 0 ? '' : beforeFragment.slice(question + 1);
  const base = question < 0 ? beforeFragment : beforeFragment.slice(0, question);
  return `${base}${query ? `?${query}` : ''}${fragment ? `#${fragment}` : ''}`;
}

/**
 * A link target as the server writes it. Without a scheme: a path holding `@` is a `mailto:`
 * address (checked before anything else, so even `/a@b` is), a `/path` or `#fragment` stays
 * relative, anything else gets `http://`.
 */
export function serverLinkTarget(typed: string): string {
  // `urlsplit` drops tabs and newlines anywhere (a link's target may run over lines).
  const url = (UNSAFE_URL_CHARACTERS.test(typed) ? typed.replace(UNSAFE_URL_CHARACTERS_ALL, '') : typed).replaceAll(' ', '%20');
  const scheme = SCHEME.exec(url)?.[1];
  if (scheme !== undefined) {
    const lower = scheme.toLowerCase();
    return withoutEmptyParts(lower === scheme ? url : `${lower}${url.slice(scheme.length)}`);
  }
  const path = url.split(/[?#]/, 1)[0] ?? '';
  if (!url.startsWith('//') && path.includes('@')) return withoutEmptyParts(`mailto:${url}`);
  if (url.startsWith('/') || url.startsWith('#')) return withoutEmptyParts(url);
  return withoutEmptyParts(`http://${url}`);
}
