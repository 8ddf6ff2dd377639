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
 *
 * A clock set back (the mock's clock may be) forgets the requests made after the new time. Only
 * each key's last `requests` times (of the widest rule) are kept, so a clock set back before all
 * of them finds no request.
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

/** A request a bucket let in: when, and when the bucket is empty again after it. */
interface Admission {
  readonly at: number;
  readonly emptyAt: number;
}

/**
 * The event server's in-memory backend (Tornado's), with buckets of its own: per rule, the time
 * at which a key's bucket is empty again; each request adds `seconds / requests` to it, and one
 * that would push it past a window from now is refused. So a burst of `requests` passes, then one
 * request per `seconds / requests`.
 *
 * A clock set back (the mock's clock may be) forgets the requests let in after the new time, as
 * {@link SlidingWindowBackend} does: the bucket is as it was after the last request let in at or
 * before that time. Like the sliding window, it keeps each key's last `requests` requests (per
 * rule), so a clock set back before all of them finds the bucket empty.
 */
export class LeakyBucketBackend implements RateLimitBackend {
  /** Per rule (`seconds:requests`), each key's last `requests` admissions, the latest last. */
  readonly #admissions = new Map<string, Map<string, Admission[]>>();

  admit(key: string, rules: readonly RateLimitRule[], now: number): RateLimitResult | RateLimitRefusal {
    let emptyAt = now;
    for (const rule of rules) {
      const bucket = this.#bucket(rule);
      const window = rule.seconds * 1000;
      const admissions = bucket.get(key) ?? [];
      // Admissions after `now` are left by a clock set back; they never happened.
      if ((admissions[admissions.length - 1]?.at ?? now) > now) admissions.splice(admissions.findIndex(({ at }) => at > now));
      const next = Math.max(admissions[admissions.length - 1]?.emptyAt ?? now, now) + window / rule.requests;
      // Earlier rules keep what they counted, as the server's loop does.
      if (next > now + window) return { refusedFor: (next - window - now) / 1000 };
      admissions.push({ at: now, emptyAt: next });
      if (admissions.length > rule.requests) admissions.shift();
      bucket.set(key, admissions);
      emptyAt = next;
    }
    // The last rule is the widest.
    const widest = widestOf(rules);
    const remaining = Math.floor(((now + widest.seconds * 1000 - emptyAt) * widest.requests) / (widest.seconds * 1000));
    return { limit: widest.requests, remaining, secondsToFreedom: (emptyAt - now) / 1000 };
  }

  clear(key: string): void {
    for (const bucket of this.#admissions.values()) bucket.delete(key);
  }

  #bucket(rule: RateLimitRule): Map<string, Admission[]> {
    const name = `${rule.seconds}:${rule.requests}`;
    let bucket = this.#admissions.get(name);
    if (!bucket) {
      bucket = new Map();
      this.#admissions.set(name, bucket);
    }
    return bucket;
  }
}
