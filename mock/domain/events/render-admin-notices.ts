import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { MockState } from '../state';
import type { InvitesChanged, RealmExportsChanged } from './changes';
import type { EventQueue } from './queue';

function isAdministrator(state: MockState, userId: number, humansOnly: boolean): boolean {
  const user = state.store.tables.user.get(userId);
  return user !== undefined && user.is_active && user.role <= ROLE_VALUES.administrator && !(humansOnly && user.is_bot);
}

/** `invites_changed`: to the active administrators and owners, bots included, and the inviter. */
export function renderInvitesChangedEvent(state: MockState, queue: EventQueue, change: InvitesChanged) {
  if (queue.userId !== change.referrerId && !isAdministrator(state, queue.userId, false)) return undefined;
  return { type: 'invites_changed' };
}

/** `realm_export`: the whole list, to the active human administrators and owners (`get_human_admin_users`). */
export function renderRealmExportEvent(state: MockState, queue: EventQueue, change: RealmExportsChanged) {
  if (!isAdministrator(state, queue.userId, true)) return undefined;
  return { type: 'realm_export', exports: change.exports.map((entry) => ({ ...entry })) };
}
