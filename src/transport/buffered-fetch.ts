const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * Wraps a fetch so that its promise settles only once the whole body has arrived. ky's
 * per-attempt timeout and abort signal then cover the body too: a response whose headers arrive
 * and whose body stalls times out (and is retried like any timeout) instead of hanging.
 */
export function bufferedFetch(base: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await base(input, init);
    const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
