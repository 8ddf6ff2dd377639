import type { Endpoint } from '../../src/contract/endpoint';
import type { MockState } from '../domain/state';
import type { UserRecord } from '../store/store';
import { authenticateCaller } from './credentials';
import { type Answer, errorReply } from './envelope';
import type { MockRequest } from './mock-request';
import { serverHeaders } from './server-headers';

/** How long an injected 429 asks the client to wait, in seconds. */
const INJECTED_WAIT_SECONDS = 1;

function callerOf(state: MockState, endpoint: Endpoint, request: MockRequest): UserRecord | undefined {
  if (endpoint.access.auth !== 'api_key') return undefined;
  try {
    return authenticateCaller(state, request, endpoint.access);
  } catch {
    return undefined;
  }
}

/**
 * An injected 429 (`mock.faults`, `--faults`) as the server's rate limiter sends its refusal, so a
 * client cannot tell them apart: `RATE_LIMIT_HIT` with `retry-after` 1 in the body and the
 * `Retry-After` header, `X-RateLimit-Limit` of the caller's rules (of the default rules for a
 * request without valid credentials, or when rate limiting is off; of the login rules for a
 * login, `rateLimit: 'login'`), `X-RateLimit-Remaining: 0`, `X-RateLimit-Reset` 1 s ahead,
 * and the `Date` of the realm's clock.
 */
export function injectedRateLimitRefusal(state: MockState, endpoint: Endpoint, request: MockRequest): Answer {
  const refusal =
    endpoint.rateLimit === 'login'
      ? state.rateLimiter.loginRefusalFor(INJECTED_WAIT_SECONDS)
      : state.rateLimiter.refusalFor(callerOf(state, endpoint, request)?.delivery_email, INJECTED_WAIT_SECONDS);
  return errorReply(refusal, state.logger, serverHeaders(state, []));
}
