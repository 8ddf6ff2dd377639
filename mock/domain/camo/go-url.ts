/**
 * What go-camo reads from a URL before it fetches it, with Go's `url.Parse` (net/url): the
 * scheme (lower-cased), the host name (without port or brackets) and whether it has user info;
 * undefined where `url.Parse` fails (go-camo's "Bad url"): a control character, a `%` not followed
 * by two hex digits, a port that is not digits, a host with a character Go refuses there (a space,
 * `{`, `|`, ...), no scheme before a `:` in the first segment.
 */
export interface GoUrl {
  readonly scheme: string;
  readonly hostname: string;
  readonly hasUser: boolean;
}

// eslint-disable-next-line no-control-regex -- Go refuses exactly these bytes (`stringContainsCTLByte`).
const CONTROL = /[\u0000-\u001f\u007f]/;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const PORT = /^(?::[0-9]*)?$/;
// An ASCII character Go's `url.Parse` refuses in a host (`shouldEscape` in its host mode).
const BAD_HOST_CHARACTER = /[^A-Za-z0-9\-_.~!$&'()*+,;=:[\]<>"%\u0080-\uffff]/;

/** Go's `url.Parse` of the parts go-camo checks, or undefined where it returns an error. */
export function parseGoUrl(url: string): GoUrl | undefined {
  if (CONTROL.test(url) || url.startsWith(':')) return undefined;
  const hash = url.indexOf('#');
  const withoutFragment = hash === -1 ? url : url.slice(0, hash);
  if (hash !== -1 && BAD_ESCAPE.test(url.slice(hash + 1))) return undefined;
  const scheme = SCHEME.exec(withoutFragment);
  let rest = scheme ? withoutFragment.slice(scheme[0].length) : withoutFragment;
  const query = rest.indexOf('?');
  if (query !== -1) rest = rest.slice(0, query);
  const lowerScheme = scheme?.[1]?.toLowerCase() ?? '';
  // `scheme:opaque`: no host.
  if (scheme && !rest.startsWith('/')) return { scheme: lowerScheme, hostname: '', hasUser: false };
  let authority = '';
  let path = rest;
  if (rest.startsWith('//')) {
    const end = rest.indexOf('/', 2);
    authority = end === -1 ? rest.slice(2) : rest.slice(2, end);
    path = end === -1 ? '' : rest.slice(end);
  } else if (!scheme && /^[^/]*:/.test(rest)) {
    // "first path segment in URL cannot contain colon"
    return undefined;
  }
  if (BAD_ESCAPE.test(path)) return undefined;
  const at = authority.lastIndexOf('@');
  const host = at === -1 ? authority : authority.slice(at + 1);
  const hostname = hostnameOf(host);
  if (hostname === undefined) return undefined;
  return { scheme: lowerScheme, hostname, hasUser: at !== -1 };
}

/** The host without its port (Go's `Hostname()`), or undefined for a port or escape Go refuses. */
function hostnameOf(host: string): string | undefined {
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    if (close === -1 || !PORT.test(host.slice(close + 1))) return undefined;
    return host.slice(1, close);
  }
  const colon = host.lastIndexOf(':');
  const name = colon === -1 ? host : host.slice(0, colon);
  if (colon !== -1 && !PORT.test(host.slice(colon))) return undefined;
  if (BAD_ESCAPE.test(name) || BAD_HOST_CHARACTER.test(name)) return undefined;
  return decodeURIComponentSafely(name);
}

function decodeURIComponentSafely(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
