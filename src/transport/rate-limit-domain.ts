import type { RateLimitDomain } from '../contract/endpoint';

/**
 * Where the server counts a raw request (`client.request`) when not in the caller's main budget,
 * as the operation at that path declares it (`Endpoint.rateLimit`; `rate-limit-domain.test.ts`
 * holds the two equal): the event server's long-polls and queue deletions, the login limiter's
 * logins, and file URLs, which no limit counts. `path` is below `/api/v1`, as `client.request`
 * takes it.
 */
export function rateLimitDomainOf(path: string): RateLimitDomain | undefined {
  if (path === '/events') return 'event-server';
  if (path === '/fetch_api_key') return 'login';
  return path.startsWith('/user_uploads/') ? 'exempt' : undefined;
}
