import type { MockState } from '../domain/state';
import { fileRefusalResponse } from './file-pages';
import type { MockRequest } from './mock-request';
import { decodedPath } from './decoded-path';

/** Where the server keeps avatars, the organization's icon and logos (its local storage's `/user_avatars/`). */
export const AVATAR_FILES_PREFIX = '/user_avatars/';

/**
 * `GET /user_avatars/{path}`: an uploaded avatar (both sizes), the organization's icon or a logo,
 * for anyone (the server keeps these files public, behind unguessable names). The mock serves the
 * image as uploaded, with its own type, where the server serves its resized PNG copies; a query
 * (`?version=`) is ignored, as the server's file server ignores it.
 */
export function avatarFileResponse(state: MockState, request: MockRequest, pathname: string): Response {
  const file = state.store.avatarImages.file(decodedPath(pathname).slice(AVATAR_FILES_PREFIX.length));
  if (!file) return fileRefusalResponse('not_found', pathname);
  const headers = { 'content-type': file.content_type, 'content-length': String(file.bytes.byteLength), 'x-content-type-options': 'nosniff' };
  return new Response(request.method === 'HEAD' ? null : file.bytes.slice(), { status: 200, headers });
}
