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
 * `retry-after`, the `Retry-After` header (seconds or an HTTP date) or `X-RateLimit-Reset` (a
 * UNIX time), whichever is longest; undefined when the server named no wait.
 */
export function requestedRetryWaitMs(hint: RetryHint, now = Date.now()): number | undefined {
  const body = hint.data as Record<string, unknown> | undefined;
  const fromEnvelope = typeof body?.['retry-after'] === 'number' ? body['retry-after'] : undefined;
  const fromHeader = secondsFromHeader(hint.headers.get('retry-after'), now);
  const reset = Number(hint.headers.get('x-ratelimit-reset') ?? Number.NaN);
  const fromReset = Number.isFinite(reset) && reset > 0 ? reset - now / 1000 : undefined;
  const waits = [fromEnvelope, fromHeader, fromReset].filter((wait): wait is number => wait !== undefined);
  return waits.length === 0 ? undefined : Math.max(0, ...waits) * 1000;
}
