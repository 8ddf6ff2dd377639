import type { PlainViewMethods } from '../../src/contract/endpoint';
import { csrfFailurePage } from './csrf-failure-page';
import { neverCacheHeaders } from './never-cache';

/** Django's 405 (`HttpResponseNotAllowed`) is typed as its default page, whatever its body. */
const DJANGO_DEFAULT_TYPE = 'text/html; charset=utf-8';

/**
 * The server's JSON 405 (`json_method_not_allowed`): the methods in `allowed_methods`, in the
 * given order, and in `Allow`; no `code`.
 */
function methodNotAllowed(methods: readonly string[]): Response {
  return new Response(JSON.stringify({ result: 'error', msg: 'Method Not Allowed', allowed_methods: methods }), {
    status: 405,
    headers: { Allow: methods.join(', '), 'content-type': DJANGO_DEFAULT_TYPE },
  });
}

/**
 * The REST dispatcher's 405: {@link methodNotAllowed}, which the dispatcher returns (not
 * raises), so it carries the never-cache headers of every answer the dispatcher returns.
 */
export function dispatcherMethodNotAllowed(methods: readonly string[], now: number): Response {
  const response = methodNotAllowed(methods);
  for (const [name, value] of Object.entries(neverCacheHeaders(now))) response.headers.set(name, value);
  return response;
}

/** The methods Django's CSRF check lets through without a token (TRACE too, which Fetch cannot send). */
const CSRF_SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The refusal of a method by a view outside the REST dispatcher: `require_post`'s JSON 405,
 * `require_safe`'s, which is Django's own with an empty body, or the CSRF check's 403 page before
 * a view that is not exempt from it. Undefined when the view takes it.
 */
export function viewMethodRefusal(methods: PlainViewMethods, method: string): Response | undefined {
  if (methods === 'post') return method === 'POST' ? undefined : methodNotAllowed(['POST']);
  if (methods === 'csrf-checked') return CSRF_SAFE_METHODS.has(method) ? undefined : csrfFailurePage();
  if (methods === 'safe' && method !== 'GET' && method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD', 'content-type': DJANGO_DEFAULT_TYPE } });
  }
  return undefined;
}
