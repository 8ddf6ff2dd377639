import type { FileRefusal } from '../domain/uploads/serve';
import { pythonQuote } from '../domain/python-quote';
import { preferredAccept } from './accept';
import { errorImageResponse } from './error-images';
import { decodedPath } from './decoded-path';
import type { MockRequest } from './mock-request';

const PAGES: Record<Exclude<FileRefusal, 'login'>, { status: number; html: string }> = {
  not_found: { status: 404, html: '<p>This file does not exist or has been deleted.</p>' },
  forbidden: { status: 403, html: '<p>You are not authorized to view this file.</p>' },
};

/** What of the request decides the refusal's form: its `Accept` header, method and query. */
export interface RefusedRequest {
  readonly accept: string | null;
  readonly method: string;
  /** The query string without its `?`, as sent. */
  readonly query: string;
}

const NO_REQUEST: RefusedRequest = { accept: null, method: 'GET', query: '' };

/** What of a request decides how a file refused to it is answered. */
export function refusedRequest(request: MockRequest): RefusedRequest {
  const start = request.url.indexOf('?');
  const query = start < 0 ? '' : request.url.slice(start + 1).split('#', 1)[0] ?? '';
  return { accept: request.headers.get('accept'), method: request.method, query };
}

/**
 * The login page's address with the request's path as `next`: Django's `get_full_path` (the path
 * escaped by `escape_uri_path`, the query by `iri_to_uri`), quoted again with `/` kept, as
 * `redirect_to_login` writes its query string.
 */
function loginLocation(pathname: string, query: string): string {
  const fullPath = pythonQuote(decodedPath(pathname), "/:@&+$,-_.!~*'()") + (query ? `?${pythonQuote(query, "/#%[]=:;$&()+,!?*@'~")}` : '');
  return `/login/?next=${pythonQuote(fullPath)}`;
}

/**
 * The server's answer to a file it will not serve: not the envelope but its small HTML pages
 * (404, 403), or for a request without credentials a redirect to the login page; a request that
 * prefers `image/png` to `text/html` (a browser's `<img>`) gets an error image instead, 403 also
 * without credentials.
 */
export function fileRefusalResponse(refusal: FileRefusal, path: string, request: RefusedRequest = NO_REQUEST): Response {
  const vary = { vary: 'Accept' };
  if (preferredAccept(request.accept, ['text/html', 'image/png']) === 'image/png') {
    return errorImageResponse(refusal === 'not_found' ? 'not_exist' : 'no_auth', request.method, vary);
  }
  if (refusal === 'login') {
    return new Response(null, {
      status: 302,
      headers: { location: loginLocation(path, request.query), 'content-type': 'text/html; charset=utf-8', ...vary },
    });
  }
  const page = PAGES[refusal];
  return new Response(page.html, { status: page.status, headers: { 'content-type': 'text/html; charset=utf-8', ...vary } });
}
