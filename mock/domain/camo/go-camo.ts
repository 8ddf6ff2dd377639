import { pythonB64Decode } from '../python-base64';
import { camoMac } from './camo-url';
import { parseGoUrl } from './go-url';

/**
 * What go-camo (behind the server's nginx) answers for a request: an error (go-camo's
 * `http.Error`: a status and a plain-text message), its health check, or the URL it would fetch
 * and relay (the mock redirects there instead: it fetches nothing).
 */
export type CamoAnswer =
  | { readonly kind: 'refused'; readonly status: number; readonly message: string }
  | { readonly kind: 'healthy' }
  | { readonly kind: 'fetch'; readonly url: string };

const refused = (status: number, message: string): CamoAnswer => ({ kind: 'refused', status, message });

/** The hex digest's length, which tells go-camo's two encodings apart (`DecodeURL`). */
const HEX_DIGEST_LENGTH = 40;
const HEX_PAIR = /^(?:[0-9A-Fa-f]{2})*$/;
const BASE64_URL = /^[A-Za-z0-9_-]*$/;

/** Go's `hex.DecodeString`: both cases, an even length. */
function hexBytes(text: string): Uint8Array | undefined {
  if (!HEX_PAIR.test(text)) return undefined;
  const bytes = new Uint8Array(text.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = Number.parseInt(text.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/** Go's `base64.URLEncoding.DecodeString` after go-camo pads the text (its trailing bits unchecked). */
function base64UrlBytes(text: string): Uint8Array | undefined {
  // Go skips line breaks; one character left over is no whole byte.
  const clean = text.replace(/[\r\n]/g, '');
  if (!BASE64_URL.test(clean) || clean.length % 4 === 1) return undefined;
  return pythonB64Decode(clean.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(clean.length / 4) * 4, '='));
}

function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= (a[index] as number) ^ (b[index] as number);
  return difference === 0;
}

/** go-camo's `DecodeURL`: the URL the digest signs under the key, or undefined ("Bad Signature"). */
function signedUrl(digest: string, encodedUrl: string, key: string): string | undefined {
  const decode = digest.length === HEX_DIGEST_LENGTH ? hexBytes : base64UrlBytes;
  const urlBytes = decode(encodedUrl);
  const mac = decode(digest);
  if (!urlBytes || !mac || !equalInConstantTime(camoMac(urlBytes, key), mac)) return undefined;
  return new TextDecoder().decode(urlBytes);
}

// ASCII characters a host name may hold under the STD3 rules (letters are lower-cased first).
const STD3_ASCII = /^(?:[a-z0-9.-]|[^\p{ASCII}])*$/u;

/**
 * Whether go-camo's IDNA lookup (`htrie.CleanHostname`: Go's `idna.Lookup.ToASCII`) takes a host
 * name, as far as its ASCII goes: STD3 characters only (no `_`, `!`, `:` of an IPv6 address, ...),
 * no label starting or ending with `-`, none with `--` third and fourth unless an ACE (`xn--`)
 * label. (Beyond ASCII it maps and checks by Unicode's tables, which the mock does not: such a
 * label is taken.)
 */
function isLookupHostname(hostname: string): boolean {
  const name = hostname.toLowerCase();
  if (!STD3_ASCII.test(name)) return false;
  for (const label of name.split('.')) {
    if (label.startsWith('-') || label.endsWith('-')) return false;
    if (label.length > 4 && label[2] === '-' && label[3] === '-' && !label.startsWith('xn--')) return false;
  }
  return true;
}

const LOCAL_NAMES = ['localhost', 'localdomain'] as const;

/** Host names go-camo never fetches (its `localsFilter`, `|s|` rules): `localhost`, `localdomain` and their subdomains. */
function isLocalHost(hostname: string): boolean {
  const name = hostname.toLowerCase();
  for (const local of LOCAL_NAMES) if (name === local || name.endsWith(`.${local}`)) return true;
  return false;
}

/**
 * go-camo's answer to `method` on `path`, the path nginx passes it (`/external_content/` taken off,
 * so `/{digest}/{encoded URL}`), with `key` its HMAC key: its router (GET and HEAD only, a health
 * check, exactly two segments), then its proxy (the signature, `url.Parse`, the URL checks).
 */
export function goCamoAnswer(method: string, path: string, key: string): CamoAnswer {
  if (method !== 'GET' && method !== 'HEAD') return refused(405, 'Method Not Allowed');
  if (path === '/healthcheck') return { kind: 'healthy' };
  const segments = path.split('/');
  if (segments.length !== 3) return refused(404, '404 Not Found');
  const url = signedUrl(segments[1] as string, segments[2] as string, key);
  if (url === undefined) return refused(403, 'Bad Signature');
  const parsed = parseGoUrl(url);
  if (!parsed) return refused(400, 'Bad url');
  if (parsed.scheme !== 'http' && parsed.scheme !== 'https') return refused(404, 'Bad url scheme');
  if (parsed.hostname === '' || !isLookupHostname(parsed.hostname) || isLocalHost(parsed.hostname)) return refused(404, 'Bad url host');
  if (parsed.hasUser) return refused(404, 'Userinfo URL rejected');
  return { kind: 'fetch', url };
}
