import type { GroupSettingValue } from '../../src/schemas/group-setting';
import type { UserRecord } from '../store/store';
import { isInGroup } from './groups';
import type { MockState } from './state';

/** Whether a user belongs to a group-setting value: a group, or an anonymous group's members and subgroups. */
export function isInGroupSetting(state: MockState, user: UserRecord, setting: GroupSettingValue): boolean {
  if (typeof setting === 'number') return isInGroup(state, user, setting);
  if (setting.direct_members.includes(user.id)) return true;
  return setting.direct_subgroups.some((groupId) => isInGroup(state, user, groupId));
}
