import type { UserRecord } from '../store/store';
import { secretsEqual } from './constant-time';
import { ApiFailure, RealmDeactivatedError, UserDeactivatedError, badRequest } from './errors';
import { hasLevel, LEVEL } from './feature-levels';
import type { RateLimitResult } from './rate-limits';
import { isServerEmail } from './server-email';
import type { MockState } from './state';
import { hasRole } from './users';

/** The body of the API-key operations. */
export type ApiKeyResult = {
  api_key: string;
  email: string;
  user_id: number;
};

function apiKeyResult(user: UserRecord): ApiKeyResult {
  return { api_key: user.api_key, email: user.delivery_email, user_id: user.id };
}

function authenticationFailed(): ApiFailure {
  return new ApiFailure('Your username or password is incorrect', 'AUTHENTICATION_FAILED', 401);
}

/**
 * The active account of that email (the server's `common_get_active_user`): none is
 * AUTHENTICATION_FAILED; then a deactivated organization, then a deactivated account.
 */
function activeUser(state: MockState, email: string): UserRecord {
  const user = state.store.userByDeliveryEmail(email);
  if (!user) throw authenticationFailed();
  if (state.realm.deactivated) throw new RealmDeactivatedError();
  if (!user.is_active) throw new UserDeactivatedError();
  return user;
}

/** The server's email-and-password backend, in its order; a bot (no usable password) never matches. */
function passwordUser(state: MockState, username: string, password: string): UserRecord {
  if (!state.realm.password_auth_enabled) {
    throw new ApiFailure('Password authentication is disabled in this organization', 'PASSWORD_AUTH_DISABLED', 401);
  }
  if (password === '') throw authenticationFailed();
  const user = activeUser(state, username);
  if (user.password === '' || !secretsEqual(password, user.password)) throw authenticationFailed();
  return user;
}

/**
 * `POST /fetch_api_key`: the key of the user whose email and password match. Every attempt with
 * a valid email counts against the username's login limit (`limits` receives the result, for
 * the response's headers), and from the sixth in 30 minutes it is refused whatever the password;
 * a successful login forgets the earlier attempts.
 */
export function fetchApiKey(state: MockState, username: string, password: string, limits: RateLimitResult[]): ApiKeyResult {
  if (!isServerEmail(username)) throw badRequest('Enter a valid email address.');
  const limit = state.rateLimiter.admitLogin(username);
  if (limit) limits.push(limit);
  const user = passwordUser(state, username, password);
  state.rateLimiter.clearLogins(username);
  return apiKeyResult(user);
}

/**
 * `POST /dev_fetch_api_key`: any active user's key, by email, without a password (and without a
 * login limit). The route exists on any development server, whatever the realm's own methods; a
 * realm that turned `Dev` off only makes the backend match nobody, before it looks the user up,
 * so every email is AUTHENTICATION_FAILED, even a deactivated account's or organization's.
 */
export function devFetchApiKey(state: MockState, username: string): ApiKeyResult {
  if (!isServerEmail(username)) throw badRequest('Enter a valid email address.');
  if (!state.realm.dev_auth_enabled) throw authenticationFailed();
  return apiKeyResult(activeUser(state, username));
}

/** A user offered for development login: `realm_url`, which servers before feature level 263 called `realm_uri`. */
type DevUser = { email: string; realm_url?: string; realm_uri?: string };

/** The server's test users whose emails start so come after the others, and only the first ten. */
const EXTRA_USER_PREFIX = 'extrauser';
const EXTRA_USERS_SHOWN = 10;

/**
 * `GET /dev_list_users`: active human users by email (the extra users of a large development
 * realm last, ten at most), administrators and owners apart. The server asks only whether it
 * has the development backend, not whether the realm turned `Dev` off, so the list is there
 * either way.
 */
export function devListUsers(state: MockState): { direct_admins: DevUser[]; direct_users: DevUser[] } {
  const byEmail = (a: UserRecord, b: UserRecord) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0);
  const humans = state.store.tables.user
    .all()
    .filter((user) => user.is_active && !user.is_bot)
    .sort(byEmail);
  const isExtra = (user: UserRecord) => user.email.startsWith(EXTRA_USER_PREFIX);
  const users = [...humans.filter((user) => !isExtra(user)), ...humans.filter(isExtra).slice(0, EXTRA_USERS_SHOWN)];
  const entry = (user: UserRecord): DevUser =>
    hasLevel(state, LEVEL.devUsersRealmUrl)
      ? { email: user.delivery_email, realm_url: state.realm.url }
      : { email: user.delivery_email, realm_uri: state.realm.url };
  return {
    direct_admins: users.filter((user) => hasRole(user, 'administrator')).map(entry),
    direct_users: users.filter((user) => !hasRole(user, 'administrator')).map(entry),
  };
}
