import type { UserGroupRecord, UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { holdsGroupPermission, type UserGroupSetting } from './settings';
import { hasRealmPermission } from '../realm-permission';

/** A group of the realm by ID, deactivated ones refused unless allowed. */
export function groupById(state: MockState, groupId: number, options: { allowDeactivated?: boolean } = {}): UserGroupRecord {
  const group = state.store.tables.userGroup.get(groupId);
  if (!group) throw badRequest('Invalid user group');
  if (group.deactivated && !options.allowDeactivated) throw badRequest('User group is deactivated.');
  return group;
}

/** Whether the user may manage every group (`can_manage_all_groups`, owners by default; never guests). */
function canManageAllGroups(state: MockState, user: UserRecord): boolean {
  return hasRealmPermission(state, user, 'can_manage_all_groups');
}

/**
 * The group a user may change, as the server's `access_user_group_for_update` decides: system
 * groups never; otherwise whoever manages all groups or this one, or holds the permission the
 * change needs. Every refusal is `Insufficient permission`.
 */
export function groupForUpdate(
  state: MockState,
  user: UserRecord,
  groupId: number,
  permission: UserGroupSetting,
  options: { allowDeactivated?: boolean } = {},
): UserGroupRecord {
  const group = groupById(state, groupId, options);
  if (group.is_system_group) throw badRequest('Insufficient permission');
  if (canManageAllGroups(state, user)) return group;
  if (holdsGroupPermission(state, user, 'can_manage_group', group.can_manage_group)) return group;
  if (permission !== 'can_manage_group' && holdsGroupPermission(state, user, permission, group[permission])) return group;
  throw badRequest('Insufficient permission');
}
