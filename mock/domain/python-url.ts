/**
 * Python 3.11's `urllib.parse` functions the server reads and writes URLs with (`urlsplit`,
 * `urlunsplit`, `urljoin`), where the WHATWG URL parser would give another answer.
 */

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** A URL's parts as Python's `urlsplit` gives them. */
export interface UrlParts {
  readonly scheme: string;
  readonly netloc: string;
  readonly path: string;
  readonly query: string;
  readonly fragment: string;
}

const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;
const IPV4_OCTET = /^(?:0|[1-9][0-9]{0,2})$/;
const IPV_FUTURE = /^v[a-fA-F0-9]+\..+$/s;

/** Python's `ipaddress.IPv4Address` parse (no leading zeros). */
function isIPv4(text: string): boolean {
  const octets = text.split('.');
  return octets.length === 4 && octets.every((octet) => IPV4_OCTET.test(octet) && Number(octet) <= 255);
}

/** Python's `ipaddress.IPv6Address` parse: `::` once, an IPv4 tail, a `%scope`. */
function isIPv6(text: string): boolean {
  const percent = text.indexOf('%');
  if (percent >= 0 && (percent === text.length - 1 || text.includes('%', percent + 1))) return false;
  const parts = (percent < 0 ? text : text.slice(0, percent)).split(':');
  if (parts.length < 3) return false;
  if (parts[parts.length - 1]!.includes('.')) {
    if (!isIPv4(parts.pop()!)) return false;
    parts.push('0', '0');
  }
  if (parts.length > 9) return false;
  let skip = -1;
  for (let index = 1; index < parts.length - 1; index += 1) {
    if (parts[index] !== '') continue;
    if (skip >= 0) return false;
    skip = index;
  }
  const first = parts[0] === '';
  const last = parts[parts.length - 1] === '';
  if (skip < 0) {
    if (parts.length !== 8 || first || last) return false;
  } else {
    // A leading or trailing `:` only as half of `::`; `::` stands for one group at least.
    if ((first && skip !== 1) || (last && skip !== parts.length - 2)) return false;
    if (parts.length - 1 - (first ? 1 : 0) - (last ? 1 : 0) > 7) return false;
  }
  return parts.every((part, index) => (part === '' ? index === skip || (index === 0 && first) || (index === parts.length - 1 && last) : HEX_GROUP.test(part)));
}

/** `urlsplit`'s check of a host in brackets: an IPv6 address or an IPvFuture one, never IPv4. */
function isBracketedHost(host: string): boolean {
  return host.startsWith('v') ? IPV_FUTURE.test(host) : isIPv6(host);
}

