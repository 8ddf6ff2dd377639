import type { Endpoint } from '../../src/contract/endpoint';

const PATH_PARAM = /\{([a-z_]+)\}/g;

/**
 * The form in which a server at `level` has an operation: the declared one, an older legacy
 * route (whose missing path parameters travel in the body), or none when the server predates it.
 */
export function routeAtLevel(endpoint: Endpoint, level: number): Endpoint | undefined {
  if (endpoint.featureLevel <= level) return endpoint;
  const legacy = endpoint.legacyRoutes.find((route) => level >= route.since && level < route.until);
  if (!legacy) return undefined;
  const pathParams = [...legacy.path.matchAll(PATH_PARAM)].map((match) => match[1] as string);
  return Object.freeze({ ...endpoint, method: legacy.method, path: legacy.path, pathParams });
}
