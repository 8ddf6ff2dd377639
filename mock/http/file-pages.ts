import type { FileRefusal } from '../domain/uploads/serve';

const PAGES: Record<Exclude<FileRefusal, 'login'>, { status: number; html: string }> = {
  not_found: { status: 404, html: '<p>This file does not exist or has been deleted.</p>' },
  forbidden: { status: 403, html: '<p>You are not authorized to view this file.</p>' },
};

/**
 * The server's answer to a file it will not serve: not the envelope but its small HTML pages
 * (404, 403), or for a request without credentials a redirect to the login page.
 */
export function fileRefusalResponse(refusal: FileRefusal, path: string): Response {
  if (refusal === 'login') {
    return new Response(null, { status: 302, headers: { location: `/login/?next=${encodeURIComponent(path)}` } });
  }
  const page = PAGES[refusal];
  // The server's pages depend on Accept (a PNG for image requests), so it says so.
  return new Response(page.html, { status: page.status, headers: { 'content-type': 'text/html; charset=utf-8', vary: 'Accept' } });
}
