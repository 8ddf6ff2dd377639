import { canAccessUser, inaccessibleUserAvatar } from '../domain/accounts/user-access';
import { spectatorsMayReadRealm } from '../domain/spectator-access';
import type { MockState } from '../domain/state';
import { pythonStrip } from '../domain/python-strip';
import { avatarUrlFor, gravatarHash } from '../domain/users';
import { jsonResponse } from './envelope';
import { fileRefusalResponse } from './file-pages';
import { fileViewer } from './credentials';
import { loginRedirect } from './login-redirect';
import { decodedPath } from './decoded-path';
import { neverCacheHeaders } from './never-cache';
import { MissingCredentials } from '../domain/auth';
import type { MockRequest } from './mock-request';
import type { UserRecord } from '../store/store';

/** The server's avatar addresses, `/avatar/{user_id}` and `/avatar/{email}`, each with a `/medium` size. */
export const AVATAR_REDIRECT_PREFIX = '/avatar/';

// Django's route order: `<int:user_id>` (digits) before `<email>` (any text without a slash).
const AVATAR_ROUTE = /^([^/]+?)(\/medium)?$/;
const DIGITS = /^[0-9]+$/;

/** The server's `append_url_query_string`: the request's query after the address's own. */
function withQuery(url: string, query: string): string {
  if (query === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** Where the avatar of a user found by ID points: the unknown user's avatar for one the viewer may not see, or no such user. */
function avatarById(state: MockState, viewer: UserRecord | undefined, userId: number, size: 'default' | 'medium'): string {
  const target = state.store.tables.user.get(userId);
  if (!target || (viewer && !canAccessUser(state, viewer, target))) return inaccessibleUserAvatar(state);
  return avatarUrlFor(state, target, size);
}

/** By API email (a system bot's first), case-insensitively; an address of no one is that address's Gravatar, version 1. */
function avatarByEmail(state: MockState, viewer: UserRecord, email: string, size: 'default' | 'medium'): string {
  const target = state.store.userByApiEmail(pythonStrip(email));
  if (target) return canAccessUser(state, viewer, target) ? avatarUrlFor(state, target, size) : inaccessibleUserAvatar(state);
  const medium = size === 'medium' ? '&s=500' : '';
  return `https://secure.gravatar.com/avatar/${gravatarHash(email)}?d=identicon${medium}&version=1`;
}

/**
 * The server's answer to a request without credentials outside `/api/` (`JsonErrorHandler`): a
 * browser page goes to the login page, anything else gets the 401 asking for a session.
 */
function notLoggedIn(request: MockRequest, pathname: string): Response {
  const missing = new MissingCredentials();
  return (
    loginRedirect(missing, request, pathname) ??
    jsonResponse({ result: 'error', msg: missing.msg, code: missing.code }, 401, { 'WWW-Authenticate': 'Session realm="zulip"' })
  );
}

/**
 * `GET /avatar/{user_id}[/medium]` and `GET /avatar/{email}[/medium]` (the server's `avatar_by_id`
 * and `avatar_by_email`): a 302 to the user's avatar, the request's query string appended, with the
 * never-cache headers the REST dispatcher adds to what its views return. A limited
 * guest gets the unknown user's avatar for a user they may not see (`check_can_access_user`), as
 * does anyone for an ID of no user. Without credentials, by ID only where spectators may read the
 * realm, by email never. The server's limit on spectators' reads of one avatar is not modeled.
 */
export function avatarRedirectResponse(state: MockState, request: MockRequest, pathname: string): Response {
  const route = AVATAR_ROUTE.exec(decodedPath(pathname).slice(AVATAR_REDIRECT_PREFIX.length));
  if (!route) return fileRefusalResponse('not_found', pathname);
  const [, key = '', medium] = route;
  const size = medium ? 'medium' : 'default';
  const byId = DIGITS.test(key);
  const viewer = fileViewer(state, request);
  let url: string;
  if (byId) {
    if (!viewer && !spectatorsMayReadRealm(state)) return notLoggedIn(request, pathname);
    url = avatarById(state, viewer, Number(key), size);
  } else {
    if (!viewer) return notLoggedIn(request, pathname);
    url = avatarByEmail(state, viewer, key, size);
  }
  const query = new URL(request.url).search.slice(1);
  const headers = { Location: withQuery(url, query), 'content-type': 'text/html; charset=utf-8', ...neverCacheHeaders(state.clock.now()) };
  return new Response(null, { status: 302, headers });
}
