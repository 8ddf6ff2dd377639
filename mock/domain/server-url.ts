// The server checks URLs with Django's URLValidator (`check_url`): these are its rules, so
// `http://foo` (no top-level domain) is refused and `ftp://example.com` accepted, unlike WHATWG URL.
const SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'ftp', 'ftps']);
const MAX_LENGTH = 2048;
const UNICODE = '\u00a1-\uffff';
const OCTET = '(?:0|25[0-5]|2[0-4][0-9]|1[0-9]?[0-9]?|[1-9][0-9]?)';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
const IPV6 = '\\[[0-9a-f:.]+\\]';
const HOSTNAME = `[a-z${UNICODE}0-9](?:[a-z${UNICODE}0-9-]{0,61}[a-z${UNICODE}0-9])?`;
const DOMAIN = `(?:\\.(?!-)[a-z${UNICODE}0-9-]{1,63}(?<!-))*`;
const TLD = `\\.(?!-)(?:[a-z${UNICODE}-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?`;
const HOST = `(?:${HOSTNAME}${DOMAIN}${TLD}|localhost)`;
const URL_SHAPE = new RegExp(
  `^(?:[a-z0-9.+-]*)://(?:[^\\s:@/]+(?::[^\\s:@/]*)?@)?(?:${IPV4}|${IPV6}|${HOST})(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$`,
  'iu',
);
const UNSAFE = /[\t\r\n]/;
const MAX_HOST_LENGTH = 253;

/** The host part of a URL the shape test accepted (after any credentials, before the port or path). */
function hostOf(url: string): string {
  const afterScheme = url.slice(url.indexOf('://') + 3);
  const authority = afterScheme.split(/[/?#]/, 1)[0] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

/** Whether the real server takes this as a URL (`check_url`): http(s) or ftp(s), a host with a top-level domain, an IP or localhost. */
export function isServerUrl(url: string): boolean {
  if (url.length > MAX_LENGTH || UNSAFE.test(url)) return false;
  const scheme = url.split('://', 1)[0]?.toLowerCase() ?? '';
  if (!SCHEMES.has(scheme) || !URL_SHAPE.test(url)) return false;
  const host = hostOf(url);
  if (host.startsWith('[')) return isIpv6Address(host.slice(1, -1));
  return host.length <= MAX_HOST_LENGTH;
}

/**
 * Whether the text is an IPv6 address, as the bracketed part of a URL's host or of an email
 * address's domain literal (whose shape tests let any hex, colons and dots through).
 */
export function isIpv6Address(address: string): boolean {
  try {
    return new URL(`http://[${address}]/`).hostname !== '';
  } catch {
    return false;
  }
}
