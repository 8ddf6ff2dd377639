import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { userSettingsOf } from '../user-settings/operations';

/** A new report within this many seconds of the previous one does not move its time. */
const REPORT_INTERVAL_SECONDS = 55;
/** Active again after this long: the user "came online", which is announced. */
const ONLINE_AFTER_SECONDS = 130;
/** Realms larger than this get no presence events (clients poll). */
const MAX_USERS_FOR_EVENTS = 100;

/** The server's `OFFLINE_THRESHOLD_SECS`: a user last seen longer ago than this is offline. */
export const OFFLINE_THRESHOLD_SECONDS = 200;

/**
 * The server's `do_update_user_presence`: the first update creates the row; later ones move the
 * connected and active times when more than 55 s passed. Announces the user (a `presence` event to
 * everyone) when the row is new or they come online after 130 s away, in realms of at most 100
 * active users (bots included), or always when `force`d.
 */
function updatePresence(state: MockState, user: UserRecord, now: number, active: boolean, force = false): void {
  const previous = state.store.presences.get(user.id);
  let lastConnected = previous?.lastConnected ?? now;
  let lastActive = previous ? previous.lastActive : active ? now : null;
  if (previous && now - previous.lastConnected > REPORT_INTERVAL_SECONDS) lastConnected = now;
  const cameOnline = active && (previous?.lastActive == null || now - previous.lastActive > ONLINE_AFTER_SECONDS);
  if (previous && active && (previous.lastActive === null || now - previous.lastActive > REPORT_INTERVAL_SECONDS)) {
    lastActive = now;
    if (lastConnected < now) lastConnected = now;
  }
  const changed = !previous || previous.lastActive !== lastActive || previous.lastConnected !== lastConnected;
  if (changed) state.store.presences.set(user.id, { lastActive, lastConnected });
  if (!force && !(!previous || cameOnline)) return;
  const activeUsers = state.store.tables.user.all().filter((candidate) => candidate.is_active).length;
  if (force || activeUsers <= MAX_USERS_FOR_EVENTS) state.events.record({ kind: 'presence_changed', userId: user.id });
}

/**
 * `POST /users/me/presence`: stores a user's report (see {@link updatePresence}). A user with
 * `presence_enabled` off stores nothing.
 */
export function reportPresence(state: MockState, user: UserRecord, status: string): void {
  if (user.is_bot) throw badRequest('This endpoint does not accept bot requests.');
  if (status !== 'active' && status !== 'idle') throw badRequest(`Invalid status: ${status}`);
  if (userSettingsOf(state, user).presence_enabled === false) return;
  updatePresence(state, user, Math.floor(state.clock.now() / 1000), status === 'active');
}

/**
 * The presence side of changing `presence_enabled`, as the server's: turned on, the user is active
 * now; turned off, a current presence is backdated so that the user shows offline (a presence
 * already that old is left alone, as is a user with none). Either way everyone is told at once,
 * whatever the realm's size.
 */
export function presenceEnabledChanged(state: MockState, user: UserRecord, enabled: boolean): void {
  const now = Math.floor(state.clock.now() / 1000);
  if (enabled) {
    updatePresence(state, user, now, true, true);
    return;
  }
  const backdated = now - (OFFLINE_THRESHOLD_SECONDS + REPORT_INTERVAL_SECONDS + 10);
  const earliest = backdated - (REPORT_INTERVAL_SECONDS + 10);
  const presence = state.store.presences.get(user.id);
  if (!presence || presence.lastConnected <= backdated) return;
  const wasActiveSince = presence.lastActive !== null && presence.lastActive >= backdated;
  state.store.presences.set(user.id, {
    lastConnected: Math.min(earliest, presence.lastConnected),
    lastActive: wasActiveSince && presence.lastActive !== null ? Math.min(earliest, presence.lastActive) : presence.lastActive,
  });
  updatePresence(state, user, backdated, wasActiveSince, true);
}
