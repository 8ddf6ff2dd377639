/**
 * Link targets as the server's `sanitize_url` (zerver/lib/markdown) reads and writes them: it
 * splits the target as Python's `urlsplit` does, keeps the allowed schemes (lower-cased), assumes
 * `mailto:` or `http://` without one, and joins the parts again as `urlunsplit` does, which
 * drops an empty query or fragment. Nothing is percent-encoded but spaces. Python 3.11's
 * functions (the rendering oracle's).
 */

import { urlsplit, urlunsplit } from '../python-url';

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

// A lower-case scheme, `//`, an ASCII host without brackets, then a path, a query and a fragment
// or not (none empty): printable ASCII, as `urlunsplit` writes it back.
const PLAIN_URL = /^[a-z][a-z0-9+.-]*:\/\/[!"$-.0->@-Z\\^-~]+(?:\/[!"$->@-~]*)?(?:\?[!"$-~]+)?(?:#[!-~]+)?$/;

/** The server's `sanitize_url` but its scheme check (see `isLinkableUrl`): '' where `urlsplit` fails. */
function sanitizeUrl(url: string): string {
  // Most targets are `scheme://host/path` as `urlunsplit` writes them back: kept as typed.
  if (PLAIN_URL.test(url)) return url;
  const parts = urlsplit(url);
  if (!parts) return '';
  let { scheme } = parts;
  if (!scheme && !parts.netloc && parts.path.includes('@')) scheme = 'mailto';
  else if (!scheme && !parts.netloc && parts.path.startsWith('/')) return urlunsplit({ ...parts, scheme: '', netloc: '' });
  else if (!scheme && !parts.netloc && !parts.path && !parts.query && parts.fragment) return urlunsplit({ ...parts, scheme: '' });
  if (!scheme) return sanitizeUrl(`http://${url}`);
  return urlunsplit({ ...parts, scheme });
}

/**
 * A link target as the server writes it (`sanitize_url`): spaces as `%20`, tabs and newlines
 * dropped, split and joined again as Python's `urlsplit` and `urlunsplit` do (the scheme
 * lower-cased, `//` after `http:` and the schemes that use a host, an empty query or fragment
 * dropped); without a scheme, a path holding `@` is a `mailto:` address (even `/a@b`), a `/path`
 * or `#fragment` stays relative, anything else gets `http://`. Empty where `urlsplit` refuses the
 * host (one square bracket, or no IPv6 address in them), as the server writes it.
 */
export function serverLinkTarget(typed: string): string {
  // `urlsplit` drops tabs and newlines anywhere (a link's target may run over lines).
  return sanitizeUrl((UNSAFE_URL_CHARACTERS.test(typed) ? typed.replace(UNSAFE_URL_CHARACTERS_ALL, '') : typed).replaceAll(' ', '%20'));
}
