import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { accessibleUserIds, guestsLimited } from './user-access';

/** Who each active guest sees, before a change that may alter it; undefined when guests see everyone. */
export type GuestAccess = ReadonlyMap<number, ReadonlySet<number>> | undefined;

function isActiveGuest(user: UserRecord | undefined): user is UserRecord {
  return user?.is_active === true && user.role === ROLE_VALUES.guest;
}

/**
 * What each guest a subscription change may affect sees now, to compare with afterwards
 * ({@link recordGuestAccessChanges}): the guests among the users whose subscriptions change, and
 * the guests subscribed to the channels that change, as the server considers only those
 * (`send_user_creation_events_on_adding_subscriptions`).
 */
export function guestAccess(state: MockState, userIds: Iterable<number>, channelIds: Iterable<number>): GuestAccess {
  if (!guestsLimited(state)) return undefined;
  const { store } = state;
  const guestIds = new Set<number>();
  for (const userId of userIds) if (isActiveGuest(store.tables.user.get(userId))) guestIds.add(userId);
  for (const channelId of channelIds) {
    for (const userId of store.subscriberIds(channelId)) if (isActiveGuest(store.tables.user.get(userId))) guestIds.add(userId);
  }
  const access = new Map<number, ReadonlySet<number>>();
  for (const guestId of [...guestIds].sort((a, b) => a - b)) {
    const guest = store.tables.user.get(guestId);
    if (guest) access.set(guestId, accessibleUserIds(state, guest, true));
  }
  return access;
}

/**
 * Tells each guest the users they now see (`realm_user` `add`) and no longer see (`remove`)
 * since `before`, as the server does when subscriptions are added or removed in a realm that
 * limits guests. Bots are always visible, so never told.
 */
export function recordGuestAccessChanges(state: MockState, before: GuestAccess): void {
  if (before === undefined) return;
  const isHuman = (id: number) => state.store.tables.user.get(id)?.is_bot === false;
  for (const [viewerId, was] of before) {
    const guest = state.store.tables.user.get(viewerId);
    if (!guest) continue;
    const now = accessibleUserIds(state, guest, true);
    for (const userId of now) if (!was.has(userId) && isHuman(userId)) state.events.record({ kind: 'realm_user_access_changed', viewerId, userId, op: 'add' });
    for (const userId of was) if (!now.has(userId) && isHuman(userId)) state.events.record({ kind: 'realm_user_access_changed', viewerId, userId, op: 'remove' });
  }
}

/**
 * Before a direct message is stored: each limited guest among its recipients gets `realm_user`
 * `add` for the humans of the conversation (the sender included) they did not see yet, whom the
 * message makes their partners (the server's `get_recipients_for_user_creation_events`, sent
 * ahead of the message event).
 */
export function recordDirectMessageAccess(state: MockState, senderId: number, recipientIds: readonly number[]): void {
  if (!guestsLimited(state)) return;
  const participants = [...new Set([...recipientIds, senderId])];
  for (const viewerId of new Set(recipientIds)) {
    const guest = state.store.tables.user.get(viewerId);
    if (guest?.is_active !== true || guest.role !== ROLE_VALUES.guest) continue;
    const seen = accessibleUserIds(state, guest, true);
    for (const userId of participants) {
      if (userId === viewerId || seen.has(userId) || state.store.tables.user.get(userId)?.is_bot !== false) continue;
      state.events.record({ kind: 'realm_user_access_changed', viewerId, userId, op: 'add' });
    }
  }
}
