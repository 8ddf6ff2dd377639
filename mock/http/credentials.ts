import type { MockRequest } from './mock-request';
import type { Endpoint, EndpointAccess } from '../../src/contract/endpoint';
import { authenticate, authenticateByQueryKey } from '../domain/auth';
import type { RateLimitResult } from '../domain/rate-limits';
import type { MockState } from '../domain/state';
import type { UserRecord } from '../store/store';

/** The last `api_key` of the query string (Django's `request.GET.get`), if any. */
function queryApiKey(url: string): string | undefined {
  const start = url.indexOf('?');
  if (start < 0) return undefined;
  return new URLSearchParams(url.slice(start + 1).split('#', 1)[0]).getAll('api_key').at(-1);
}

/**
 * The caller of an operation that requires credentials: HTTP Basic, or where the operation
 * allows it and no `Authorization` header came, the `api_key` query parameter.
 */
export function authenticateCaller(state: MockState, request: MockRequest, access: EndpointAccess): UserRecord {
  const authorization = request.headers.get('authorization');
  if (authorization === null && access.apiKeyInQuery) {
    const apiKey = queryApiKey(request.url);
    if (apiKey !== undefined) return authenticateByQueryKey(state, apiKey);
  }
  return authenticate(state, authorization, access);
}

/**
 * Who asks for a file at one of the server's file addresses (`override_api_url_scheme` views:
 * `/user_uploads/...`, `/thumbnail`): HTTP Basic credentials, else the `api_key` query
 * parameter, else nobody (what a web-public file allows).
 */
export function fileViewer(state: MockState, request: MockRequest): UserRecord | undefined {
  const authorization = request.headers.get('authorization');
  if (authorization !== null) return authenticate(state, authorization);
  const apiKey = queryApiKey(request.url);
  return apiKey === undefined ? undefined : authenticateByQueryKey(state, apiKey);
}

/** Counts an authenticated request where the server counts it (see `Endpoint.rateLimit`). */
export function admitCaller(state: MockState, endpoint: Endpoint, user: UserRecord): RateLimitResult | undefined {
  if (endpoint.rateLimit === 'exempt') return undefined;
  return endpoint.rateLimit === 'event-server' ? state.rateLimiter.admitAtEventServer(user) : state.rateLimiter.admit(user);
}
