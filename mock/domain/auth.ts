import type { UserRecord } from '../store/store';
import { secretsEqual } from './constant-time';
import { ApiFailure, RealmDeactivatedError, UserDeactivatedError, badRequest, unauthorized } from './errors';
import { pythonB64Decode } from './python-base64';
import { pythonSplit, pythonStrip } from './python-strip';
import type { MockState } from './state';
import { INCOMING_WEBHOOK_BOT } from './users';

const API_KEY_FORMAT = /^[0-9a-zA-Z]{32}$/;

/** Credentials as the server reads them: the email and the key, each stripped of whitespace. */
interface Credentials {
  readonly user: string;
  readonly password: string;
}

/** What an `Authorization` header says: credentials, or why it gives none. */
type ReadHeader = Credentials | 'invalid' | 'not basic';

/** Read headers by their text: a client sends the same header on every request. */
const readHeaders = new Map<string, ReadHeader>();
const READ_HEADERS_LIMIT = 1024;

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function readAuthorization(authorization: string): ReadHeader {
  let read = readHeaders.get(authorization);
  if (read === undefined) {
    if (readHeaders.size >= READ_HEADERS_LIMIT) readHeaders.clear();
    read = parseAuthorization(authorization);
    readHeaders.set(authorization, read);
  }
  return read;
}

/** The server's `get_basic_credentials`: two words, the scheme `Basic` in any case, then the credentials. */
function parseAuthorization(authorization: string): ReadHeader {
  const parts = pythonSplit(authorization);
  if (parts.length !== 2) return 'invalid';
  if ((parts[0] as string).toLowerCase() !== 'basic') return 'not basic';
  return decodeBase64Credentials(parts[1] as string) ?? 'invalid';
}

/**
 * The server's `base64.b64decode(...).decode().split(":")` into exactly two parts, where anything
 * Python raises on is undefined, then stripped as it validates the key.
 */
function decodeBase64Credentials(encoded: string): Credentials | undefined {
  const bytes = pythonB64Decode(encoded);
  if (!bytes) return undefined;
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return undefined;
  }
  const parts = text.split(':');
  if (parts.length !== 2) return undefined;
  return { user: pythonStrip(parts[0] as string), password: pythonStrip(parts[1] as string) };
}

/** The refusal of a request without credentials, which a browser page gets as a redirect to the login page. */
export class MissingCredentials extends ApiFailure {
  constructor() {
    super('Not logged in: API authentication or user session required', 'UNAUTHORIZED', 401, {}, { 'WWW-Authenticate': 'Basic realm="zulip"' });
  }
}

/** Who may authenticate: incoming-webhook bots only where the operation allows them. */
export interface AuthenticationOptions {
  readonly allowIncomingWebhookBots?: boolean | undefined;
}

/**
 * The checks after the key matched, in the server's order: the organization, the account, then
 * whether an incoming-webhook bot may call this. Each failure is `raise`d with its message.
 */
function checkAccount(state: MockState, user: UserRecord, options: AuthenticationOptions, raise: (failure: ApiFailure) => ApiFailure): UserRecord {
  if (state.realm.deactivated) throw raise(new RealmDeactivatedError());
  if (!user.is_active) throw raise(new UserDeactivatedError());
  if (user.is_bot && user.bot_type === INCOMING_WEBHOOK_BOT && !options.allowIncomingWebhookBots) {
    throw raise(badRequest('This API is not available to incoming webhook bots.'));
  }
  state.store.lastActiveAt.set(user.id, state.clock.now());
  return user;
}

/** Over HTTP Basic, every failure of the key's checks becomes `UNAUTHORIZED` with its message. */
const asUnauthorized = (failure: ApiFailure) => unauthorized(failure.msg);

/**
 * Authenticates an `/api/v1` request from its `Authorization` header as the real server does
 * over HTTP Basic: every failure is `UNAUTHORIZED` (401), except a non-Basic scheme (400).
 * Incoming-webhook bots are refused unless the operation allows them.
 */
export function authenticate(state: MockState, authorization: string | null, options: AuthenticationOptions = {}): UserRecord {
  if (authorization === null) throw new MissingCredentials();
  const decoded = readAuthorization(authorization);
  if (decoded === 'invalid') throw unauthorized('Invalid authorization header for basic auth');
  if (decoded === 'not basic') throw badRequest('This endpoint requires HTTP basic authentication.');
  if (!API_KEY_FORMAT.test(decoded.password)) throw unauthorized('Malformed API key');
  // Found by email, then the key compared in constant time: no key is looked up by its value.
  const user = state.store.userByDeliveryEmail(decoded.user);
  if (!user || !secretsEqual(decoded.password, user.api_key)) throw unauthorized('Invalid API key');
  return checkAccount(state, user, options, asUnauthorized);
}

/**
 * Authenticates by the `api_key` query parameter, as the server accepts it on file URLs for
 * clients that cannot set headers. Its failures keep their own codes (`INVALID_API_KEY`,
 * `REALM_DEACTIVATED`, `USER_DEACTIVATED`, 401; an incoming-webhook bot's `BAD_REQUEST`), and
 * carry no `WWW-Authenticate`.
 */
export function authenticateByQueryKey(state: MockState, apiKey: string): UserRecord {
  const key = pythonStrip(apiKey);
  if (!API_KEY_FORMAT.test(key)) throw new ApiFailure('Malformed API key', 'INVALID_API_KEY', 401);
  // Every user compared, in constant time each: this rare path has no email to look up by.
  const user = state.store.tables.user.all().find((candidate) => secretsEqual(key, candidate.api_key));
  if (!user) throw new ApiFailure('Invalid API key', 'INVALID_API_KEY', 401);
  return checkAccount(state, user, {}, (failure) => failure);
}
