import type { Clock } from './clock';
import { ApiFailure } from './errors';
import {
  LeakyBucketBackend,
  type RateLimitBackend,
  type RateLimitResult,
  type RateLimitRule,
  SlidingWindowBackend,
} from './rate-limit-backends';

export type { RateLimitResult, RateLimitRule } from './rate-limit-backends';

/**
 * How the mock limits API requests. Rules apply to every authenticated request, as the server's
 * `api_by_user` domain does, and to password logins, as its `authenticate_by_username` does.
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
  /**
   * Attempts of `POST /fetch_api_key` per username, as sent; a successful login forgets them.
   * @default [{ seconds: 1800, requests: 5 }] (the real server's `authenticate_by_username` rule)
   */
  readonly logins?: readonly RateLimitRule[];
}

/** The real server's default `api_by_user` rule. */
export const DEFAULT_RATE_LIMIT_RULES: readonly RateLimitRule[] = [{ seconds: 60, requests: 200 }];

/** The real server's default `authenticate_by_username` rule: 5 attempts in 30 minutes. */
const DEFAULT_LOGIN_RATE_LIMIT_RULES: readonly RateLimitRule[] = [{ seconds: 1800, requests: 5 }];

/** The real server's `email_change_by_user` rule: 2 address changes an hour, 5 a day. */
const EMAIL_CHANGE_RULES: readonly RateLimitRule[] = [{ seconds: 3600, requests: 2 }, { seconds: 86400, requests: 5 }];

/** The real server's `spectator_attachment_access_by_file` rule: 1000 reads of a file a day without credentials. */
const SPECTATOR_FILE_RULES: readonly RateLimitRule[] = [{ seconds: 86400, requests: 1000 }];

/** Rules that never limit: the server's stand-in for "no rules" (9999 requests a second). */
const NO_RULES: readonly RateLimitRule[] = [{ seconds: 1, requests: 9999 }];

/** The rate-limit headers the server sets on the responses of limited requests. */
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
 * The headers of the limits applied to one request, combined as the server combines them: the
 * smallest limit and remainder, and the latest time all are free again.
 */
export function rateLimitHeaders(results: readonly RateLimitResult[], now: number): RateLimitHeaders | undefined {
  if (results.length === 0) return undefined;
  return headers(
    Math.min(...results.map((result) => result.limit)),
    Math.min(...results.map((result) => result.remaining)),
    now + Math.max(...results.map((result) => result.secondsToFreedom)) * 1000,
  );
}

function headers(limit: number, remaining: number, resetMs: number): RateLimitHeaders {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, remaining)),
    'X-RateLimit-Reset': String(Math.floor(resetMs / 1000)),
  };
}

/**
 * The server's rate limiters, with times from the realm's clock: each user's API requests (in
 * the main server's budget, or the event server's own), and password logins per username. Each
 * `admit` counts one request, or refuses it with RATE_LIMIT_HIT (HTTP 429, `retry-after` in
 * seconds, the `Retry-After` header) without counting it; it returns what the response's
 * headers need, nothing when rate limiting is off.
 */
export class RateLimiter {
  readonly #clock: Clock;
  readonly #enabled: boolean;
  readonly #defaultRules: readonly RateLimitRule[];
  readonly #loginRules: readonly RateLimitRule[];
  readonly #rulesByEmail: ReadonlyMap<string, readonly RateLimitRule[]>;
  readonly #main = new SlidingWindowBackend();
  readonly #eventServer = new LeakyBucketBackend();

