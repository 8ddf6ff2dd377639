import type { MockRequest } from './mock-request';
import { routedAsGet } from './head';
import type { MockState } from '../domain/state';
import type { Answer } from './envelope';
import { frontEndRefusal, frontEndRefusalResponse } from './guard';
import type { ExchangeObserver } from './observer';
import type { Router } from './router';
import type { TusServer } from './tus';
import type { FileServer } from './upload-files';
import type { ExternalContentServer } from './external-content';

/** Answers one request as the realm's handlers would, or undefined when it is not the API's. */
export type Dispatch = (request: MockRequest) => Promise<Answer | undefined>;

/**
 * The realm's handlers as one plain function, without MSW: the same guard, router and fallback,
 * for the paths that need no interception (`mock.fetch`, the standalone server). A request for
 * another origin than `baseUrl` (unless it is `*`), or outside `/api/v1/`, `/user_uploads/`, `/user_avatars/`, `/avatar/`
 * the Camo proxy's `/external_content/` and the views at the site's root (`/compatibility`), is not answered.
 */
export function createDispatch(
  state: MockState,
  baseUrl: string,
  observer: ExchangeObserver | undefined,
  route: Router,
  fallback: (request: MockRequest) => Promise<Response>,
  files: FileServer,
  tus: TusServer,
  externalContent: ExternalContentServer,
): Dispatch {
  return async (request) => {
    const url = new URL(request.url);
    if (baseUrl !== '*' && url.origin !== baseUrl) return undefined;
    const refusal = frontEndRefusal(url.pathname);
    if (refusal) return frontEndRefusalResponse(state, observer, request, refusal);
    if (!url.pathname.startsWith('/api/v1/')) {
      return externalContent(request, url.pathname) ?? (await files(request, url.pathname)) ?? route(routedAsGet(request), url.pathname);
    }
    const viaTus = await tus(request, url.pathname);
    if (viaTus) return viaTus;
    // The runtime leaves the body of a HEAD answer out.
    const routed = routedAsGet(request);
    return (await route(routed, url.pathname)) ?? fallback(routed);
  };
}

/** Each realm's {@link Dispatch}: its public `dispatch` makes every answer a Fetch Response. */
const DISPATCHES = new WeakMap<object, Dispatch>();

/** Remembers the realm's own dispatch for server adapters that write replies as they are. */
export function rememberDispatch(mock: object, dispatch: Dispatch): void {
  DISPATCHES.set(mock, dispatch);
}

/** The realm's own dispatch, or its public one for a realm made otherwise. */
export function dispatchOf(mock: { readonly dispatch: Dispatch }): Dispatch {
  return DISPATCHES.get(mock) ?? mock.dispatch;
}
