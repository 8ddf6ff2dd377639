import { editDistance } from '../domain/closest-names';

/** Paths longer than this get no hint. */
const MAX_HINTED_PATH = 200;

/** A route as `METHOD /path/{param}`, and its path with parameters as placeholders. */
export interface KnownRoute {
  readonly method: string;
  readonly path: string;
  /** A view at the site's root (`/compatibility`), not below `/api/v1`: its hint says so. */
  readonly siteRoot?: boolean;
}

/** How a hint names a route: `GET /users/me`, or `GET /compatibility (at the site root, not under /api/v1)`. */
function routeName(route: KnownRoute): string {
  return `${route.method} ${route.path}${route.siteRoot ? ' (at the site root, not under /api/v1)' : ''}`;
}

/** `/messages/42/reactions` → `/messages/{}/reactions`: numbers and path parameters compare alike. */
function shape(path: string): string {
  return path.replace(/\{[a-z_]+\}/g, '{}').replace(/\/\d+(?=\/|$)/g, '/{}');
}

/**
 * The known routes closest to a path no route matches (at most `limit`, nearest first), for a
 * hint in the mock's log: `GET /api/v1/mesages` → `GET /messages`.
 */
export function closestRoutes(method: string, apiPath: string, routes: readonly KnownRoute[], limit = 3): string[] {
  const wanted = shape(apiPath.replace(/^\/api\/v1/, ''));
  // Comparing costs the product of the lengths: a path no person typed gets no hint.
  if (wanted.length > MAX_HINTED_PATH) return [];
  const unique = new Map(routes.map((route) => [`${route.method} ${route.path}`, route]));
  return [...unique.values()]
    .map((route) => ({
      route,
      distance: editDistance(wanted, shape(route.path)) + (route.method === method ? 0 : 2),
    }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, limit)
    .map(({ route }) => routeName(route));
}
