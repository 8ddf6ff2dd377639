import type { UserRecord } from '../store/store';
import { secretsEqual } from './constant-time';
import { ApiFailure, badRequest, unauthorized } from './errors';
import type { MockState } from './state';
import { isServerEmail } from './server-email';
import { hasRole, INCOMING_WEBHOOK_BOT } from './users';

const API_KEY_FORMAT = /^[0-9a-zA-Z]{32}$/;

/** Decoded credentials by their base64 text: a client sends the same header on every request. */
const decodedCredentials = new Map<string, { user: string; password: string } | undefined>();
const DECODED_CREDENTIALS_LIMIT = 1024;

function decodeBasicCredentials(encoded: string): { user: string; password: string } | undefined {
  if (decodedCredentials.has(encoded)) return decodedCredentials.get(encoded);
  if (decodedCredentials.size >= DECODED_CREDENTIALS_LIMIT) decodedCredentials.clear();
  const decoded = decodeBase64Credentials(encoded);
  decodedCredentials.set(encoded, decoded);
  return decoded;
}

function decodeBase64Credentials(encoded: string): { user: string; password: string } | undefined {
  try {
    const binary = atob(encoded);
    const text = new TextDecoder().decode(Uint8Array.from(binary, (character) => character.charCodeAt(0)));
    const colon = text.indexOf(':');
    return colon < 0 ? undefined : { user: text.slice(0, colon), password: text.slice(colon + 1) };
  } catch {
    return undefined;
  }
}

/**
 * Authenticates an `/api/v1` request from its `Authorization` header as the real server does
 * over HTTP Basic: every failure is `UNAUTHORIZED` (401), except a non-Basic scheme (400).
 * Incoming-webhook bots are refused unless the operation allows them.
 */
export function authenticate(
  state: MockState,
  authorization: string | null,
  options: { readonly allowIncomingWebhookBots?: boolean | undefined } = {},
): UserRecord {
  if (authorization === null) throw unauthorized('Not logged in: API authentication or user session required');
  const [scheme, credentials, ...rest] = authorization.trim().split(/\s+/);
  if (!scheme || !credentials || rest.length > 0) throw unauthorized('Invalid authorization header for basic auth');
  if (scheme.toLowerCase() !== 'basic') throw badRequest('This endpoint requires HTTP basic authentication.');
  const decoded = decodeBasicCredentials(credentials);
  if (!decoded) throw unauthorized('Invalid authorization header for basic auth');
  if (!API_KEY_FORMAT.test(decoded.password)) throw unauthorized('Malformed API key');
  // Found by email, then the key compared in constant time: no key is looked up by its value.
  const user = state.store.userByDeliveryEmail(decoded.user);
  if (!user || !secretsEqual(decoded.password, user.api_key)) throw unauthorized('Invalid API key');
  if (!user.is_active) throw unauthorized('Account is deactivated');
  if (state.realm.deactivated) throw unauthorized('This organization has been deactivated');
  if (user.is_bot && user.bot_type === INCOMING_WEBHOOK_BOT && !options.allowIncomingWebhookBots) {
    throw unauthorized('This API is not available to incoming webhook bots.');
  }
  state.store.lastActiveAt.set(user.id, state.clock.now());
  return user;
}

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

function checkLoginUser(state: MockState, user: UserRecord | undefined): UserRecord {
  if (state.realm.deactivated) throw new ApiFailure('This organization has been deactivated', 'REALM_DEACTIVATED', 401);
  if (!user) throw authenticationFailed();
  if (!user.is_active) throw new ApiFailure('Account is deactivated', 'USER_DEACTIVATED', 401);
  return user;
}

/** `POST /fetch_api_key`: the key of the user whose email and password match. */
export function fetchApiKey(state: MockState, username: string, password: string): ApiKeyResult {
  if (!isServerEmail(username)) throw badRequest('Enter a valid email address.');
  if (!state.realm.password_auth_enabled) {
    throw new ApiFailure('Password authentication is disabled in this organization', 'PASSWORD_AUTH_DISABLED', 401);
  }
  const user = state.store.userByDeliveryEmail(username);
  if (user && (user.password === '' || !secretsEqual(password, user.password))) throw authenticationFailed();
  return apiKeyResult(checkLoginUser(state, user));
}

/** `POST /dev_fetch_api_key`: any active user's key, by email, without a password. */
export function devFetchApiKey(state: MockState, username: string): ApiKeyResult {
  if (!state.realm.dev_auth_enabled) throw badRequest('DevAuthBackend not enabled.');
  if (!isServerEmail(username)) throw badRequest('Enter a valid email address.');
  return apiKeyResult(checkLoginUser(state, state.store.userByDeliveryEmail(username)));
}

/** `GET /dev_list_users`: active human users, administrators apart. */
export function devListUsers(state: MockState): {
  direct_admins: { email: string; realm_url: string; realm_uri: string }[];
  direct_users: { email: string; realm_url: string; realm_uri: string }[];
} {
  if (!state.realm.dev_auth_enabled) throw badRequest('DevAuthBackend not enabled.');
  const humans = state.store.tables.user.all().filter((user) => user.is_active && !user.is_bot);
  const entry = (user: UserRecord) => ({
    email: user.delivery_email,
    realm_url: state.realm.url,
    realm_uri: state.realm.url,
  });
  return {
    direct_admins: humans.filter((user) => hasRole(user, 'administrator')).map(entry),
    direct_users: humans.filter((user) => !hasRole(user, 'administrator')).map(entry),
  };
}
