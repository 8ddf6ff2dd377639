import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { MockState } from '../state';
import { accessibleUserIds, guestsLimited } from './user-access';

/** Who each active guest sees, before a change that may alter it; undefined when guests see everyone. */
export type GuestAccess = ReadonlyMap<number, ReadonlySet<number>> | undefined;

function activeGuests(state: MockState) {
  return state.store.tables.user.all().filter((user) => user.is_active && user.role === ROLE_VALUES.guest);
}

/** What each guest sees now, to compare with after a subscription change ({@link recordGuestAccessChanges}). */
export function guestAccess(state: MockState): GuestAccess {
  if (!guestsLimited(state)) return undefined;
  return new Map(activeGuests(state).map((guest) => [guest.id, accessibleUserIds(state, guest, true)]));
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
