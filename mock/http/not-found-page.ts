/** The title of the mock's 404 page, by which tests and tools can recognise it. */
export const NOT_FOUND_TITLE = 'Page not found';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The server's answer to a path none of its URL patterns matches, `/api/v1/...` included: Django's
 * 404 page in HTML (the server has no JSON `handler404`), never the API's envelope. A non-integer
 * ID (`/messages/abc`) and a trailing slash (`/users/me/`) are such paths. The page is a small one
 * of the mock's own, not Zulip's `404.html` template: only its status and content type are the
 * server's. `hint`, the mock's guess at the route meant, shows as a visible note.
 *
 * @example
 * notFoundPage('the closest known routes are: GET /users/me'); // 404, text/html
 */
export function notFoundPage(hint?: string): Response {
  const note = hint === undefined ? '' : `\n<p class="teamchat-mock-note">teamchat-mock: ${escapeHtml(hint)}</p>`;
  const html =
    `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${NOT_FOUND_TITLE}</title></head>\n` +
    `<body>\n<h1>${NOT_FOUND_TITLE}</h1>\n<p>The page you were looking for does not exist.</p>${note}\n</body>\n</html>\n`;
  return new Response(html, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
}
