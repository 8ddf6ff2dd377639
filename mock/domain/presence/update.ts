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

/**
 * Stores a user's report, as `POST /users/me/presence` does: the first report creates the row,
 * later ones move the connected and active times when more than 55 s passed. Announces the user
 * (a `presence` event to everyone) when the row is new or they come online after 130 s away, in
 * realms of at most 100 active users. A user with `presence_enabled` off stores nothing.
 */
export function reportPresence(state: MockState, user: UserRecord, status: string): void {
  if (user.is_bot) throw badRequest('This endpoint does not accept bot requests.');
  if (status !== 'active' && status !== 'idle') throw badRequest(`Invalid status: ${status}`);
  if (userSettingsOf(state, user).presence_enabled === false) return;
  const now = Math.floor(state.clock.now() / 1000);
  const active = status === 'active';
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
  const activeUsers = state.store.tables.user.all().filter((candidate) => candidate.is_active && !candidate.is_bot).length;
  if ((!previous || cameOnline) && activeUsers <= MAX_USERS_FOR_EVENTS) {
    state.events.record({ kind: 'presence_changed', userId: user.id });
  }
}
