import type { MockRequest } from './mock-request';
import { MissingCredentials } from '../domain/auth';
import { pythonQuote } from '../domain/python-quote';
import { decodedPath } from './decoded-path';

/**
 * The login page's address with the decoded path as `next`, the query dropped. Not Django's
 * `redirect_to_login` (file downloads, `file-pages.ts`): the server's `JsonErrorHandler`
 * middleware writes `urlencode({'next': request.path})`, Python's `quote_plus` of the path alone.
 */
function loginLocation(pathname: string): string {
  return `/login/?next=${pythonQuote(decodedPath(pathname), ' ').replaceAll(' ', '+')}`;
}

/**
 * The server's answer to a request without credentials from a browser page (`Accept` naming
 * `text/html`): a redirect to its login page, which returns to the path afterwards. Undefined for
 * any other failure or client, which get the 401. `headers` are the server's own (`Date`).
 */
export function loginRedirect(
  error: unknown,
  request: MockRequest,
  pathname: string,
  headers: Readonly<Record<string, string>> = {},
): Response | undefined {
  if (!(error instanceof MissingCredentials) || !(request.headers.get('accept') ?? '').includes('text/html')) return undefined;
  return new Response(null, {
    status: 302,
    headers: { ...headers, Location: loginLocation(pathname), 'content-type': 'text/html; charset=utf-8' },
  });
}
