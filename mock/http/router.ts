import type { MockRequest } from './mock-request';
import type { Endpoint } from '../../src/contract/endpoint';
import type { Answer } from './envelope';
import { dispatchedRequest } from './method-override';
import type { OperationResolver } from './operation';
import { isRoutedElsewhere } from './url-patterns';
import { decodedPath } from './decoded-path';

/** One route: its method, its path's segments (`{name}` marks a parameter) and its resolver. */
interface Route {
  readonly method: string;
  readonly segments: readonly string[];
  readonly params: readonly (string | undefined)[];
  /** The last parameter takes the remaining segments, joined with `/`. */
  readonly restOfPath: boolean;
  /** A parameter that is not an ID (`{email}`) can take a path the server routes to another pattern (`users/me`). */
  readonly hasTextParameter: boolean;
  readonly path: string;
  readonly resolve: OperationResolver;
}

const API_PREFIX = '/api/v1/';

function compile(endpoint: Endpoint, resolve: OperationResolver): Route {
  const segments = endpoint.path.slice(1).split('/');
  return {
    method: endpoint.method,
    segments,
    params: segments.map((segment) => /^\{([a-z_]+)\}$/.exec(segment)?.[1]),
    restOfPath: endpoint.restOfPath === true,
    hasTextParameter: /\{[a-z_]+\}/.test(endpoint.path.replace(/\{[a-z_]+_id\}/g, '')),
    path: endpoint.path,
    resolve,
  };
}

/** The path parameters (decoded segments) if the route's shape fits the path's segments. */
function match(route: Route, given: readonly string[]): Record<string, string> | undefined {
  const last = route.segments.length - 1;
  if (route.restOfPath ? given.length < route.segments.length : given.length !== route.segments.length) return undefined;
  const segments = route.restOfPath ? [...given.slice(0, last), given.slice(last).join('/')] : given;
  const values: Record<string, string> = {};
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] as string;
    const name = route.params[index];
    if (name === undefined) {
      if (segment !== route.segments[index]) return undefined;
    } else {
      if (segment === '') return undefined;
      values[name] = segment;
    }
  }
  return values;
}

/** Answers a request for a declared operation, or undefined when no operation's route fits. */
export type Router = (request: MockRequest, pathname: string) => Promise<Answer | undefined>;

/** The first of the routes that fits the (decoded) path and whose resolver answers; resolvers get the path as sent. */
async function firstAnswer(routes: readonly Route[] | undefined, request: MockRequest, segments: readonly string[], path: string, pathname: string) {
  for (const route of routes ?? []) {
    const values = match(route, segments);
    if (!values) continue;
    if (route.hasTextParameter && isRoutedElsewhere(route.path, path)) continue;
    const response = await route.resolve(request, values, pathname);
    if (response) return response;
  }
  return undefined;
}

/**
 * The router of every declared operation: the request's path is split once and looked up
 * by method and first segment, instead of MSW parsing and matching the URL once per operation.
 * Routes are tried in declaration order; a resolver that declines (a path parameter that does not
 * fit) lets the next route try, then the fallback. Views at the site's root (`siteRoot`) answer
 * the paths outside `/api/v1/`. A trailing slash is part of the path, as for the server's URL
 * patterns: `/users/me/` fits no route (unless a last parameter takes the rest of the path). Views outside the REST dispatcher (`plainView`) take every
 * method and come first; REST routes are looked up by the method the dispatcher uses (a POST
 * form's `method` field overrides the verb).
 */
export function createRouter(
  operations: readonly { readonly endpoint: Endpoint; readonly resolve: OperationResolver }[],
): Router {
  const byKey = new Map<string, Route[]>();
  const plainViews = new Map<string, Route[]>();
  const rootViews = new Map<string, Route[]>();
  for (const { endpoint, resolve } of operations) {
    const route = compile(endpoint, resolve);
    const [map, key] = endpoint.siteRoot
      ? [rootViews, route.segments[0] as string]
      : endpoint.plainView
        ? [plainViews, route.segments[0] as string]
        : [byKey, `${route.method} ${route.segments[0]}`];
    map.set(key, [...(map.get(key) ?? []), route]);
  }
  return async (request, pathname) => {
    // Matched decoded, as Django matches `path_info` (`/users/%31` is `/users/1`, `%2F` separates segments).
    const path = decodedPath(pathname);
    const api = pathname.startsWith(API_PREFIX);
    const segments = path.slice(api ? API_PREFIX.length : 1).split('/');
    if (!api) return firstAnswer(rootViews.get(segments[0] as string), request, segments, path, pathname);
    const plain = await firstAnswer(plainViews.get(segments[0] as string), request, segments, path, pathname);
    if (plain) return plain;
    const dispatched = await dispatchedRequest(request);
    return firstAnswer(byKey.get(`${dispatched.method} ${segments[0]}`), dispatched, segments, path, pathname);
  };
}
