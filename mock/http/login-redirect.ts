import type { MockRequest } from './mock-request';
import { MissingCredentials } from '../domain/auth';

/** Python's `quote_plus`: everything but letters, digits and `_.-~` escaped, spaces as `+`. */
function quotePlus(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
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
    headers: { ...headers, Location: `/login/?next=${quotePlus(decodedPath(pathname))}`, 'content-type': 'text/html; charset=utf-8' },
  });
}
