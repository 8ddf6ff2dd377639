import type { MockRequest } from './mock-request';
import { type HttpHandler, http } from 'msw';
import { fileViewer } from './credentials';
import { runDueJobs } from '../domain/due-jobs';
import { finishThumbnails } from '../domain/uploads/thumbnail-worker';
import type { MockState } from '../domain/state';
import type { UserRecord } from '../store/store';
import { withGuessedCharset } from '../domain/uploads/charset-guess';
import { contentDisposition } from '../domain/uploads/content-types';
import { type FileLookup, fileForTemporaryUrl, lookUpFile } from '../domain/uploads/serve';
import { servedThumbnail } from '../domain/uploads/thumbnail-choice';
import { uploadedImage } from '../domain/uploads/uploaded-images';
import { missingArgument } from '../domain/errors';
import { errorResponse, jsonResponse } from './envelope';
import { fileRefusalResponse, refusedRequest } from './file-pages';
import { errorImageResponse } from './error-images';
import { AVATAR_FILES_PREFIX, avatarFileResponse } from './avatar-files';
import { AVATAR_REDIRECT_PREFIX, avatarRedirectResponse } from './avatar-redirects';
import { decodedPath } from './decoded-path';
import { dispatcherMethodNotAllowed } from './method-not-allowed';
import { neverCacheHeaders } from './never-cache';

const FILES_PREFIX = '/user_uploads/';
const LEGACY_THUMBNAIL_PATH = '/thumbnail';
const TEMPORARY_PREFIX = 'temporary/';
const THUMBNAIL_PREFIX = 'thumbnail/';
const DOWNLOAD_PREFIX = 'download/';

/** Serves uploaded files outside `/api/v1`, or undefined for any other path. */
export type FileServer = (request: MockRequest, pathname: string) => Promise<Response | undefined>;

/** How a file is served: under its name as uploaded (the server's `file_name`), or as a thumbnail format's name; `download` forces `attachment`. */
interface Serving {
  readonly name?: string;
  readonly download?: boolean;
}

function fileResponse(found: FileLookup, request: MockRequest, pathname: string, serving: Serving = {}): Response {
  if (!found.ok) return fileRefusalResponse(found.refusal, pathname, refusedRequest(request));
  const { attachment, bytes } = found;
  // The server guesses a missing charset again as it serves, reading the stored file in chunks.
  const contentType = withGuessedCharset(attachment.content_type, bytes, true);
  const headers = {
    'content-type': contentType,
    'content-length': String(bytes.byteLength),
    'content-disposition': contentDisposition(contentType, serving.name ?? attachment.name, serving.download),
    'cache-control': 'private, immutable',
    'x-content-type-options': 'nosniff',
  };
  return new Response(request.method === 'HEAD' ? null : bytes.slice(), { status: 200, headers });
}

// Matched at the start only, as `re.match` does; `.` stops at a line break, as Python's does.
const UPLOAD_ADDRESS = /^user_uploads\/(\d+)\/(.*)/;

/**
 * `GET /thumbnail?url=...&size=...`: the legacy thumbnail address, which serves the uploaded file
 * that `url` names (`user_uploads/{realm_id}/{path}`, the size ignored) as `/user_uploads/` serves
 * it; any other address (once proxied to other sites) is an empty 403.
 */
function legacyThumbnailResponse(state: MockState, viewer: UserRecord | undefined, request: MockRequest, pathname: string): Response {
  const query = new URL(request.url).searchParams;
  for (const name of ['size', 'url']) if (query.get(name) === null) throw missingArgument(name);
  const parts = UPLOAD_ADDRESS.exec(query.get('url') ?? '');
  if (!parts) return new Response(null, { status: 403, headers: { 'content-type': 'text/html; charset=utf-8' } });
  return fileResponse(lookUpFile(state, viewer, `${parts[1]}/${parts[2]}`), request, `${pathname}${new URL(request.url).search}`);
}

function answer(state: MockState, request: MockRequest, pathname: string): Response {
  runDueJobs(state);
  if (pathname === LEGACY_THUMBNAIL_PATH) return legacyThumbnailResponse(state, fileViewer(state, request), request, pathname);
  const rest = decodedPath(pathname).slice(FILES_PREFIX.length);
  if (rest.startsWith(TEMPORARY_PREFIX)) {
    const [token = '', ...name] = rest.slice(TEMPORARY_PREFIX.length).split('/');
    return fileResponse(fileForTemporaryUrl(state, token, name.join('/')), request, pathname);
  }
  const viewer = fileViewer(state, request);
  if (rest.startsWith(THUMBNAIL_PREFIX)) return thumbnailResponse(state, viewer, rest.slice(THUMBNAIL_PREFIX.length), request, pathname);
  if (rest.startsWith(DOWNLOAD_PREFIX)) {
    return fileResponse(lookUpFile(state, viewer, rest.slice(DOWNLOAD_PREFIX.length)), request, pathname, { download: true });
  }
  return fileResponse(lookUpFile(state, viewer, rest), request, pathname);
}

