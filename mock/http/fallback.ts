import type { MockRequest } from './mock-request';
import { type HttpHandler, http } from 'msw';
import type { Endpoint } from '../../src/contract/endpoint';
import { authenticate } from '../domain/auth';
import { ApiFailure } from '../domain/errors';
import type { MockState } from '../domain/state';
import { errorResponse } from './envelope';
import { loginRedirect } from './login-redirect';
import { dispatcherMethodNotAllowed } from './method-not-allowed';
import { neverCacheHeaders } from './never-cache';
import { notFoundPage } from './not-found-page';
import { forRequestMethod, routedAsGet } from './head';
import { dispatchedRequest } from './method-override';
import { type ExchangeObserver, observe } from './observer';
import { closestRoutes } from './route-hints';
import { SERVER_ROUTES } from './server-routes';
import { unnamedTemplate, urlPatternOf } from './url-patterns';

interface RouteTemplate {
  readonly method: string;
  readonly path: string;
  readonly regex: RegExp;
  /** A view at the site's root: its path is not below `/api/v1`, so no path here matches it. */
  readonly siteRoot?: boolean;
}

function template(method: string, path: string, restOfPath = false, siteRoot = false): RouteTemplate {
  // IDs are integers on the server (Django's `<int:...>`): `/messages/render` is no message ID.
  const escaped = path
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{[a-z_]+_id\}/g, '[0-9]+');
  // A last parameter that takes the rest of the path (Django's `<path:...>`) spans slashes.
  const pattern = (restOfPath ? escaped.replace(/\{[a-z_]+\}$/, '.+') : escaped).replace(/\{[a-z_]+\}/g, '[^/]+');
  return { method, path, regex: new RegExp(`^${siteRoot ? '' : '/api/v1'}${pattern}$`), siteRoot };
}

const SERVER_TEMPLATES = SERVER_ROUTES.map((route) => {
  const [method = '', path = ''] = route.split(' ');
  return template(method, path);
});

/**
 * The methods the server allows on a path, in the order its 405 lists them: the first URL pattern
 * the path matches decides (routes newer than the pattern table come after), and HEAD follows
 * GET; `absent` operations (newer than the feature level) are left out. Undefined for paths no
 * known pattern matches.
 */
function serverMethods(path: string, newer: readonly RouteTemplate[], absent: readonly RouteTemplate[]): string[] | undefined {
  const pattern = urlPatternOf(path);
  if (!pattern) return undefined;
  // Operations newer than the server's feature level are not routed at all.
  const methods = pattern.methods.filter((method) => !absent.some((route) => route.method === method && route.regex.test(path)));
  for (const route of newer) {
    const samePattern = unnamedTemplate(route.path) === pattern.template;
    if (samePattern && route.regex.test(path) && !methods.includes(route.method)) methods.push(route.method);
  }
  if (methods.includes('GET') && !methods.includes('HEAD')) methods.push('HEAD');
  return methods;
}

/**
 * A route of the server's URL table that no operation of the mock handled: the real server
 * answers it, so the mock says it lacks it (none is left today; a newer server table may add one).
 */
function serverOnlyRoute(path: string, method: string): RouteTemplate | undefined {
  const pattern = urlPatternOf(path);
  if (!pattern || !pattern.methods.includes(method === 'HEAD' ? 'GET' : method)) return undefined;
  return { method, path: pattern.path, regex: pattern.regex };
}

/** The code of the mock's answer to a real route it does not implement (never sent by a real server). */
export const NOT_IMPLEMENTED_CODE = 'NOT_IMPLEMENTED';

/** The server's answer to OPTIONS on a route: 204 with the methods it allows. */
function allowedMethods(allowed: readonly string[], now: number): Response {
  return new Response(null, { status: 204, headers: { Allow: [...new Set(allowed)].sort().join(', '), ...neverCacheHeaders(now) } });
}

/**
 * The server's 404 page (HTML, not the envelope); the mock's log and a note on the page name the
 * closest routes, since a typo is the usual cause.
 */
