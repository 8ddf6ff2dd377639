import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { MockRequest } from '../http/mock-request';

/** Header lookup straight over node:http's parsed headers (their names already lower-case). */
class IncomingHeaders {
  readonly #headers: IncomingHttpHeaders;

  constructor(headers: IncomingHttpHeaders) {
    this.#headers = headers;
  }

  get(name: string): string | null {
    const value = this.#headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
}

/**
 * A request whose body node:http has already delivered whole (or that has none), handed to the
 * realm's dispatch as it is: no WHATWG Request, Headers or body stream is built for it.
 */
export class NodeRequest implements MockRequest {
  readonly #signalOf: () => AbortSignal;
  #signal: AbortSignal | undefined;

  /** `signalOf` makes the signal when it is first read: most requests never read theirs. */
  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: MockRequest['headers'],
    signalOf: () => AbortSignal,
    readonly bodyBytes: Uint8Array<ArrayBuffer> | undefined,
  ) {
    this.#signalOf = signalOf;
  }

  /** The request as node:http parsed it; `url` already resolved against the server's origin. */
  static of(
    method: string,
    url: string,
    headers: IncomingHttpHeaders,
    signalOf: () => AbortSignal,
    body: Uint8Array<ArrayBuffer> | undefined,
  ): NodeRequest {
    return new NodeRequest(method, url, new IncomingHeaders(headers), signalOf, body);
  }

  get signal(): AbortSignal {
    this.#signal ??= this.#signalOf();
    return this.#signal;
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.bodyBytes === undefined ? null : new Blob([this.bodyBytes]).stream();
  }

  async text(): Promise<string> {
    return this.bodyBytes === undefined ? '' : new TextDecoder().decode(this.bodyBytes);
  }

  withMethod(method: string): NodeRequest {
    return new NodeRequest(method, this.url, this.headers, () => this.signal, this.bodyBytes);
  }
}

/**
 * The signal of a request, aborted when its client hangs up (which ends a long-poll waiting for
 * it), made only when something reads it.
 */
export function disconnectSignal(outgoing: ServerResponse): AbortSignal {
  const disconnected = new AbortController();
  if (outgoing.destroyed) {
    if (!outgoing.writableFinished) disconnected.abort();
  } else {
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) disconnected.abort();
    });
  }
  return disconnected.signal;
}

/**
 * A request target the URL parser would leave as it is after the origin: a path without dots (no
 * `.` or `..` segments to resolve), backslashes or characters it would encode, and a query of
 * plain characters.
 */
const PLAIN_TARGET = /^\/[\w\-~!$&'()*+,;=:@%/]*(?:\?[\w\-.~!$&()*+,;=:@%/?]*)?$/;

/**
 * The absolute URL, on the server's `origin`, of a request target as nginx reads it: a path
 * (origin-form) is the path whatever it holds (`//evil.example/x` names no host, and a backslash
 * is a character of it, where the URL parser reads a separator), and a whole `http` or `https`
 * URL (absolute-form, which a client sends a proxy) stands for its path and query. Undefined for a
 * target that is no path (the `*` of `OPTIONS *`, the `host:port` of CONNECT).
 */
export function absoluteUrl(target: string, origin: string): string | undefined {
  if (PLAIN_TARGET.test(target)) return origin + target;
  if (target.startsWith('/')) return new URL(origin + target.replaceAll('\\', '%5C')).href;
  const url = absoluteForm(target);
  return url ? origin + url.pathname + url.search : undefined;
}

/** The host a request names: an absolute-form target's, which nginx takes over the `Host` header (RFC 9112, 3.2.2). */
export function requestHost(target: string, hostHeader: string | undefined): string | undefined {
  return target.startsWith('/') ? hostHeader : (absoluteForm(target)?.host ?? hostHeader);
}

function absoluteForm(target: string): URL | undefined {
  const url = URL.parse(target);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
}
