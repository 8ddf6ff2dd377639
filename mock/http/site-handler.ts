import { type HttpHandler, http, matchRequestUrl } from 'msw';
import type { MockState } from '../domain/state';
import type { ApiFailure } from '../domain/errors';
import { responseOf } from './envelope';
import { frontEndRefusalResponse, refusalAt } from './guard';
import { forRequestMethod, routedAsGet } from './head';
import type { ExchangeObserver } from './observer';
import type { Router } from './router';
import { TUS_PATH, type TusServer } from './tus';

/** What the handler's predicate found, carried to its resolver as MSW path parameters. */
const YES = 'yes';

/**
 * The front end's refusals, the tus endpoint and the router as one MSW handler, tried in that
 * order: requests no route may see (see `frontEndRefusal`), `${baseUrl}/api/v1/tus*`, then
 * everything under `${baseUrl}/api/v1/` and the views at the site's root (`rootPaths`, such as
 * `/compatibility`), each path matched by MSW's own `matchRequestUrl` as a handler of its own
 * would match it. One handler rather than one per part: MSW's work per handler tried (its
 * request parsing, cookies, path matching and promise chain) was about a twentieth of a
 * `GET /messages`. A part that does not answer lets the next one try, then MSW's next handler.
 */
export function siteHandler(
  state: MockState,
  baseUrl: string,
  observer: ExchangeObserver | undefined,
  tus: TusServer,
  route: Router,
  rootPaths: readonly string[],
): HttpHandler {
  const tusPath = `${baseUrl}${TUS_PATH}*`;
  const routedPaths = [`${baseUrl}/api/v1/*`, ...rootPaths.map((path) => `${baseUrl}${path}`)];
  const handler = http.all(
    ({ request }) => {
      const url = new URL(request.url);
      // Before any path matching: MSW's path matcher throws on overlong URLs.
      if (refusalAt(url, baseUrl)) return { matches: true, params: { refused: YES, tus: '', routed: '' } };
      const viaTus = matchRequestUrl(url, tusPath).matches;
      let routed = false;
      for (let index = 0; index < routedPaths.length && !routed; index++) routed = matchRequestUrl(url, routedPaths[index] as string).matches;
      return { matches: viaTus || routed, params: { refused: '', tus: viaTus ? YES : '', routed: routed ? YES : '' } };
    },
    async ({ request, params }) => {
      const { pathname } = new URL(request.url);
      if (params.refused === YES) {
        return frontEndRefusalResponse(state, observer, request, refusalAt(new URL(request.url), baseUrl) as ApiFailure);
      }
      if (params.tus === YES) {
        const viaTus = await tus(request, pathname);
        if (viaTus) return viaTus;
      }
      if (params.routed !== YES) return undefined;
      const answer = await route(routedAsGet(request), pathname);
      return answer && forRequestMethod(request, responseOf(answer));
    },
  );
  // MSW names a handler with a predicate "[custom predicate]" in its browser log and in
  // `listHandlers()`: name the paths it answers instead.
  handler.info.header = `all ${[...routedPaths, tusPath].join(', ')} (teamchat-mock)`;
  return handler;
}