function notFound(state: MockState, method: string, path: string, routes: readonly RouteTemplate[]): Response {
  const closest = closestRoutes(method, path, routes);
  if (closest.length === 0) return notFoundPage();
  const hint = `no route for ${method} ${path}; the closest are: ${closest.join(', ')}`;
  state.logger.warn(`[teamchat-mock] ${hint}`);
  return notFoundPage(hint);
}

/** A real route the mock lacks: the server would check credentials first, so the mock does too. */
function notImplemented(state: MockState, request: MockRequest, route: RouteTemplate): Response {
  try {
    authenticate(state, request.headers.get('authorization'));
    const message = `teamchat-mock does not implement ${route.method} ${route.path} yet`;
    state.logger.warn(message);
    throw new ApiFailure(message, NOT_IMPLEMENTED_CODE, 501);
  } catch (error) {
    return loginRedirect(error, request, new URL(request.url).pathname) ?? errorResponse(error, state.logger);
  }
}

/**
 * Answers what no operation handled under `/api/v1`. A path the real server has, with a method
 * it does not allow, gets its 405 (with `allowed_methods`, no `code`). A route the real server
 * has (in the reference, the spec or only the server's URL table) and the mock lacks gets the 401
 * of missing credentials, else a 501 `NOT_IMPLEMENTED` naming it. Anything else, including an
 * implemented route whose path parameter did not fit (a non-integer ID) and a path with a
 * trailing slash, gets the server's 404 page (HTML). OPTIONS on a known route gets 204 with `Allow`.
 * A POST form's `method` field stands for the method, as the REST dispatcher reads it.
 * `absent` operations are newer than the server's feature level: their routes do not exist.
 */
export function fallbackResolver(
  state: MockState,
  endpoints: readonly Endpoint[],
  observer: ExchangeObserver | undefined,
  absent: readonly Endpoint[] = [],
): (request: MockRequest) => Promise<Response> {
  const implemented = endpoints.map((endpoint) => template(endpoint.method, endpoint.path, endpoint.restOfPath, endpoint.siteRoot));
  const absentRoutes = absent.map((endpoint) => template(endpoint.method, endpoint.path, endpoint.restOfPath));
  const isAbsent = (route: RouteTemplate) =>
    absent.some((endpoint) => endpoint.method === route.method && endpoint.path === route.path);
  const serverTemplates = SERVER_TEMPLATES.filter((route) => !isAbsent(route));
  const isImplemented = (route: RouteTemplate) =>
    implemented.some((other) => other.method === route.method && other.path === route.path);
  return async (sent) => {
    const request = await dispatchedRequest(sent);
    const path = new URL(request.url).pathname;
    const matching = [...serverTemplates, ...implemented].filter((route) => route.regex.test(path));
    const allowed = serverMethods(path, matching, absentRoutes) ?? [...new Set(matching.map((route) => route.method))].sort();
    const sameMethod = matching.filter((route) => route.method === request.method);
    const missing = sameMethod.find((route) => !isImplemented(route)) ?? (sameMethod.length === 0 && allowed.includes(request.method) ? serverOnlyRoute(path, request.method) : undefined);
    const now = state.clock.now();
    if (request.method === 'OPTIONS' && !request.tunnelled && allowed.length > 0) return allowedMethods(allowed, now);
    const response =
      allowed.length > 0 && !allowed.includes(request.method)
        ? dispatcherMethodNotAllowed(allowed, now)
        : missing
          ? notImplemented(state, request, missing)
          : notFound(state, request.method, path, [...serverTemplates, ...implemented]);
    return observe(observer, undefined, request, response);
  };
}

/** {@link fallbackResolver} as an MSW handler for everything under `/api/v1`. */
export function fallbackHandler(baseUrl: string, resolve: (request: MockRequest) => Promise<Response>): HttpHandler {
  return http.all(`${baseUrl}/api/v1/*`, async ({ request }) => forRequestMethod(request, await resolve(routedAsGet(request))));
}

