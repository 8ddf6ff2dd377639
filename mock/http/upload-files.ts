import { type HttpHandler, http } from 'msw';
import { authenticate } from '../domain/auth';
import { applyMessageRetention } from '../domain/messages/retention';
import type { MockState } from '../domain/state';
import { contentDisposition } from '../domain/uploads/content-types';
import { type FileLookup, fileForTemporaryUrl, lookUpFile } from '../domain/uploads/serve';
import { errorResponse, jsonResponse } from './envelope';
import { fileRefusalResponse } from './file-pages';

const FILES_PREFIX = '/user_uploads/';
const TEMPORARY_PREFIX = 'temporary/';

/** Serves uploaded files outside `/api/v1`, or undefined for any other path. */
export type FileServer = (request: Request, pathname: string) => Promise<Response | undefined>;

function decodedPath(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function fileResponse(found: FileLookup, request: Request, pathname: string): Response {
  if (!found.ok) return fileRefusalResponse(found.refusal, pathname);
  const { attachment, bytes } = found;
  const name = attachment.path_id.split('/').at(-1) ?? attachment.name;
  const headers = {
    'content-type': attachment.content_type,
    'content-length': String(bytes.byteLength),
    'content-disposition': contentDisposition(attachment.content_type, name),
    'cache-control': 'private, immutable',
    'x-content-type-options': 'nosniff',
  };
  return new Response(request.method === 'HEAD' ? null : bytes.slice(), { status: 200, headers });
}

function answer(state: MockState, request: Request, pathname: string): Response {
  applyMessageRetention(state);
  const rest = decodedPath(pathname.slice(FILES_PREFIX.length));
  if (rest === undefined) return fileRefusalResponse('not_found', pathname);
  if (rest.startsWith(TEMPORARY_PREFIX)) {
    const [token = '', ...name] = rest.slice(TEMPORARY_PREFIX.length).split('/');
    return fileResponse(fileForTemporaryUrl(state, token, name.join('/')), request, pathname);
  }
  const authorization = request.headers.get('authorization');
  const viewer = authorization === null ? undefined : authenticate(state, authorization);
  return fileResponse(lookUpFile(state, viewer, rest), request, pathname);
}

/**
 * The realm's file server: `GET /user_uploads/{realm_id}/{path}` for the uploader and whoever
 * can read a message that links to the file (HTTP Basic credentials, as API clients send), and
 * `GET /user_uploads/temporary/{token}/{name}` for anyone holding a fresh temporary URL.
 */
export function createFileServer(state: MockState): FileServer {
  return async (request, pathname) => {
    if (!pathname.startsWith(FILES_PREFIX)) return undefined;
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: 'GET, HEAD' } });
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return jsonResponse({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['GET'] }, 405, { Allow: 'GET, HEAD' });
    }
    try {
      return answer(state, request, pathname);
    } catch (error) {
      return errorResponse(error, state.logger);
    }
  };
}

/** The file server as an MSW handler. */
export function fileServerHandler(baseUrl: string, serve: FileServer): HttpHandler {
  return http.all(`${baseUrl}/user_uploads/*`, ({ request }) => serve(request, new URL(request.url).pathname));
}
