/** The heading of the server's CSRF failure page, by which tests and tools can recognise it. */
export const CSRF_FAILURE_HEADING = 'Access forbidden (403)';

/**
 * Django's CSRF check refusing an unsafe method (not GET, HEAD or OPTIONS) on a view outside
 * `/api/` and `/json/` that is not exempt from it: the server's `csrf_failure` renders its HTML
 * error page (`4xx.html`), status 403, never the API's envelope. API clients send no CSRF cookie,
 * so every such request fails. The page is a small one of the mock's own: only its status, type
 * and heading are the server's.
 *
 * @example
 * csrfFailurePage(); // 403, text/html
 */
export function csrfFailurePage(): Response {
  const html =
    '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Error | Zulip</title></head>\n' +
    `<body>\n<h1>${CSRF_FAILURE_HEADING}</h1>\n<p>Your request could not be completed because your browser did not send ` +
    'the credentials required to authenticate your access.</p>\n</body>\n</html>\n';
  return new Response(html, { status: 403, headers: { 'content-type': 'text/html; charset=utf-8' } });
}
