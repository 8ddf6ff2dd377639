/**
 * What the realm's handlers read of a request. A Fetch `Request` is one; a server adapter may
 * pass a lighter object instead (the standalone server does: building a WHATWG Request and its
 * Headers per request was about a tenth of its time).
 *
 * @example
 * const response = await mock.dispatch(new Request('http://localhost/api/v1/server_settings'));
 */
export interface MockRequest {
  readonly method: string;
  /** The absolute URL, serialized as `URL#href` serializes it. */
  readonly url: string;
  /** Header lookup by name, case-insensitively; repeated headers joined with `, `. */
  readonly headers: { get(name: string): string | null };
  /** The body as a stream, or null for none. */
  readonly body: ReadableStream<Uint8Array> | null;
  /** Aborted when the client goes away (a waiting long-poll then ends). */
  readonly signal: AbortSignal;
  /** The whole body as text. */
  text(): Promise<string>;
  /**
   * The whole body, when the runtime has already read it (then `body` need not be read). The
   * handlers copy what they keep, so the caller may reuse the buffer.
   */
  readonly bodyBytes?: Uint8Array<ArrayBuffer> | undefined;
  /**
   * True when a POST form's `method` field chose `method` (the server's legacy tunnelling): the
   * body is read as the POST's even for GET. False when the body was looked into and had none.
   */
  readonly tunnelled?: boolean | undefined;
  /** The same request with another method (HEAD is answered as GET). */
  withMethod?(method: string): MockRequest;
}

/** The request with another method, whatever kind of request it is. */
export function withMethod(request: MockRequest, method: string): MockRequest {
  if (request.withMethod) return request.withMethod(method);
  if (request instanceof Request) return new Request(request, { method });
  // Any other object: everything else read through it, as it is.
  return Object.create(request, { method: { value: method, enumerable: true } }) as MockRequest;
}
