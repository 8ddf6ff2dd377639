import type { MockRequest } from './mock-request';
import { type HttpHandler, http } from 'msw';
import { type CamoAnswer, goCamoAnswer } from '../domain/camo/go-camo';
import type { MockState } from '../domain/state';
import { decodedPath } from './decoded-path';
import { iriToUri } from './redirect';

/** Answers the Camo proxy's paths, or undefined for any other path (or a server without Camo). */
export type ExternalContentServer = (request: MockRequest, pathname: string) => Response | undefined;

/**
 * The headers go-camo puts on every answer as a Zulip server runs it: its defaults and the two
 * the server's supervisor configuration adds (`-H`).
 */
const CAMO_HEADERS = {
  'content-security-policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
  'x-xss-protection': '1; mode=block',
  'strict-transport-security': 'max-age=15768000',
  'x-frame-options': 'DENY',
};

/** nginx's location for a Camo URI on the realm's own address (`/external_content/` -> `/external_content`), if it is one. */
function locationOf(state: MockState): string | undefined {
  const uri = state.camo?.uri;
  return uri?.startsWith('/') ? uri.replace(/\/+$/, '') : undefined;
}

function responseOf(answer: CamoAnswer, method: string): Response {
  if (answer.kind === 'fetch') return new Response(null, { status: 302, headers: { ...CAMO_HEADERS, location: iriToUri(answer.url) } });
  if (answer.kind === 'healthy') return new Response(null, { status: 200, headers: CAMO_HEADERS });
  // Go's `http.Error`: the message and a newline, as plain text (no body for HEAD).
  const body = method === 'HEAD' ? null : `${answer.message}\n`;
  return new Response(body, { status: answer.status, headers: { ...CAMO_HEADERS, 'content-type': 'text/plain; charset=utf-8' } });
}

/**
 * The realm's Camo, where its URI is a path on the realm (the default `/external_content/`): nginx
 * matches the location as a prefix, merges repeated slashes, takes the location and its slash off
 * and hands the rest to go-camo ({@link goCamoAnswer}). Where go-camo would fetch the URL and relay
 * the medium, the mock answers with a 302 to it (it fetches nothing: no network in tests, CORS in
 * browsers).
 */
export function createExternalContentServer(state: MockState): ExternalContentServer {
  return (request, pathname) => {
    const location = locationOf(state);
    if (location === undefined || !pathname.startsWith(location) || state.camo === undefined) return undefined;
    const path = decodedPath(pathname).replace(/\/{2,}/g, '/');
    const passed = path.startsWith(`${location}/`) ? path.slice(location.length) : path;
    return responseOf(goCamoAnswer(request.method, passed, state.camo.key), request.method);
  };
}

/** Whether a request is for the realm's Camo (its origin, the Camo location's prefix). */
function isForCamo(state: MockState, baseUrl: string, request: Request): boolean {
  const location = locationOf(state);
  if (location === undefined) return false;
  const url = new URL(request.url);
  return (baseUrl === '*' || url.origin === baseUrl) && url.pathname.startsWith(location);
}

/** The Camo paths as an MSW handler. */
export function externalContentHandler(state: MockState, baseUrl: string, serve: ExternalContentServer): HttpHandler {
  return http.all(
    ({ request }) => isForCamo(state, baseUrl, request),
    ({ request }) => serve(request, new URL(request.url).pathname),
  );
}
