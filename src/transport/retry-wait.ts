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
  const body = hint.data as Record<string, unknown> | undefined;
  const fromEnvelope = typeof body?.['retry-after'] === 'number' ? body['retry-after'] : undefined;
  const fromHeader = secondsFromHeader(hint.headers.get('retry-after'), now);
  const waits = [fromEnvelope, fromHeader].filter((wait): wait is number => wait !== undefined);
  // The reset counts only when the server named no wait of its own: it is whole seconds on the
  // server's clock, which a skewed clock here would stretch past the cap or cut to nothing.
  if (waits.length === 0) {
    const reset = Number(hint.headers.get('x-ratelimit-reset') ?? Number.NaN);
    const serverNow = Date.parse(hint.headers.get('date') ?? '') || now;
    if (Number.isFinite(reset) && reset > 0) waits.push(reset - serverNow / 1000);
  }
  return waits.length === 0 ? undefined : Math.max(0, ...waits) * 1000;
}
