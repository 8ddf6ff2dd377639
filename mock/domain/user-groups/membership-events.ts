import type { UserRecord } from '../../store/store';
import { inCreationOrder, type SettingHolder } from '../anonymous-setting-groups';
import type { Change } from '../events/changes';
import { directSystemGroupIds } from '../groups';
import type { MockState } from '../state';
import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import { REALM_GROUP_SETTING_NAMES } from '../realm-config/realm-settings';
import { settingForApi, USER_GROUP_SETTING_NAMES } from './settings';

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
 */
export function recordReactivation(state: MockState, user: UserRecord): void {
  const additions = state.store
    .subscriptionsOfUser(user.id)
    .filter((subscription) => subscription.active && state.store.tables.channel.get(subscription.channel_id)?.is_archived === false)
    .map((subscription) => ({ userId: user.id, channelId: subscription.channel_id }));
  if (additions.length > 0) state.events.record({ kind: 'subscriptions_added', additions });
  const groups = state.store.tables.userGroup.all().sort((a, b) => a.id - b.id);
  const direct = [
    ...directSystemGroupIds(state, user),
    ...groups.filter((group) => !group.is_system_group && group.members.includes(user.id)).map((group) => group.id),
  ];
  recordMembers(state, direct.sort((a, b) => a - b), 'add_members', user.id);
  const names = (value: GroupSettingValue) => typeof value !== 'number' && value.direct_members.includes(user.id);
  const settings: { holder: SettingHolder; setting: string; change: Change }[] = [];
  for (const group of groups) {
    for (const name of USER_GROUP_SETTING_NAMES) {
      const value = group[name];
      if (!names(value)) continue;
      settings.push({ holder: group.id, setting: name, change: { kind: 'user_group_changed', groupId: group.id, op: 'update', data: { [name]: settingForApi(state, value) } } });
    }
  }
  for (const setting of REALM_GROUP_SETTING_NAMES) {
    const value = state.realm[setting];
    if (names(value)) settings.push({ holder: 'realm', setting, change: { kind: 'realm_changed', op: 'update_dict', data: { [setting]: settingForApi(state, value) } } });
  }
  // The server goes through the anonymous groups by ID, which is their order of creation.
  for (const { change } of inCreationOrder(state, settings)) state.events.record(change);
}
