import type { GroupSettingValue } from '../../src/schemas/group-setting';
import type { UserRecord } from '../store/store';
import { ApiFailure } from './errors';
import { isInGroup } from './groups';
import type { MockState } from './state';

/** Whether a user belongs to a group-setting value: a group, or an anonymous group's members and subgroups. */
export function isInGroupSetting(state: MockState, user: UserRecord, setting: GroupSettingValue): boolean {
  if (typeof setting === 'number') return isInGroup(state, user, setting);
  if (setting.direct_members.includes(user.id)) return true;
  return setting.direct_subgroups.some((groupId) => isInGroup(state, user, groupId));
}

/** Whether two values name the same set (member and subgroup order does not matter). */
export function sameSettingValue(a: GroupSettingValue, b: GroupSettingValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((x, y) => x - y).join(',');
  return sorted(a.direct_members) === sorted(b.direct_members) && sorted(a.direct_subgroups) === sorted(b.direct_subgroups);
}

/** The refusal when the `old` of a setting update is not the current value. */
export function settingMismatch(): ApiFailure {
  return new ApiFailure("'old' value does not match the expected value.", 'EXPECTATION_MISMATCH', 400);
}
