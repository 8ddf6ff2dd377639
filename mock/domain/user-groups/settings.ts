import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { UserRecord } from '../../store/store';
import { checkGroupSettingValue, isInGroupSetting } from '../group-setting';
import { hasLevel } from '../feature-levels';
import { listedAsMember } from '../groups';
import type { MockState } from '../state';
import { isGuest } from '../users';

/**
 * A user group's permission settings, whether each may be `role:everyone` (the server's
 * `allow_everyone_group`; where it may not, guests never hold the permission), and the level
 * each came with (the changelog's; `can_mention_group` as `can_mention_group_id`).
 */
export const USER_GROUP_SETTINGS = {
  can_add_members_group: { allowEveryone: false, since: 305 },
  can_join_group: { allowEveryone: false, since: 301 },
  can_leave_group: { allowEveryone: true, since: 308 },
  can_manage_group: { allowEveryone: false, since: 283 },
  can_mention_group: { allowEveryone: true, since: 191 },
  can_remove_members_group: { allowEveryone: false, since: 324 },
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

/**
 * Whether a user holds a group permission: guests never hold one that may not be `role:everyone`,
 * and nobody one newer than the realm's level (the group keeps a value the older server did not
 * check, or had as `role:nobody` until it came).
 */
export function holdsGroupPermission(state: MockState, user: UserRecord, setting: UserGroupSetting, value: GroupSettingValue): boolean {
  if (!hasLevel(state, USER_GROUP_SETTINGS[setting].since)) return false;
  if (!USER_GROUP_SETTINGS[setting].allowEveryone && isGuest(user)) return false;
  return isInGroupSetting(state, user, value);
}

/** A setting's value as the API shows it: an anonymous group lists its active members only (before level 303, deactivated ones too). */
export function settingForApi(state: MockState, value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  const listed = (id: number) => listedAsMember(state, state.store.tables.user.get(id));
  return {
    direct_members: value.direct_members.filter(listed).sort((a, b) => a - b),
    direct_subgroups: [...value.direct_subgroups].sort((a, b) => a - b),
  };
}

/** Reads a value for a user group setting (see {@link checkGroupSettingValue}). */
export function checkUserGroupSettingValue(state: MockState, setting: UserGroupSetting, value: GroupSettingValue): GroupSettingValue {
  return checkGroupSettingValue(state, setting, value, { allowEveryone: USER_GROUP_SETTINGS[setting].allowEveryone });
}
