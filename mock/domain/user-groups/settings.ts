import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { UserGroupRecord, UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { isInGroupSetting } from '../group-setting';
import type { MockState } from '../state';
import { isGuest } from '../users';

/**
 * A user group's permission settings, and whether each may be `role:everyone` (the server's
 * `allow_everyone_group`; where it may not, guests never hold the permission).
 */
export const USER_GROUP_SETTINGS = {
  can_add_members_group: { allowEveryone: false },
  can_join_group: { allowEveryone: false },
  can_leave_group: { allowEveryone: true },
  can_manage_group: { allowEveryone: false },
  can_mention_group: { allowEveryone: true },
  can_remove_members_group: { allowEveryone: false },
} as const;

/** The name of a user group's permission setting. */
export type UserGroupSetting = keyof typeof USER_GROUP_SETTINGS;

/** The setting names, in the server's order. */
export const USER_GROUP_SETTING_NAMES = Object.keys(USER_GROUP_SETTINGS) as UserGroupSetting[];

/** The settings a new custom group gets: its creator may add members and manage it; everyone may leave and mention it. */
export function customGroupDefaults(state: Pick<MockState, 'realm'>, creatorId: number | null): Record<UserGroupSetting, GroupSettingValue> {
  const { system_groups: groups } = state.realm;
  const creator = (): GroupSettingValue => ({ direct_members: creatorId === null ? [] : [creatorId], direct_subgroups: [] });
  return {
    can_add_members_group: creator(),
    can_join_group: groups['role:nobody'],
    can_leave_group: groups['role:everyone'],
    can_manage_group: creator(),
    can_mention_group: groups['role:everyone'],
    can_remove_members_group: groups['role:nobody'],
  };
}

/** Whether a user holds a group permission: guests never hold one that may not be `role:everyone`. */
export function holdsGroupPermission(state: MockState, user: UserRecord, setting: UserGroupSetting, value: GroupSettingValue): boolean {
  if (!USER_GROUP_SETTINGS[setting].allowEveryone && isGuest(user)) return false;
  return isInGroupSetting(state, user, value);
}

/** A setting's value as the API shows it: an anonymous group lists its active members only. */
export function settingForApi(state: MockState, value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  const active = (id: number) => state.store.tables.user.get(id)?.is_active === true;
  return {
    direct_members: value.direct_members.filter(active).sort((a, b) => a - b),
    direct_subgroups: [...value.direct_subgroups].sort((a, b) => a - b),
  };
}

/** A group usable in a setting: existing and not deactivated. */
function usableGroup(state: MockState, groupId: number, missing: string): UserGroupRecord {
  const group = state.store.tables.userGroup.get(groupId);
  if (!group) throw badRequest(missing);
  if (group.deactivated) throw badRequest('User group is deactivated.');
  return group;
}

/**
 * Reads a value for a user group setting as the server does: an anonymous group of one subgroup
 * and no members is that subgroup, an empty one is `role:nobody`; a named group must exist, be
 * active and not be `role:internet` (nor `role:everyone` where the setting forbids it); an
 * anonymous group's members must be active users and its subgroups active groups.
 */
export function checkUserGroupSettingValue(state: MockState, setting: UserGroupSetting, value: GroupSettingValue): GroupSettingValue {
  const { system_groups: groups } = state.realm;
  let normalized = value;
  if (typeof value !== 'number' && value.direct_members.length === 0) {
    if (value.direct_subgroups.length === 1) normalized = value.direct_subgroups[0] as number;
    else if (value.direct_subgroups.length === 0) normalized = groups['role:nobody'];
  }
  if (typeof normalized === 'number') {
    usableGroup(state, normalized, 'Invalid user group');
    if (normalized === groups['role:internet']) throw badRequest(`'${setting}' setting cannot be set to 'role:internet' group.`);
    if (normalized === groups['role:everyone'] && !USER_GROUP_SETTINGS[setting].allowEveryone) {
      throw badRequest(`'${setting}' setting cannot be set to 'role:everyone' group.`);
    }
    return normalized;
  }
  for (const userId of normalized.direct_members) {
    if (!state.store.tables.user.get(userId)?.is_active) throw badRequest(`Invalid user ID: ${userId}`);
  }
  for (const groupId of normalized.direct_subgroups) usableGroup(state, groupId, `Invalid user group ID: ${groupId}`);
  return { direct_members: [...new Set(normalized.direct_members)], direct_subgroups: [...new Set(normalized.direct_subgroups)] };
}
