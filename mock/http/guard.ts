import type { MockRequest } from './mock-request';
import type { ApiFailure } from '../domain/errors';
import type { MockState } from '../domain/state';
import { errorResponse } from './envelope';
import { REQUEST_LIMITS, hasMalformedEscape, malformedPath, uriTooLong } from './limits';
import { type ExchangeObserver, observe } from './observer';
import { isFileServerPath } from './upload-files';

/**
 * What the front end refuses before the server routes the path, for the paths the mock serves:
 * a path longer than any front end accepts (414, API paths) or an escape nginx cannot decode (400).
 */
export function frontEndRefusal(pathname: string): ApiFailure | undefined {
  const api = pathname.startsWith('/api/v1/');
  if (api && pathname.length > REQUEST_LIMITS.maxPathLength) return uriTooLong();
  if ((api || isFileServerPath(pathname)) && hasMalformedEscape(pathname)) return malformedPath();
  return undefined;
}

/** The envelope of a front-end refusal, observed as the realm's answers are. */
export function frontEndRefusalResponse(
  state: MockState,
  observer: ExchangeObserver | undefined,
  request: MockRequest,
  failure: ApiFailure,
): Promise<Response> {
  return observe(observer, undefined, request, errorResponse(failure, state.logger));
}

/** The front end's refusal of a request for `url`, if the mock serves its origin (`baseUrl`, or `*` for any). */
export function refusalAt(url: URL, baseUrl: string): ApiFailure | undefined {
  if (baseUrl !== '*' && url.origin !== baseUrl) return undefined;
  return frontEndRefusal(url.pathname);
}
