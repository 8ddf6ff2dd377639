import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { hasMetadataAccess } from '../subscriptions/access';
import { recordSightGainedByJoining } from '../subscriptions/group-access-changes';
import { recordRoleGroupsChanged } from '../user-groups/membership-events';
import { directSystemGroupIds } from '../groups';
import { settleProvisionalStatus } from '../user-groups/full-members';

/** The active channels a user may know exist, as the server's `get_streams_for_user(include_all=True)` lists them. */
function visibleChannelIds(state: MockState, user: UserRecord): Set<number> {
  return new Set(
    state.store.tables.channel
      .all()
      .filter((channel) => !channel.is_archived && hasMetadataAccess(state, user, channel))
      .map((channel) => channel.id),
  );
}

const ascending = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/**
 * Changes a user's role (the caller checked that it may) as the server's `do_change_user_role`
 * does and tells it in its order: `realm_user` `update`, the system groups' `user_group` events,
 * for a new member (unless too new for it: a provisional member) the private channels opened to
 * them by joining `role:fullmembers` (as any group join tells it), then the channels the user
 * gained or lost sight of with the role, to the user alone. A channel seen through full membership is announced by both steps, as the server does.
 *
 * @example
 * const target = store.userByApiEmail('hamlet@zulip.com')!;
 * changeRole(state, target, ROLE_VALUES.moderator);
 */
export function changeRole(state: MockState, user: UserRecord, role: number): void {
  if (role === user.role) return;
  const before = visibleChannelIds(state, user);
  const oldGroups = directSystemGroupIds(state, user);
  const updated = state.store.tables.user.update(user.id, { role });
  settleProvisionalStatus(state, updated);
  state.events.record({ kind: 'realm_user_updated', userId: user.id, person: { role } });
  const newGroups = directSystemGroupIds(state, updated);
  recordRoleGroupsChanged(state, user.id, oldGroups, newGroups);
  const fullMembers = state.realm.system_groups['role:fullmembers'];
  if (role === ROLE_VALUES.member && newGroups.includes(fullMembers)) recordSightGainedByJoining(state, updated, fullMembers);
  const after = visibleChannelIds(state, updated);
  const gained = ascending([...after].filter((id) => !before.has(id)));
  const lost = ascending([...before].filter((id) => !after.has(id)));
  if (gained.length > 0 || lost.length > 0) state.events.record({ kind: 'role_channel_sight_changed', userId: user.id, gained, lost });
}
