/** The server's rate-limit budget as of the last response that reported it. */
export interface RateLimitStatus {
  /** Requests allowed in the window (`X-RateLimit-Limit`). */
  readonly limit: number;
  /** Requests left in the window (`X-RateLimit-Remaining`). */
  readonly remaining: number;
  /** When the budget is whole again, on this machine's clock (`X-RateLimit-Reset`). */
  readonly resetAt: Date;
}

function headerNumber(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * Follows the `X-RateLimit-*` headers of every response. The reset time is a UNIX time on the
 * server's clock; it is moved onto this machine's clock by the response's `Date` header, so a
 * skewed clock on either side does not make the client wait too long or too little.
 */
export class RateLimitTracker {
  #status: RateLimitStatus | undefined;

  /** The last budget reported, if any response reported one. */
  get status(): RateLimitStatus | undefined {
    return this.#status;
  }

  /** Reads the headers of one response (every attempt, retries included). */
  observe(headers: Headers, receivedAt = Date.now()): void {
    const limit = headerNumber(headers, 'x-ratelimit-limit');
    const remaining = headerNumber(headers, 'x-ratelimit-remaining');
    const reset = headerNumber(headers, 'x-ratelimit-reset');
    if (limit === undefined || remaining === undefined || reset === undefined) return;
    const serverDate = Date.parse(headers.get('date') ?? '');
    const serverNow = Number.isNaN(serverDate) ? receivedAt : serverDate;
    this.#status = { limit, remaining, resetAt: new Date(receivedAt + Math.max(0, reset * 1000 - serverNow)) };
  }

  /** Milliseconds to wait before the next request when the budget is spent; 0 otherwise. */
  waitBeforeNextMs(now = Date.now()): number {
    const status = this.#status;
    if (!status || status.remaining > 0) return 0;
    return Math.max(0, status.resetAt.getTime() - now);
  }
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
