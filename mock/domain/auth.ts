import type { UserRecord } from '../store/store';
import { secretsEqual } from './constant-time';
import { badRequest, unauthorized } from './errors';
import type { MockState } from './state';
import { INCOMING_WEBHOOK_BOT } from './users';

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
