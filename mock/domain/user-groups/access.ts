import type { UserGroupRecord, UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { holdsGroupPermission, type UserGroupSetting } from './settings';
import { hasRealmPermission } from '../realm-permission';
import { hasLevel, LEVEL } from '../feature-levels';
import { isInGroup } from '../groups';
import { hasRole } from '../users';

/** A group of the realm by ID, deactivated ones refused unless allowed. */
export function groupById(state: MockState, groupId: number, options: { allowDeactivated?: boolean } = {}): UserGroupRecord {
  const group = state.store.tables.userGroup.get(groupId);
  if (!group) throw badRequest('Invalid user group');
  if (group.deactivated && !options.allowDeactivated) throw badRequest('User group is deactivated.');
  return group;
}

/**
 * Whether the user manages the group by managing all groups (`can_manage_all_groups`, owners by
 * default; never guests). Below level 305 that permission (`user_group_edit_policy` below 299)
 * kept the policy's meaning: administrators and moderators manage every group, anyone else only
 * the groups they are in (directly below 298, through subgroups too from 298), as the server's
 * `check_permission_for_managing_all_groups` decided.
 */
function managesAsAllGroupsManager(state: MockState, user: UserRecord, group: UserGroupRecord): boolean {
  if (!hasRealmPermission(state, user, 'can_manage_all_groups')) return false;
  if (hasLevel(state, LEVEL.manageAllGroupsEveryGroup) || hasRole(user, 'moderator')) return true;
  return hasLevel(state, LEVEL.manageAllGroupsThroughSubgroups) ? isInGroup(state, user, group.id) : group.members.includes(user.id);
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
  if (managesAsAllGroupsManager(state, user, group)) return group;
  if (holdsGroupPermission(state, user, 'can_manage_group', group.can_manage_group)) return group;
  if (permission !== 'can_manage_group' && holdsGroupPermission(state, user, permission, group[permission])) return group;
  throw badRequest('Insufficient permission');
}
