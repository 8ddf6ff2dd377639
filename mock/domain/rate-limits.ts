import type { Clock } from './clock';
import { ApiFailure } from './errors';

/** At most `requests` requests in any `seconds`-long window (the server's `(seconds, requests)` rule). */
export interface RateLimitRule {
  readonly seconds: number;
  readonly requests: number;
}

/**
 * How the mock limits each user's API requests. Rules apply to every authenticated request, as
 * the server's `api_by_user` domain does.
 */
export interface RateLimitOptions {
  /**
   * The rules for every user without rules of their own.
   * @default [{ seconds: 60, requests: 200 }] (the real server's `api_by_user` rule)
   */
  readonly rules?: readonly RateLimitRule[];
  /**
   * Rules per user, by email (the server's per-user `rate_limits`); `[]` exempts that user.
   * @default {}
   */
  readonly users?: Readonly<Record<string, readonly RateLimitRule[]>>;
}

/** The real server's default `api_by_user` rule. */
export const DEFAULT_RATE_LIMIT_RULES: readonly RateLimitRule[] = [{ seconds: 60, requests: 200 }];

/** Rules that never limit: the server's stand-in for "no rules" (9999 requests a second). */
const NO_RULES: readonly RateLimitRule[] = [{ seconds: 1, requests: 9999 }];

/** The rate-limit headers the server sets on every authenticated response. */
export type RateLimitHeaders = Readonly<Record<'X-RateLimit-Limit' | 'X-RateLimit-Remaining' | 'X-RateLimit-Reset', string>>;

/**
 * Reads rules written as the server writes a user's `rate_limits`: `seconds:requests` pairs
 * separated by commas (`60:200,1:10`); `off` turns rate limiting off. Returns an error text for
 * anything else.
 */
export function parseRateLimitRules(text: string): readonly RateLimitRule[] | false | string {
  if (text.trim() === 'off') return false;
  const rules: RateLimitRule[] = [];
  for (const pair of text.split(',')) {
    const match = /^\s*(\d+):(\d+)\s*$/.exec(pair);
    const seconds = Number(match?.[1]);
    const requests = Number(match?.[2]);
    if (!match || seconds <= 0 || requests <= 0) {
      return `expected seconds:requests pairs such as 60:200, or off; got '${text}'`;
    }
    rules.push({ seconds, requests });
  }
  return rules;
}

function sortedRules(rules: readonly RateLimitRule[]): readonly RateLimitRule[] {
  const valid = rules.filter((rule) => rule.seconds > 0 && rule.requests > 0);
  return valid.length === 0 ? NO_RULES : [...valid].sort((a, b) => a.seconds - b.seconds);
}

/**
 * The server's sliding-window limiter (its Redis backend): each user's recent request times;
 * a request is refused while the `requests`-th most recent one is less than `seconds` old, and
 * a refused request is not counted. Times come from the realm's clock.
 */
export class RateLimiter {
  readonly #clock: Clock;
  readonly #enabled: boolean;
  readonly #defaultRules: readonly RateLimitRule[];
  readonly #rulesByEmail: ReadonlyMap<string, readonly RateLimitRule[]>;
  /** Request times per user, most recent last, in milliseconds. */
  readonly #history = new Map<number, number[]>();

  constructor(clock: Clock, options: RateLimitOptions | false | undefined) {
    this.#clock = clock;
    this.#enabled = options !== false;
    this.#defaultRules = options === false ? NO_RULES : sortedRules(options?.rules ?? DEFAULT_RATE_LIMIT_RULES);
    const users = options === false ? {} : (options?.users ?? {});
    this.#rulesByEmail = new Map(
      Object.entries(users).map(([email, rules]) => [email.toLowerCase(), sortedRules(rules)]),
    );
  }

  #rulesOf(email: string): readonly RateLimitRule[] {
    return this.#rulesByEmail.get(email.toLowerCase()) ?? this.#defaultRules;
  }

  /**
   * Counts one request of the user, or refuses it with RATE_LIMIT_HIT (HTTP 429, `retry-after`
   * in seconds, the `Retry-After` header). Returns the headers the response carries, computed
   * for the widest rule as the server computes them; none when rate limiting is off.
   */
  admit(user: { readonly id: number; readonly delivery_email: string }): RateLimitHeaders | undefined {
    if (!this.#enabled) return undefined;
    const rules = this.#rulesOf(user.delivery_email);
    const widest = rules[rules.length - 1] ?? (NO_RULES[0] as RateLimitRule);
    const now = this.#clock.now();
    const times = this.#history.get(user.id) ?? [];
    for (const rule of rules) {
      const nth = times[times.length - rule.requests];
      if (nth === undefined) continue;
      const freeAt = nth + rule.seconds * 1000;
      if (freeAt >= now) throw this.#limited((freeAt - now) / 1000, widest, now);
    }
    times.push(now);
    // Only the widest rule's count of recent times can matter again.
    if (times.length > widest.requests) times.splice(0, times.length - widest.requests);
    this.#history.set(user.id, times);
    const windowStart = now - widest.seconds * 1000;
    const recent = times.filter((time) => time > windowStart).length;
    return headers(widest.requests, widest.requests - recent, now + widest.seconds * 1000);
  }

  #limited(secondsToFreedom: number, widest: RateLimitRule, now: number): ApiFailure {
    return new ApiFailure(
      'API usage exceeded rate limit',
      'RATE_LIMIT_HIT',
      429,
      { 'retry-after': secondsToFreedom },
      { 'Retry-After': String(secondsToFreedom), ...headers(widest.requests, 0, now + secondsToFreedom * 1000) },
    );
  }
}

function headers(limit: number, remaining: number, resetMs: number): RateLimitHeaders {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, remaining)),
    'X-RateLimit-Reset': String(Math.floor(resetMs / 1000)),
  };
}
