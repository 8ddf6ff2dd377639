import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { UserGroup } from '../../../src/schemas/user-group';
import type { UserGroupRecord, UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState, SystemGroupName } from '../state';
import { isGuest } from '../users';

/**
 * The role whose holders are a system group's direct members (the others come through its
 * subgroup chain); `role:members`, `role:internet` and `role:nobody` have none of their own.
 */
const DIRECT_ROLE: Partial<Record<SystemGroupName, number>> = {
  'role:owners': 100,
  'role:administrators': 200,
  'role:moderators': 300,
  'role:fullmembers': 400,
  'role:everyone': 600,
};

function directMembers(state: MockState, group: UserGroupRecord): number[] {
  const role = group.is_system_group ? DIRECT_ROLE[group.name as SystemGroupName] : undefined;
  const active = (id: number) => state.store.tables.user.get(id)?.is_active === true;
  const ids = group.is_system_group
    ? state.store.tables.user.all().filter((user) => user.is_active && user.role === role).map((user) => user.id)
    : group.members.filter(active);
  return ids.sort((a, b) => a - b);
}

/** The group's permission settings: system groups allow nobody; a custom group has the server's defaults. */
function permissionSettings(state: MockState, group: UserGroupRecord) {
  const { system_groups: system } = state.realm;
  const nobody = system['role:nobody'];
  if (group.is_system_group) {
    return {
      can_add_members_group: nobody,
      can_join_group: nobody,
      can_leave_group: nobody,
      can_manage_group: nobody,
      can_mention_group: group.can_mention_group,
      can_remove_members_group: nobody,
    };
  }
  const creator: GroupSettingValue = { direct_members: group.creator_id === null ? [] : [group.creator_id], direct_subgroups: [] };
  return {
    can_add_members_group: creator,
    can_join_group: nobody,
    can_leave_group: system['role:everyone'],
    can_manage_group: { ...creator, direct_members: [...creator.direct_members] },
    can_mention_group: group.can_mention_group,
    can_remove_members_group: nobody,
  };
}

/** A group as `GET /user_groups` shows it. */
export function userGroupToWire(state: MockState, group: UserGroupRecord): UserGroup {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    creator_id: group.creator_id,
    date_created: group.date_created,
    members: directMembers(state, group),
    direct_subgroup_ids: [...group.direct_subgroup_ids].sort((a, b) => a - b),
    is_system_group: group.is_system_group,
    deactivated: group.deactivated,
    ...permissionSettings(state, group),
  };
}

/** `GET /user_groups`: every group by ascending ID, deactivated ones on request; guests are refused. */
export function listUserGroups(state: MockState, viewer: UserRecord, includeDeactivated: boolean): UserGroup[] {
  if (isGuest(viewer)) throw badRequest('Not allowed for guest users');
  return state.store.tables.userGroup
    .all()
    .filter((group) => includeDeactivated || !group.deactivated)
    .sort((a, b) => a.id - b.id)
    .map((group) => userGroupToWire(state, group));
}