/**
 * `/user_uploads/thumbnail/{path}/{format}`: a thumbnail the server made of an uploaded image,
 * for whoever may read the image, in the format the server chooses ({@link servedThumbnail}). The
 * mock makes no smaller copies: every thumbnail is the original file, with its own type.
 */
function thumbnailResponse(state: MockState, viewer: UserRecord | undefined, rest: string, request: MockRequest, pathname: string): Response {
  const cut = rest.lastIndexOf('/');
  const pathId = rest.slice(0, Math.max(cut, 0));
  const found = lookUpFile(state, viewer, pathId);
  if (!found.ok) return fileRefusalResponse(found.refusal, pathname, refusedRequest(request));
  const image = uploadedImage(state, pathId);
  const served = image && servedThumbnail(image, rest.slice(cut + 1));
  // Past the access check, a thumbnail the server cannot serve is always the error image.
  if (!served) return errorImageResponse('not_exist', request.method);
  if (served.makeNow) {
    // As the server's on-demand rendering does, and its worker after it: the messages showing
    // the loading placeholder get the thumbnail now.
    state.store.thumbnailsMadeOnDemand.add(pathId);
    finishThumbnails(state);
  }
  return fileResponse(found, request, pathname, { name: served.format.name });
}

/** Whether the server's REST dispatcher routes the path: all here but `/user_avatars/` and the temporary URLs (plain views). */
function isDispatched(pathname: string): boolean {
  return !pathname.startsWith(AVATAR_FILES_PREFIX) && !pathname.startsWith(`${FILES_PREFIX}${TEMPORARY_PREFIX}`);
}

/**
 * The answer to a method other than GET and HEAD. The REST dispatcher answers OPTIONS with a 204
 * and any other method with its 405, both with the never-cache headers it adds to what it
 * returns; the plain views' answers are not modeled (the mock refuses with a 405 all the same).
 */
function methodRefusal(state: MockState, method: string, pathname: string): Response {
  if (!isDispatched(pathname)) {
    if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: 'GET, HEAD' } });
    return jsonResponse({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['GET'] }, 405, { Allow: 'GET, HEAD' });
  }
  const now = state.clock.now();
  if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: 'GET, HEAD', ...neverCacheHeaders(now) } });
  return dispatcherMethodNotAllowed(['GET', 'HEAD'], now);
}

/** Whether the path is one the realm's file server answers (uploads, avatars, thumbnails). */
export function isFileServerPath(pathname: string): boolean {
  return (
    pathname.startsWith(FILES_PREFIX) ||
    pathname.startsWith(AVATAR_FILES_PREFIX) ||
    pathname.startsWith(AVATAR_REDIRECT_PREFIX) ||
    pathname === LEGACY_THUMBNAIL_PATH
  );
}

/**
 * The realm's file server: `GET /user_uploads/{realm_id}/{path}` for whoever the server's rules
 * let open the file (see `canReadFile`; HTTP Basic credentials, as API clients send, or the
 * `api_key` query parameter; without any, files linked in a web-public channel),
 * `GET /user_uploads/download/{realm_id}/{path}` for the same readers as an attachment download,
 * `GET /user_uploads/temporary/{token}/{name}` for anyone holding a fresh temporary URL, and
 * `GET /user_uploads/thumbnail/{realm_id}/{path}/{format}` for the thumbnails of uploaded images,
 * the legacy `GET /thumbnail` (see `legacyThumbnailResponse`), `GET /user_avatars/{path}` for
 * uploaded avatars, icons and logos (see `avatarFileResponse`), and `GET /avatar/{user_id or email}`,
 * the redirect to a user's avatar (see `avatarRedirectResponse`).
 */
export function createFileServer(state: MockState): FileServer {
  return async (request, pathname) => {
    if (!isFileServerPath(pathname)) return undefined;
    const avatars = pathname.startsWith(AVATAR_FILES_PREFIX);
    const avatarRedirect = pathname.startsWith(AVATAR_REDIRECT_PREFIX);
    if (request.method !== 'GET' && request.method !== 'HEAD') return methodRefusal(state, request.method, pathname);
    try {
      if (avatarRedirect) return avatarRedirectResponse(state, request, pathname);
      return avatars ? avatarFileResponse(state, request, pathname) : answer(state, request, pathname);
    } catch (error) {
      return errorResponse(error, state.logger);
    }
  };
}

/** The file server as MSW handlers. */
export function fileServerHandlers(baseUrl: string, serve: FileServer): HttpHandler[] {
  const paths = [`${FILES_PREFIX}*`, `${AVATAR_FILES_PREFIX}*`, `${AVATAR_REDIRECT_PREFIX}*`, LEGACY_THUMBNAIL_PATH];
  return paths.map((path) => http.all(`${baseUrl}${path}`, ({ request }) => serve(request, new URL(request.url).pathname)));
}
