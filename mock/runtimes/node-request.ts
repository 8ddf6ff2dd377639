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
 * A request target the URL parser would leave as it is: a path without dots (no `.` or `..`
 * segments to resolve) or characters it would encode, not starting `//` (which names a host), and
 * a query of plain characters.
 */
const PLAIN_TARGET = /^\/(?!\/)[\w\-~!$&'()*+,;=:@%/]*(?:\?[\w\-.~!$&()*+,;=:@%/?]*)?$/;

/** The absolute URL of a request target, as `new URL(target, origin).href` gives it. */
export function absoluteUrl(target: string, origin: string): string {
  return PLAIN_TARGET.test(target) ? origin + target : new URL(target, origin).href;
}