/** `urlsplit`'s `_checknetloc`: a non-ASCII host may not gain `/?#@:` under NFKC. */
function isNetlocSafe(netloc: string): boolean {
  let ascii = true;
  for (let index = 0; index < netloc.length && ascii; index += 1) ascii = netloc.charCodeAt(index) < 0x80;
  if (ascii) return true;
  const bare = netloc.replace(/[@:#?]/g, '');
  const normalized = bare.normalize('NFKC');
  return bare === normalized || !/[/?#@:]/.test(normalized);
}

/** Python 3.11's `urlsplit`, undefined where it raises `ValueError` (a host with one bracket, or a bad one in brackets). */
export function urlsplit(url: string): UrlParts | undefined {
  // Leading C0 controls and spaces go (`_WHATWG_C0_CONTROL_OR_SPACE`).
  let lead = 0;
  while (lead < url.length && url.charCodeAt(lead) <= 0x20) lead += 1;
  let rest = lead > 0 ? url.slice(lead) : url;
  let scheme = '';
  const typedScheme = SCHEME.exec(rest);
  if (typedScheme) {
    scheme = typedScheme[1]!.toLowerCase();
    rest = rest.slice(typedScheme[0].length);
  }
  let netloc = '';
  if (rest.startsWith('//')) {
    let end = rest.length;
    for (const delimiter of '/?#') {
      const at = rest.indexOf(delimiter, 2);
      if (at >= 0 && at < end) end = at;
    }
    netloc = rest.slice(2, end);
    rest = rest.slice(end);
    const open = netloc.indexOf('[');
    const close = netloc.indexOf(']');
    if ((open < 0) !== (close < 0)) return undefined;
    if (open >= 0 && !isBracketedHost(netloc.slice(open + 1).split(']', 1)[0]!)) return undefined;
  }
  let fragment = '';
  let query = '';
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  const question = rest.indexOf('?');
  if (question >= 0) {
    query = rest.slice(question + 1);
    rest = rest.slice(0, question);
  }
  if (!isNetlocSafe(netloc)) return undefined;
  return { scheme, netloc, path: rest, query, fragment };
}

// Python 3.11's `uses_netloc`: schemes `urlunsplit` writes with `//` even without a host.
const USES_NETLOC: ReadonlySet<string> = new Set([
  '', 'ftp', 'http', 'gopher', 'nntp', 'telnet', 'imap', 'wais', 'file', 'mms', 'https', 'shttp', 'snews', 'prospero',
  'rtsp', 'rtspu', 'rsync', 'svn', 'svn+ssh', 'sftp', 'nfs', 'git', 'git+ssh', 'ws', 'wss',
]);

/** Python 3.11's `urlunsplit` (an empty query or fragment is dropped). */
export function urlunsplit({ scheme, netloc, path, query, fragment }: UrlParts): string {
  let url = path;
  if (netloc || (scheme && USES_NETLOC.has(scheme) && !url.startsWith('//'))) {
    if (url && !url.startsWith('/')) url = `/${url}`;
    url = `//${netloc}${url}`;
  }
  if (scheme) url = `${scheme}:${url}`;
  if (query) url = `${url}?${query}`;
  if (fragment) url = `${url}#${fragment}`;
  return url;
}


/**
 * Python 3.11's `urljoin` for a base of a scheme it joins relative URLs to (`http`, `https`): a URL
 * of another scheme as it is; one with a host in the base's scheme; otherwise the base's host
 * and path with the URL's path resolved against it (dot segments, no empty ones in between). Nothing
 * is percent-encoded or lower-cased but the scheme. A URL `urlsplit` refuses is returned as it is.
 */
export function urljoin(base: string, url: string): string {
  if (url === '') return base;
  const parts = urlsplit(url.replace(/[\t\n\r]/g, ''));
  const baseParts = urlsplit(base);
  if (!parts || !baseParts) return url;
  const scheme = parts.scheme || baseParts.scheme;
  if (scheme !== baseParts.scheme) return url;
  if (parts.netloc) return urlunsplit({ ...parts, scheme });
  const { netloc } = baseParts;
  if (parts.path === '') return urlunsplit({ scheme, netloc, path: baseParts.path, query: parts.query || baseParts.query, fragment: parts.fragment });
  return urlunsplit({ scheme, netloc, path: joinedPath(baseParts.path, parts.path), query: parts.query, fragment: parts.fragment });
}

/** `urljoin`'s path: the base's directory (its last segment left out) and the relative path, `.` and `..` resolved. */
function joinedPath(basePath: string, path: string): string {
  let segments = path.split('/');
  if (!path.startsWith('/')) {
    const directory = basePath.split('/');
    if (directory.at(-1) !== '') directory.pop();
    const all = [...directory, ...segments];
    // Empty segments in between would give `//` once joined again.
    segments = [all[0] as string, ...all.slice(1, -1).filter((segment) => segment !== ''), all.at(-1) as string];
  }
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment === '..') resolved.pop();
    else if (segment !== '.') resolved.push(segment);
  }
  const last = segments.at(-1);
  if (last === '.' || last === '..') resolved.push('');
  return resolved.join('/') || '/';
}
