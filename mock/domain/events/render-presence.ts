import { legacyEntry, modernEntry } from '../presence/format';
import type { MockState } from '../state';
import { hearsAboutUser } from '../accounts/user-access';
import type { PresenceChanged } from './changes';
import type { EventQueue } from './queue';

/**
 * `presence` for every queue: the modern `presences` map for clients with the
 * `simplified_presence_events` capability, else the legacy `website` entry (with the user's email
 * unless the queue is slim); with the realm's `limitGuestPresence`, only to those who may see the user.
 */
export function renderPresenceEvent(state: MockState, queue: EventQueue, change: PresenceChanged) {
  const row = state.store.presences.get(change.userId);
  const user = state.store.tables.user.get(change.userId);
  if (!row || !user) return undefined;
  // The server's CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE sends them only to who may see the user.
  if (state.limitGuestPresence && !hearsAboutUser(state, queue.userId, user.id)) return undefined;
  if (queue.options.capabilities.has('simplified_presence_events')) {
    return { type: 'presence', presences: { [String(user.id)]: modernEntry(row, user) } };
  }
  return {
    type: 'presence',
    user_id: user.id,
    ...(queue.options.slimPresence ? {} : { email: user.email }),
    server_timestamp: state.clock.now() / 1000,
    presence: { website: legacyEntry(row, user).website },
  };
}
