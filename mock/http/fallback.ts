import { type HttpHandler, http } from 'msw';
import type { Endpoint } from '../../src/contract/endpoint';
import { type ExchangeObserver, observe } from './observer';

function templateRegex(path: string): RegExp {
  const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[a-z_]+\}/g, '[^/]+');
  return new RegExp(`^/api/v1${pattern}/?$`);
}

/**
 * Answers what no operation handled under `/api/v1`: a known path with another method
 * gets the server's 405 (with `allowed_methods`, no `code`); anything else its 404 envelope.
 */
export function fallbackHandler(
  baseUrl: string,
  endpoints: readonly Endpoint[],
  observer: ExchangeObserver | undefined,
): HttpHandler {
  const templates = endpoints.map((endpoint) => ({ endpoint, regex: templateRegex(endpoint.path) }));
  return http.all(`${baseUrl}/api/v1/*`, async ({ request }) => {
    const path = new URL(request.url).pathname;
    const allowed = templates
      .filter((template) => template.regex.test(path))
      .map((template) => template.endpoint.method);
    // A path whose method is allowed got here only because a parameter did not match (a
    // non-integer ID): the real router answers that with a 404 too.
    const methodAllowed = allowed.includes(request.method as Endpoint['method']);
    const response =
      allowed.length > 0 && !methodAllowed
        ? Response.json(
            { result: 'error', msg: 'Method Not Allowed', allowed_methods: [...new Set(allowed)].sort() },
            { status: 405, headers: { Allow: [...new Set(allowed)].sort().join(', ') } },
          )
        : Response.json({ result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' }, { status: 404 });
    return observe(observer, undefined, request, response);
  });
}
