/** At most `requests` requests in any `seconds`-long window (the server's `(seconds, requests)` rule). */
export interface RateLimitRule {
  readonly seconds: number;
  readonly requests: number;
}

/**
 * What one limiter said about a request, as the server notes it for the `X-RateLimit-*` headers:
 * the widest rule's number of requests, how many are left, and in how many seconds they all are.
 */
export interface RateLimitResult {
  readonly limit: number;
  readonly remaining: number;
  readonly secondsToFreedom: number;
}

/** A request was refused: it may be made again in this many seconds. */
export interface RateLimitRefusal {
  readonly refusedFor: number;
}

/**
 * Where the server keeps the request history of what it limits. `rules` are sorted by window,
 * the widest last; `now` is in milliseconds (whole ones from the clock keep the seconds exact).
 */
export interface RateLimitBackend {
  /** Counts a request of `key`, or refuses it without counting it. */
  admit(key: string, rules: readonly RateLimitRule[], now: number): RateLimitResult | RateLimitRefusal;
  /** Forgets what `key` did. */
  clear(key: string): void;
}

function widestOf(rules: readonly RateLimitRule[]): RateLimitRule {
  return rules[rules.length - 1] as RateLimitRule;
}

/**
 * The server's Redis backend: each key's recent request times; a request is refused while the
 * `requests`-th most recent one is less than `seconds` old. The headers count the requests within
 * the widest window, which is full again `seconds` after the newest one.
 */
export class SlidingWindowBackend implements RateLimitBackend {
  /** Request times per key, most recent last. */
  readonly #history = new Map<string, number[]>();

  admit(key: string, rules: readonly RateLimitRule[], now: number): RateLimitResult | RateLimitRefusal {
    const widest = widestOf(rules);
    let times = this.#history.get(key) ?? [];
    // Times after `now` are left by a clock set back (the mock's clock may be); they never happened.
    if ((times[times.length - 1] ?? now) > now) times = times.filter((time) => time <= now);
    for (const rule of rules) {
      const nth = times[times.length - rule.requests];
      if (nth !== undefined && nth + rule.seconds * 1000 >= now) return { refusedFor: (nth + rule.seconds * 1000 - now) / 1000 };
    }
    times.push(now);
    // Only the widest rule's count of recent times can matter again.
    if (times.length > widest.requests) times.splice(0, times.length - widest.requests);
    this.#history.set(key, times);
    const windowStart = now - widest.seconds * 1000;
    const recent = times.filter((time) => time >= windowStart).length;
    return { limit: widest.requests, remaining: widest.requests - recent, secondsToFreedom: widest.seconds };
  }

  clear(key: string): void {
    this.#history.delete(key);
  }
}

/**
 * The event server's in-memory backend (Tornado's), with buckets of its own: per rule, the time
 * at which a key's bucket is empty again; each request adds `seconds / requests` to it, and one
 * that would push it past a window from now is refused. So a burst of `requests` passes, then one
 * request per `seconds / requests`.
 */
export class LeakyBucketBackend implements RateLimitBackend {
  /** Per rule (`seconds:requests`), the time each key's bucket empties. */
  readonly #emptyAt = new Map<string, Map<string, number>>();

  admit(key: string, rules: readonly RateLimitRule[], now: number): RateLimitResult | RateLimitRefusal {
    for (const rule of rules) {
      const bucket = this.#bucket(rule);
      const window = rule.seconds * 1000;
      let emptyAt = bucket.get(key) ?? now;
      // Only a clock set back leaves a bucket emptying more than a window ahead: start it afresh.
      if (emptyAt > now + window) emptyAt = now;
      const next = Math.max(emptyAt, now) + window / rule.requests;
      // Earlier rules keep what they counted, as the server's loop does.
      if (next > now + window) return { refusedFor: (next - window - now) / 1000 };
      bucket.set(key, next);
    }
    const widest = widestOf(rules);
    const emptyAt = this.#bucket(widest).get(key) as number;
    const remaining = Math.floor(((now + widest.seconds * 1000 - emptyAt) * widest.requests) / (widest.seconds * 1000));
    return { limit: widest.requests, remaining, secondsToFreedom: (emptyAt - now) / 1000 };
  }

  clear(key: string): void {
    for (const bucket of this.#emptyAt.values()) bucket.delete(key);
  }

  #bucket(rule: RateLimitRule): Map<string, number> {
    const name = `${rule.seconds}:${rule.requests}`;
    let bucket = this.#emptyAt.get(name);
    if (!bucket) {
      bucket = new Map();
      this.#emptyAt.set(name, bucket);
    }
    return bucket;
  }
}
