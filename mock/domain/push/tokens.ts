import type { RecordOf } from '../../store/models';
import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';

/** Which kind of token: Apple's (APNs) or Google's (FCM, formerly GCM). */
export type PushTokenKind = 'apns' | 'fcm';

const MAX_TOKEN_LENGTH = 4096;
const APP_ID = /^[.a-zA-Z0-9-]+$/;
/** What Python's `bytes.fromhex` decodes: pairs of hex digits, ASCII whitespace before and between pairs. */
const PYTHON_FROMHEX = /^(?:[ \t\n\v\f\r]*[0-9a-fA-F]{2})*[ \t\n\v\f\r]*$/;

/**
 * Checks a submitted token as the server does: the length for both kinds, and for APNs that
 * `bytes.fromhex` decodes it (base64 until Zulip 10.x; the change has no feature level).
 */
function checkToken(kind: PushTokenKind, token: string): void {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) throw badRequest('Empty or invalid length token');
  if (kind === 'apns' && !PYTHON_FROMHEX.test(token)) throw badRequest('Invalid APNS token');
}

function deviceKey(userId: number, kind: PushTokenKind, token: string): string {
  return `${userId}:${kind}:${token}`;
}

/**
 * The user's stored device for this token, if any: APNs tokens match without regard to case (the
 * server's unique constraint and its removal compare `LOWER(token)`), FCM tokens exactly.
 */
function storedDevice(state: MockState, userId: number, kind: PushTokenKind, token: string): RecordOf<'pushDevice'> | undefined {
  const exact = state.store.tables.pushDevice.get(deviceKey(userId, kind, token));
  if (exact || kind !== 'apns') return exact;
  const lower = token.toLowerCase();
  return state.store.pushDevicesOf(userId).find((device) => device.kind === 'apns' && device.token.toLowerCase() === lower);
}

/**
 * Registers a device token for the user. Registering it again (for APNs, in any case) changes
 * nothing but the app ID; the first spelling of the token stays the one notified.
 */
export function addPushDevice(state: MockState, user: UserRecord, kind: PushTokenKind, token: string, appid: string | null): void {
  if (appid !== null && !APP_ID.test(appid)) throw badRequest('appid has invalid format');
  checkToken(kind, token);
  const stored = storedDevice(state, user.id, kind, token);
  if (stored) state.store.tables.pushDevice.update(stored.key, { appid });
  else state.store.tables.pushDevice.insert({ key: deviceKey(user.id, kind, token), user_id: user.id, kind, token, appid });
  state.push.registerWithBouncer(user.id, token);
}

/**
 * Forgets all of the user's device tokens, as the server does when its API key changes: its own
 * copies without a bouncer; with one, only the bouncer's registrations (the server keeps its rows).
 */
export function clearPushDevices(state: MockState, userId: number): void {
  const devices = state.store.pushDevicesOf(userId);
  if (state.push.usesBouncer) {
    state.push.unregisterAllAtBouncer(userId, devices.map((device) => device.token));
    return;
  }
  for (const device of devices) state.store.tables.pushDevice.delete(device.key);
}

/**
 * Removes one of the user's device tokens of that kind (an APNs token in any case). With a
 * bouncer the server deletes its own copy (if any) and then asks the bouncer (with an APNs token
 * lower-cased), whose "Token does not exist" reaches the client.
 * The mock's bouncer holds a registration while the server does (given `knownTokens`, for those
 * tokens only).
 */
export function removePushDevice(state: MockState, user: UserRecord, kind: PushTokenKind, token: string): void {
  checkToken(kind, token);
  const device = storedDevice(state, user.id, kind, token);
  if (!device) throw badRequest('Token does not exist');
  // The server asks the bouncer with the token as sent, an APNs one lower-cased; the bouncer
  // compares it exactly with the tokens registered there (as the server's device held them).
  const asked = kind === 'apns' ? token.toLowerCase() : token;
  const registeredAsAsked = device.token === asked;
  state.store.tables.pushDevice.delete(device.key);
  if (state.push.unknownToBouncer(user.id, asked, registeredAsAsked)) throw badRequest('Token does not exist');
}
