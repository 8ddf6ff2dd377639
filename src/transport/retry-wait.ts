/** What the retry-wait reader needs of an HTTP error. */
export interface RetryHint {
  readonly headers: Headers;
  /** The parsed error body, if any (the API's envelope carries `retry-after` in seconds). */
  readonly data: unknown;
}

function secondsFromHeader(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : (date - now) / 1000;
}

/**
 * How many milliseconds the server asked the client to wait before retrying: the envelope's
 * `retry-after` or the `Retry-After` header (seconds, fractions included, or an HTTP date),
 * whichever is longer; else `X-RateLimit-Reset` (a UNIX time on the server's clock, read against
 * the response's `Date`); undefined when the server named no wait.
 */
export function requestedRetryWaitMs(hint: RetryHint, now = Date.now()): number | undefined {
  const envelope = (hint.data as Record<string, unknown> | undefined)?.['retry-after'];
  const header = secondsFromHeader(hint.headers.get('retry-after'), now);
  let wait = typeof envelope === 'number' ? Math.max(envelope, header ?? 0) : header;
  // The reset counts only when the server named no wait of its own: it is whole seconds on the
  // server's clock, which a skewed clock here would stretch past the cap or cut to nothing.
  const reset = Number(hint.headers.get('x-ratelimit-reset'));
  if (wait === undefined && reset > 0) wait = reset - (Date.parse(hint.headers.get('date') ?? '') || now) / 1000;
  return wait === undefined ? undefined : Math.max(0, wait) * 1000;
}
