import { httpDate } from './http-date';
import { type RateLimitResult, rateLimitHeaders } from '../domain/rate-limits';
import type { MockState } from '../domain/state';

/** The `Date` of the realm's clock, and the rate-limit headers of the limits the request passed. */
export function serverHeaders(state: MockState, applied: readonly RateLimitResult[]): Record<string, string> {
  const now = state.clock.now();
  const date = httpDate(now);
  const limits = rateLimitHeaders(applied, now);
  return limits ? { Date: date, ...limits } : { Date: date };
}
