import { endpoints } from '../../src/endpoints/index';
import type { Endpoint } from '../../src/contract/endpoint';
import { closestNames } from '../domain/closest-names';
import { MOCK_FEATURE_LEVEL } from '../domain/server-settings';
import { serverOnlyOperations } from '../routes/server-only/index';
import { closestRoutes, type KnownRoute } from './route-hints';

/** What a fault's `operation` may name: every operation ID, and every route as `METHOD /path`. */
interface FaultTargets {
  readonly ids: readonly string[];
  readonly routes: readonly KnownRoute[];
  readonly names: ReadonlySet<string>;
}

let known: FaultTargets | undefined;

/** Built on first use: the route modules import what imports this one. */
function targets(): FaultTargets {
  if (known) return known;
  const declared: Endpoint[] = [...Object.values(endpoints), ...serverOnlyOperations(MOCK_FEATURE_LEVEL).map(({ endpoint }) => endpoint)];
  const ids = declared.map((endpoint) => endpoint.id);
  // An older server's route (a feature level's legacy path) is a route too.
  const routes = declared.flatMap((endpoint) => [{ method: endpoint.method, path: endpoint.path }, ...endpoint.legacyRoutes]);
  known = { ids, routes, names: new Set([...ids, ...routes.map((route) => `${route.method} ${route.path}`)]) };
  return known;
}

/**
 * Why a fault's `operation` would hit no request: it names no operation ID and no declared
 * `METHOD /path` of any feature level. Says the closest known names; undefined when it is known.
 *
 * @example
 * unknownFaultTarget('POST /message'); // "operation 'POST /message' names no operation; did you mean POST /messages, ...?"
 */
export function unknownFaultTarget(operation: string): string | undefined {
  const { ids, routes, names } = targets();
  if (names.has(operation)) return undefined;
  const route = /^([A-Za-z]+)\s+(\/\S*)$/.exec(operation.trim());
  const closest = route ? closestRoutes((route[1] ?? '').toUpperCase(), route[2] ?? '', routes) : closestNames(operation, ids);
  const hint = closest.length > 0 ? `did you mean ${closest.join(', ')}? ` : '';
  return `operation '${operation}' names no operation; ${hint}(an operation ID such as send-message, or METHOD /path as declared, such as POST /messages)`;
}
