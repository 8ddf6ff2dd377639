import type { UserRecord } from '../../store/store';
import { settingsNamingUser } from '../anonymous-setting-groups';
import { directGroupIds, directSystemGroupIds } from '../groups';
import { hasLevel, LEVEL } from '../feature-levels';
import type { MockState } from '../state';
import { settingForApi } from './settings';

function recordMembers(state: MockState, groupIds: readonly number[], op: 'add_members' | 'remove_members', userId: number): void {
  for (const groupId of groupIds) state.events.record({ kind: 'user_group_changed', groupId, op, userIds: [userId] });
}

/** A new user joined the system groups of their role: the role's group, then full members unless provisional (the server's order). */
export function recordSystemGroupsJoined(state: MockState, user: UserRecord): void {
  recordMembers(state, directSystemGroupIds(state, user), 'add_members', user.id);
}

/**
 * A role change moved the user between system groups (`directSystemGroupIds` before and after),
 * in the server's order: out of the old role's group, into the new one's, then into or out of
 * full members.
 */
export function recordRoleGroupsChanged(state: MockState, userId: number, oldGroups: readonly number[], newGroups: readonly number[]): void {
  const [oldGroup, ...oldExtra] = oldGroups;
  const [newGroup, ...newExtra] = newGroups;
  if (oldGroup === newGroup) return;
  if (oldGroup !== undefined) recordMembers(state, [oldGroup], 'remove_members', userId);
  if (newGroup !== undefined) recordMembers(state, [newGroup], 'add_members', userId);
  recordMembers(state, oldExtra.filter((id) => !newExtra.includes(id)), 'remove_members', userId);
  recordMembers(state, newExtra.filter((id) => !oldExtra.includes(id)), 'add_members', userId);
}

/**
 * A user was reactivated (already stored), as the server's `do_reactivate_user` tells it: `peer_add`
 * for their channels, `add_members` for each group they are a direct member of, then each anonymous
 * permission setting naming them with its new value, one event each, in the order of those
 * anonymous groups' IDs (their creation).
 * Deactivation has no such events: clients drop a deactivated user from these lists themselves.
 * Servers before level 303, whose lists kept deactivated users, sent only the `peer_add`.
 */
export function recordReactivation(state: MockState, user: UserRecord): void {
  const additions = state.store
    .subscriptionsOfUser(user.id)
    .filter((subscription) => subscription.active && state.store.tables.channel.get(subscription.channel_id)?.is_archived === false)
    .map((subscription) => ({ userId: user.id, channelId: subscription.channel_id }));
  if (additions.length > 0) state.events.record({ kind: 'subscriptions_added', additions });
  if (!hasLevel(state, LEVEL.deactivatedUsersOutOfGroups)) return;
  recordMembers(state, directGroupIds(state, user), 'add_members', user.id);
  for (const { holder, setting, value } of settingsNamingUser(state, user.id)) {
    const data = { [setting]: settingForApi(state, value) };
    state.events.record(holder === 'realm' ? { kind: 'realm_changed', op: 'update_dict', data } : { kind: 'user_group_changed', groupId: holder, op: 'update', data });
  }
}
