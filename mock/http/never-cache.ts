import { httpDate } from './http-date';

/** The `Cache-Control` of Django's `add_never_cache_headers`, its directives in Django's order. */
export const NEVER_CACHE_CONTROL = 'max-age=0, no-cache, no-store, must-revalidate, private';

/**
 * The headers the server's REST dispatcher adds to every response it returns (successes, its 405
 * and the 204 of OPTIONS), through Django's `add_never_cache_headers`: `Cache-Control` and an
 * `Expires` of now. Errors raised by a view are answered later, by middleware, without them, and
 * the plain views outside the dispatcher (`/server_settings`, `/fetch_api_key`) never have them.
 *
 * @example
 * neverCacheHeaders(state.clock.now()); // { 'cache-control': 'max-age=0, ...', expires: 'Wed, 21 Oct 2015 07:28:00 GMT' }
 */
export function neverCacheHeaders(now: number): Record<string, string> {
  return { 'cache-control': NEVER_CACHE_CONTROL, expires: httpDate(now) };
}
