import type { MockRequest } from './mock-request';
import { type HttpHandler, http } from 'msw';
import type { MockState } from '../domain/state';
import { errorResponse } from './envelope';
import { REQUEST_LIMITS, uriTooLong } from './limits';
import { type ExchangeObserver, observe } from './observer';

/** A URL path longer than any front end accepts: the 414 envelope. */
export function overlongResponse(state: MockState, observer: ExchangeObserver | undefined, request: MockRequest): Promise<Response> {
  return observe(observer, undefined, request, errorResponse(uriTooLong(), state.logger));
}

function isOverlongApiRequest(request: MockRequest, baseUrl: string): boolean {
  const url = new URL(request.url);
  if (baseUrl !== '*' && url.origin !== baseUrl) return false;
  return url.pathname.startsWith('/api/v1/') && url.pathname.length > REQUEST_LIMITS.maxPathLength;
}

/**
 * Answers requests no route may see: a URL path longer than any front end accepts gets the 414
 * envelope. It runs before the routes, with a predicate of its own, because MSW's path matcher
 * throws on such URLs.
 */
export function guardHandler(state: MockState, baseUrl: string, observer: ExchangeObserver | undefined): HttpHandler {
  return http.all(
    ({ request }) => isOverlongApiRequest(request, baseUrl),
    ({ request }) => overlongResponse(state, observer, request),
  );
}
