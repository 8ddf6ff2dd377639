import SERVER_URL_PATTERNS from './server-url-patterns.json';
import { escapeRegExp } from '../domain/escape-regexp';

/** One of the server's URL patterns (Django's), with the methods it routes in the server's order. */
export interface UrlPattern {
  /** The pattern as a path template with unnamed parameters (`/users/{}`), to compare with the mock's routes. */
  readonly template: string;
  /** The pattern with named parameters as the API's paths write them (`/export/realm/{export_id}`). */
  readonly path: string;
  readonly regex: RegExp;
  readonly methods: readonly string[];
}

/** A path template with its parameters unnamed: `/users/{email}` and `/users/<email>` are both `/users/{}`. */
export function unnamedTemplate(path: string): string {
  return path.replace(/\{[a-z_]+\}|<(?:[a-z]+:)?[a-z_]+>/g, '{}');
}

/** Django's converters: `<int:x>` digits, `<path:x>` anything, `<x>` one segment. */
function urlPattern(route: string, methods: readonly string[]): UrlPattern {
  const pattern = escapeRegExp(route)
    .replace(/<int:[a-z_]+>/g, '[0-9]+')
    .replace(/<path:[a-z_]+>/g, '.+')
    .replace(/<(?:str:)?[a-z_]+>/g, '[^/]+');
  const path = route.replace(/<(?:[a-z]+:)?([a-z_]+)>/g, '{$1}');
  return { template: unnamedTemplate(route), path, regex: new RegExp(`^/api/v1${pattern}$`), methods };
}

const URL_PATTERNS = (SERVER_URL_PATTERNS as [string, string[]][]).map(([route, methods]) => urlPattern(route, methods));

/** The server's URL pattern for an API path: the first that matches, as Django routes. */
export function urlPatternOf(path: string): UrlPattern | undefined {
  // No pattern ends with a slash, so `/users/me/` matches none (Django's APPEND_SLASH only adds one).
  return URL_PATTERNS.find((candidate) => candidate.regex.test(path));
}

/**
 * Whether the server routes a path to another pattern than the mock's route for it: `/users/me`
 * matches the mock's `/users/{email}`, but the server's `users/me` pattern comes first.
 */
export function isRoutedElsewhere(routePath: string, path: string): boolean {
  const pattern = urlPatternOf(path);
  return pattern !== undefined && pattern.template !== unnamedTemplate(routePath);
}

/**
 * Methods allowed on an API path (as OPTIONS lists them, sorted) in the order of the server's 405:
 * its URL pattern's order, HEAD after the others. For adapters that answer methods Fetch cannot carry.
 */
export function inServerOrder(path: string, methods: readonly string[]): string[] {
  const order = urlPatternOf(path)?.methods ?? [];
  const rank = (method: string) => (method === 'HEAD' ? Infinity : order.includes(method) ? order.indexOf(method) : order.length);
  return [...methods].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
