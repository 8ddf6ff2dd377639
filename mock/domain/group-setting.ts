import { isSystemBot } from './accounts/visibility';
import type { GroupSettingValue } from '../../src/schemas/group-setting';
import type { UserGroupRecord, UserRecord } from '../store/store';
import { ApiFailure, badRequest } from './errors';
import { isInGroup, listedAsMember } from './groups';
import type { MockState } from './state';

/** Whether a user belongs to a group-setting value: a group, or an anonymous group's members and subgroups. */
export function isInGroupSetting(state: MockState, user: UserRecord, setting: GroupSettingValue): boolean {
  if (typeof setting === 'number') return isInGroup(state, user, setting);
  if (setting.direct_members.includes(user.id)) return true;
  return setting.direct_subgroups.some((groupId) => isInGroup(state, user, groupId));
}

/**
 * Like {@link isInGroupSetting}, counting one group (and the way through it) as not holding the
 * user: how the server sees a user between two steps of a role change, when the role is already
 * new but one of its system groups (role:fullmembers) not yet joined.
 */
export function isInGroupSettingWithout(state: MockState, user: UserRecord, setting: GroupSettingValue, groupId: number): boolean {
  // isInGroup answers false for a group it has already visited, so starting from it leaves it out.
  if (typeof setting === 'number') return isInGroup(state, user, setting, new Set([groupId]));
  if (setting.direct_members.includes(user.id)) return true;
  return setting.direct_subgroups.some((subgroup) => isInGroup(state, user, subgroup, new Set([groupId])));
}

/** Whether two values name the same set (member and subgroup order does not matter). */
function sameSettingValue(a: GroupSettingValue, b: GroupSettingValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((x, y) => x - y).join(',');
  return sorted(a.direct_members) === sorted(b.direct_members) && sorted(a.direct_subgroups) === sorted(b.direct_subgroups);
}

function systemGroupRequired(setting: string): ApiFailure {
  return new ApiFailure(`'${setting}' must be a system user group.`, 'SYSTEM_GROUP_REQUIRED', 400, { setting_name: setting });
}

/** An anonymous value as stored (and so sent in events): each ID once and ascending, as the API lists them everywhere. */
function storedAnonymousValue(value: Exclude<GroupSettingValue, number>): Exclude<GroupSettingValue, number> {
  const ascending = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);
  return { direct_members: ascending(value.direct_members), direct_subgroups: ascending(value.direct_subgroups) };
}

/** The refusal when the `old` of a setting update is not the current value. */
function settingMismatch(): ApiFailure {
  return new ApiFailure("'old' value does not match the expected value.", 'EXPECTATION_MISMATCH', 400, { field_name: 'old' });
}

/**
 * What a setting allows beyond any active group: `role:everyone` (and `role:nobody`, unless
 * false); `systemGroups`: only these system groups, never another group or an anonymous one.
 */
export interface GroupSettingRules {
  readonly allowEveryone: boolean;
  readonly allowNobody?: boolean;
  readonly systemGroups?: readonly string[];
}

/** A value as the server stores it: an anonymous group of one subgroup and no members is that subgroup, an empty one `role:nobody`. */
export function normalizedSettingValue(state: MockState, value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number' || value.direct_members.length > 0) return value;
  if (value.direct_subgroups.length === 1) return value.direct_subgroups[0] as number;
  return value.direct_subgroups.length === 0 ? state.realm.system_groups['role:nobody'] : value;
}

/**
 * Whether an update (`{ new, old? }`) changes a setting whose value the API shows as `current`,
 * as the server's `validate_group_setting_value_change` decides before it reads the new value: a
 * stale `old` is `EXPECTATION_MISMATCH`; `new` and `old` count as normalised
 * ({@link normalizedSettingValue}). An unchanged value is never checked, so it may name a group
 * deactivated since.
 *
 * @example
 * import { settingForApi } from './user-groups/settings';
 * const group = store.userGroupByName('hamletcharacters')!;
 * const changes = settingValueChanges(state, settingForApi(state, group.can_mention_group), { new: state.realm.system_groups['role:members'] });
 */
export function settingValueChanges(state: MockState, current: GroupSettingValue, update: { readonly new: GroupSettingValue; readonly old?: GroupSettingValue | null | undefined }): boolean {
  if (update.old !== undefined && update.old !== null && !sameSettingValue(normalizedSettingValue(state, update.old), current)) throw settingMismatch();
  return !sameSettingValue(normalizedSettingValue(state, update.new), current);
}

/** A group usable in a setting: existing and not deactivated. */
function usableGroup(state: MockState, groupId: number, missing: string): UserGroupRecord {
  const group = state.store.tables.userGroup.get(groupId);
  if (!group) throw badRequest(missing);
  if (group.deactivated) throw badRequest('User group is deactivated.');
  return group;
}

/**
 * Reads a value for a group setting as the server does: normalised ({@link normalizedSettingValue}); a named group must exist, be
 * active and not be `role:internet` (nor `role:everyone` where the setting forbids it); an
 * anonymous group's members must be active users (any of the realm's before level 303), then its
 * subgroups existing groups, then active ones.
 */
export function checkGroupSettingValue(state: MockState, setting: string, value: GroupSettingValue, rules: GroupSettingRules): GroupSettingValue {
  const { system_groups: groups } = state.realm;
  const normalized = normalizedSettingValue(state, value);
  if (typeof normalized === 'number') {
    const group = usableGroup(state, normalized, 'Invalid user group');
    if (rules.systemGroups && !group.is_system_group) throw systemGroupRequired(setting);
    if (normalized === groups['role:internet']) throw badRequest(`'${setting}' setting cannot be set to 'role:internet' group.`);
    if (normalized === groups['role:everyone'] && !rules.allowEveryone) {
      throw badRequest(`'${setting}' setting cannot be set to 'role:everyone' group.`);
    }
    if (normalized === groups['role:nobody'] && rules.allowNobody === false) {
      throw badRequest(`'${setting}' setting cannot be set to 'role:nobody' group.`);
    }
    if (rules.systemGroups && !rules.systemGroups.includes(group.name)) {
      throw badRequest(`'${setting}' setting cannot be set to '${group.name}' group.`);
    }
    return normalized;
  }
  if (rules.systemGroups) throw systemGroupRequired(setting);
  for (const userId of normalized.direct_members) {
    const member = state.store.tables.user.get(userId);
    if (!listedAsMember(state, member) || isSystemBot(member)) throw badRequest(`Invalid user ID: ${userId}`);
  }
  // Every subgroup must exist before any is refused for being deactivated.
  const missing = normalized.direct_subgroups.find((groupId) => !state.store.tables.userGroup.get(groupId));
  if (missing !== undefined) throw badRequest(`Invalid user group ID: ${missing}`);
  for (const groupId of normalized.direct_subgroups) usableGroup(state, groupId, `Invalid user group ID: ${groupId}`);
  return storedAnonymousValue(normalized);
}
