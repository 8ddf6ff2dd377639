import type { UserRecord } from '../../store/store';
import { directSystemGroupIds } from '../groups';
import type { MockState } from '../state';
import { settingForApi, USER_GROUP_SETTING_NAMES } from './settings';

function recordMembers(state: MockState, groupIds: readonly number[], op: 'add_members' | 'remove_members', userId: number): void {
  for (const groupId of [...groupIds].sort((a, b) => a - b)) {
    state.events.record({ kind: 'user_group_changed', groupId, op, userIds: [userId] });
  }
}

/** A new user joined the system groups of their role. */
export function recordSystemGroupsJoined(state: MockState, user: UserRecord): void {
  recordMembers(state, directSystemGroupIds(state, user.role), 'add_members', user.id);
}

/** A role change moved the user between system groups: out of the old role's, into the new one's. */
export function recordRoleGroupsChanged(state: MockState, userId: number, oldRole: number, newRole: number): void {
  const before = directSystemGroupIds(state, oldRole);
  const after = directSystemGroupIds(state, newRole);
  recordMembers(state, before.filter((id) => !after.includes(id)), 'remove_members', userId);
  recordMembers(state, after.filter((id) => !before.includes(id)), 'add_members', userId);
}

/**
 * A user was deactivated or reactivated (already stored): groups list active members only, so the
 * user leaves (or rejoins) every group they are a direct member of, and every anonymous permission
 * setting naming them changes its shown value.
 */
export function recordActivationChanged(state: MockState, user: UserRecord): void {
  const groups = state.store.tables.userGroup.all();
  const direct = [
    ...directSystemGroupIds(state, user.role),
    ...groups.filter((group) => !group.is_system_group && group.members.includes(user.id)).map((group) => group.id),
  ];
  recordMembers(state, direct, user.is_active ? 'add_members' : 'remove_members', user.id);
  for (const group of groups) {
    const data: Record<string, unknown> = {};
    for (const name of USER_GROUP_SETTING_NAMES) {
      const value = group[name];
      if (typeof value !== 'number' && value.direct_members.includes(user.id)) data[name] = settingForApi(state, value);
    }
    if (Object.keys(data).length > 0) state.events.record({ kind: 'user_group_changed', groupId: group.id, op: 'update', data });
  }
}
