import type { UserGroup } from '../../../src/schemas/user-group';
import type { UserGroupRecord } from '../../store/store';
import { directSystemGroupIds, listedAsMember, listedGroupMemberIds } from '../groups';
import { isSystemBot } from '../accounts/visibility';
import type { MockState } from '../state';
import { settingForApi, USER_GROUP_SETTING_NAMES } from './settings';

const byId = (a: number, b: number) => a - b;

/**
 * The direct members of every system group, by group ID: the users listed as members (the active
 * ones, see {@link listedAsMember}), by role (and full membership), in one pass.
 */
function systemGroupMembers(state: MockState): Map<number, number[]> {
  const members = new Map<number, number[]>();
  for (const user of state.store.tables.user.all()) {
    if (!listedAsMember(state, user) || isSystemBot(user)) continue;
    for (const groupId of directSystemGroupIds(state, user)) {
      const list = members.get(groupId);
      if (list) list.push(user.id);
      else members.set(groupId, [user.id]);
    }
  }
  return members;
}

/**
 * The users listed as direct members (the active ones, see {@link listedAsMember}): by role for
 * system groups, as recorded otherwise.
 * `systemMembers`: {@link systemGroupMembers} when listing many groups at once.
 */
export function directMemberIds(state: MockState, group: UserGroupRecord, systemMembers?: Map<number, number[]>): number[] {
  const ids = group.is_system_group
    ? [...((systemMembers ?? systemGroupMembers(state)).get(group.id) ?? [])]
    : group.members.filter((id) => listedAsMember(state, state.store.tables.user.get(id)));
  return ids.sort(byId);
}

/** A group as `GET /user_groups`, the register state and `user_group` events show it. */
export function userGroupToWire(state: MockState, group: UserGroupRecord, systemMembers?: Map<number, number[]>): UserGroup {
  const settings = Object.fromEntries(USER_GROUP_SETTING_NAMES.map((name) => [name, settingForApi(state, group[name])]));
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    creator_id: group.creator_id,
    date_created: group.date_created,
    members: directMemberIds(state, group, systemMembers),
    direct_subgroup_ids: [...group.direct_subgroup_ids].sort(byId),
    is_system_group: group.is_system_group,
    deactivated: group.deactivated,
    ...(settings as Pick<UserGroup, (typeof USER_GROUP_SETTING_NAMES)[number]>),
  };
}

/** Every group by ascending ID, deactivated ones on request (`GET /user_groups`, the register state's `realm_user_groups`). */
export function userGroupsState(state: MockState, includeDeactivated: boolean): UserGroup[] {
  const systemMembers = systemGroupMembers(state);
  return state.store.tables.userGroup
    .all()
    .filter((group) => includeDeactivated || !group.deactivated)
    .sort((a, b) => a.id - b.id)
    .map((group) => userGroupToWire(state, group, systemMembers));
}

/** IDs of the group's subgroups: direct ones, or every group below it (the group itself excluded). */
export function subgroupIds(state: MockState, group: UserGroupRecord, directOnly: boolean): number[] {
  if (directOnly) return [...group.direct_subgroup_ids].sort(byId);
  const found = new Set<number>();
  const visit = (id: number): void => {
    for (const child of state.store.tables.userGroup.get(id)?.direct_subgroup_ids ?? []) {
      if (found.has(child) || child === group.id) continue;
      found.add(child);
      visit(child);
    }
  };
  visit(group.id);
  return [...found].sort(byId);
}

/** IDs of the group's members as listed (the active ones, see {@link listedAsMember}): direct ones, or everyone in it through subgroups too. */
export function memberIds(state: MockState, group: UserGroupRecord, directOnly: boolean): number[] {
  if (directOnly) return directMemberIds(state, group);
  const isRealmUser = (id: number) => {
    const user = state.store.tables.user.get(id);
    return user !== undefined && !isSystemBot(user);
  };
  return [...listedGroupMemberIds(state, group.id)].filter(isRealmUser).sort(byId);
}