  constructor(clock: Clock, options: RateLimitOptions | false | undefined) {
    this.#clock = clock;
    this.#enabled = options !== false;
    this.#defaultRules = options === false ? NO_RULES : sortedRules(options?.rules ?? DEFAULT_RATE_LIMIT_RULES);
    this.#loginRules = options === false ? NO_RULES : sortedRules(options?.logins ?? DEFAULT_LOGIN_RATE_LIMIT_RULES);
    const users = options === false ? {} : (options?.users ?? {});
    this.#rulesByEmail = new Map(
      Object.entries(users).map(([email, rules]) => [email.toLowerCase(), sortedRules(rules)]),
    );
  }

  #rulesOf(email: string): readonly RateLimitRule[] {
    return this.#rulesByEmail.get(email.toLowerCase()) ?? this.#defaultRules;
  }

  /** Counts a request of the user against the main server's budget (`api_by_user`). */
  admit(user: { readonly id: number; readonly delivery_email: string }): RateLimitResult | undefined {
    return this.#admit(this.#main, `user:${user.id}`, this.#rulesOf(user.delivery_email));
  }

  /**
   * Counts a request of the user that the event server answers (`GET`/`DELETE /events`): the same
   * rules, in that server's own in-memory buckets, apart from the main budget.
   */
  admitAtEventServer(user: { readonly id: number; readonly delivery_email: string }): RateLimitResult | undefined {
    return this.#admit(this.#eventServer, `user:${user.id}`, this.#rulesOf(user.delivery_email));
  }

  /** Counts a password login attempt for the username exactly as sent (`authenticate_by_username`). */
  admitLogin(username: string): RateLimitResult | undefined {
    return this.#admit(this.#main, `login:${username}`, this.#loginRules);
  }

  /**
   * Counts a password check for the username (`authenticate_by_username`, as `PATCH /settings`
   * makes one), or, when refused, the whole seconds until it may be tried again (not counted).
   */
  checkLogin(username: string): number | undefined {
    if (!this.#enabled) return undefined;
    const result = this.#main.admit(`login:${username}`, this.#loginRules, this.#clock.now());
    return 'refusedFor' in result ? Math.trunc(result.refusedFor) : undefined;
  }

  /** Counts a request of the user to change their address (`email_change_by_user`). */
  admitEmailChange(user: { readonly id: number }): void {
    this.#admit(this.#main, `email-change:${user.id}`, EMAIL_CHANGE_RULES);
  }

  /**
   * Counts a read of an uploaded file by someone without credentials; false once the file's
   * budget is spent (the server then treats the reader as not allowed to see the file).
   */
  admitSpectatorFileAccess(pathId: string): boolean {
    if (!this.#enabled) return true;
    return !('refusedFor' in this.#main.admit(`spectator-file:${pathId}`, SPECTATOR_FILE_RULES, this.#clock.now()));
  }

  /**
   * The refusal this limiter sends the user with this address (anyone on the default rules when
   * undefined) who must wait `seconds`, without counting anything: for an injected 429. With rate
   * limiting off, the default rules of a server that has it give the limit.
   * @internal
   */
  refusalFor(email: string | undefined, seconds: number): ApiFailure {
    const rules = !this.#enabled ? DEFAULT_RATE_LIMIT_RULES : email === undefined ? this.#defaultRules : this.#rulesOf(email);
    return limited(seconds, (rules[rules.length - 1] as RateLimitRule).requests, this.#clock.now());
  }

  /**
   * The refusal of the login limiter (`authenticate_by_username`) to a username that must wait
   * `seconds`, without counting anything: for an injected 429 on a login. With rate limiting off,
   * the default login rules of a server that has it give the limit.
   * @internal
   */
  loginRefusalFor(seconds: number): ApiFailure {
    const rules = this.#enabled ? this.#loginRules : DEFAULT_LOGIN_RATE_LIMIT_RULES;
    return limited(seconds, (rules[rules.length - 1] as RateLimitRule).requests, this.#clock.now());
  }

  /** Forgets the login attempts of a username: it logged in, or its user changed the password. */
  clearLogins(username: string): void {
    this.#main.clear(`login:${username}`);
  }

  #admit(backend: RateLimitBackend, key: string, rules: readonly RateLimitRule[]): RateLimitResult | undefined {
    if (!this.#enabled) return undefined;
    const now = this.#clock.now();
    const result = backend.admit(key, rules, now);
    if ('refusedFor' in result) throw limited(result.refusedFor, (rules[rules.length - 1] as RateLimitRule).requests, now);
    return result;
  }
}

function limited(secondsToFreedom: number, limit: number, now: number): ApiFailure {
  return new ApiFailure(
    'API usage exceeded rate limit',
    'RATE_LIMIT_HIT',
    429,
    { 'retry-after': secondsToFreedom },
    { 'Retry-After': String(secondsToFreedom), ...headers(limit, 0, now + secondsToFreedom * 1000) },
  );
}
