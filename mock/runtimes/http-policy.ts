import type { IncomingMessage } from 'node:http';
import { SECRET_PARAMETERS } from '../http/journal';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Whether an address only this machine can reach. */
export function isLoopback(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The host name of a `Host` header, without its port. */
function hostName(header: string): string {
  return header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : (header.split(':')[0] ?? '');
}

/**
 * Whether a request's `Host` may reach a server bound to `boundHost`. Bound to loopback, only
 * loopback names and `extraHosts` are accepted: a web page whose own name resolves to 127.0.0.1
 * (DNS rebinding) cannot talk to the mock. Bound elsewhere, the names it is reached by are not
 * known, so any is.
 */
export function hostAllowed(header: string | undefined, boundHost: string, extraHosts: readonly string[] = []): boolean {
  if (!isLoopback(boundHost)) return true;
  if (header === undefined) return false;
  const name = hostName(header).toLowerCase();
  return isLoopback(name) || extraHosts.some((extra) => extra.toLowerCase() === name);
}

/** The origin to allow for a request under `--cors`, if its `Origin` is an allowed one (or any, with `*`). */
export function corsOrigin(allowed: string | readonly string[] | undefined, incoming: IncomingMessage): string | undefined {
  const origin = incoming.headers.origin;
  if (!allowed || !origin) return undefined;
  const origins = typeof allowed === 'string' ? [allowed] : allowed;
  return origins.includes('*') || origins.includes(origin) ? origin : undefined;
}

/**
 * What a log line adds for a browser request from an origin `--cors` does not allow: the server
 * answers it, but the page sees only a failed fetch, so the log says why.
 *
 * @example
 * import type { IncomingMessage } from 'node:http';
 * // `incoming`: the node:http request being refused, from Origin http://127.0.0.1:5173
 * const note = (incoming: IncomingMessage) => refusedOriginNote(['http://localhost:5173'], incoming); // ' (origin http://127.0.0.1:5173 not allowed by --cors: ...)'
 */
export function refusedOriginNote(allowed: string | readonly string[] | undefined, incoming: IncomingMessage): string {
  const origin = refusedOrigin(allowed, incoming);
  return origin ? ` (origin ${origin} ${allowed ? 'not allowed by --cors' : 'and no --cors'}: the browser hides this answer from the page)` : '';
}

/**
 * The `Origin` of a browser request whose answer the page will not see: a cross-origin request
 * (no `Sec-Fetch-Site: same-origin`, which a page reaching the mock through its own dev server's
 * proxy sends) from an origin `--cors` does not allow.
 */
function refusedOrigin(allowed: string | readonly string[] | undefined, incoming: IncomingMessage): string | undefined {
  const origin = incoming.headers.origin;
  if (!origin || incoming.headers['sec-fetch-site'] === 'same-origin' || corsOrigin(allowed, incoming)) return undefined;
  return origin;
}

/** How many refused origins {@link refusedOriginWarner} remembers having warned about. */
const WARNED_ORIGINS_LIMIT = 32;

/**
 * Warns once per origin (of the first {@link WARNED_ORIGINS_LIMIT}) when a page calls the API from
 * an origin whose answers it cannot read, so that a wrong or missing `--cors` shows without
 * `--log`: the page itself sees only a failed fetch. It names the `--cors` to add (or to start
 * with, when there is none).
 *
 * @example
 * import type { IncomingMessage } from 'node:http';
 * const warnOnce = refusedOriginWarner(['http://localhost:5173'], (line) => process.stderr.write(`${line}\n`));
 * const onRequest = (incoming: IncomingMessage) => warnOnce(incoming); // the first request from http://127.0.0.1:5173 warns
 */
export function refusedOriginWarner(allowed: string | readonly string[] | undefined, warn: (line: string) => void): (incoming: IncomingMessage) => void {
  const warned = new Set<string>();
  return (incoming) => {
    const origin = refusedOrigin(allowed, incoming);
    if (!origin || warned.has(origin) || warned.size >= WARNED_ORIGINS_LIMIT) return;
    warned.add(origin);
    const why = allowed ? `it is not among the --cors origins (${[allowed].flat().join(', ')})` : 'the server was started without --cors';
    // Adding keeps the origins already allowed: `--cors` may be given more than once.
    const fix = allowed ? `add --cors ${origin} to those` : `start with --cors ${origin}`;
    warn(`teamchat-mock: a page on ${origin} calls the API, but ${why}: the browser hides every answer from it (${fix})`);
  };
}

/**
 * The answer headers a page on an allowed origin may read, beyond the CORS-safelisted ones: the
 * rate-limit headers and `Date` (the SDK paces itself by them, reading the reset time against the
 * server's clock, which `/__admin/clock` may have moved), `Retry-After`, and the resumable upload
 * protocol's (`Location` names a new upload, `Upload-Offset` where to resume). Without them a
 * cross-origin `fetch` sees these headers as absent.
 */
export const CORS_EXPOSED_HEADERS = [
  'date',
  'location',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'upload-offset',
  'upload-length',
  'tus-resumable',
  'tus-version',
  'tus-extension',
  'tus-max-size',
].join(', ');

/** The headers a CORS preflight is answered with. */
export function preflightHeaders(origin: string, incoming: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': incoming.headers['access-control-request-headers'] ?? 'authorization, content-type',
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}

/** A request's path for a log line, with the values of secret query parameters redacted. */
export function loggedPath(url: string | undefined): string {
  const [path = '/', query] = (url ?? '/').split('?', 2);
  if (!query) return path;
  const params = new URLSearchParams(query);
  for (const name of [...params.keys()]) if (SECRET_PARAMETERS.test(name)) params.set(name, '[redacted]');
  return `${path}?${params.toString()}`;
}
