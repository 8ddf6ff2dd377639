const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The body text each buffered response arrived with; the response's own body is spent. */
const bodies = new WeakMap<Response, string>();

/**
 * Wraps a fetch so that its promise settles only once the whole body has arrived. ky's
 * per-attempt timeout and abort signal then cover the body too: a response whose headers arrive
 * and whose body stalls times out (and is retried like any timeout) instead of hanging.
 *
 * The body is read here, once, and kept for {@link bufferedText}: a second `Response` to hold it
 * cost a sixth of the SDK's own work per call. A Response the fetch gives again is read once too.
 */
export function bufferedFetch(base: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await base(input, init);
    // A fetch may answer again with a Response it gave before (a test double's canned answer),
    // whose body is spent: its text is already here.
    if (!bodies.has(response)) bodies.set(response, NULL_BODY_STATUSES.has(response.status) ? '' : await response.text());
    return response;
  };
}

/** The body text of a response that came through {@link bufferedFetch}. */
export function bufferedText(response: Response): string {
  return bodies.get(response) ?? '';
}

/**
 * A response that came through {@link bufferedFetch}, with its body readable again: for callers
 * that read the body themselves (the resumable upload protocol).
 */
export function readableResponse(response: Response): Response {
  const body = NULL_BODY_STATUSES.has(response.status) ? null : bufferedText(response);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
