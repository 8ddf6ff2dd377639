import type { userGroups } from '../../src/endpoints/index';
import { createUserGroup, deactivateUserGroup, updateUserGroup } from '../domain/user-groups/lifecycle';
import {
  groupMembers,
  groupSubgroups,
  isGroupMember,
  NOTHING_TO_DO_MEMBERS,
  NOTHING_TO_DO_SUBGROUPS,
  updateMembership,
} from '../domain/user-groups/membership';
import { userGroupsState } from '../domain/user-groups/read';
import type { Implementation } from '../http/operation';

/** User groups: decode → domain → payload. */
export const userGroupRoutes = {
  getUserGroups: ({ state, params }) => ({
    user_groups: userGroupsState(state, params.include_deactivated_groups ?? false),
  }),
  createUserGroup: ({ state, user, params: { name, description, members, subgroups, ...settings } }) => ({
    group_id: createUserGroup(state, user, { name, description, members, subgroups, settings }),
  }),
  updateUserGroup: ({ state, user, params: { user_group_id, name, description, deactivated, ...settings } }) => {
    updateUserGroup(state, user, user_group_id, { name, description, deactivated, settings });
    return {};
  },
  deactivateUserGroup: ({ state, user, params }) => {
    deactivateUserGroup(state, user, params.user_group_id);
    return {};
  },
  updateUserGroupMembers: ({ state, user, params: { user_group_id, ...changes } }) => {
    updateMembership(state, user, user_group_id, changes, NOTHING_TO_DO_MEMBERS);
    return {};
  },
  getUserGroupMembers: ({ state, params }) => ({
    members: groupMembers(state, params.user_group_id, params.direct_member_only ?? false),
  }),
  updateUserGroupSubgroups: ({ state, user, params }) => {
    updateMembership(state, user, params.user_group_id, { add_subgroups: params.add, delete_subgroups: params.delete }, NOTHING_TO_DO_SUBGROUPS);
    return {};
  },
  getUserGroupSubgroups: ({ state, params }) => ({
    subgroups: groupSubgroups(state, params.user_group_id, params.direct_subgroup_only ?? false),
  }),
  getIsUserGroupMember: ({ state, params }) => ({
    is_user_group_member: isGroupMember(state, params.user_group_id, params.user_id, params.direct_member_only ?? false),
  }),
} satisfies { [Name in keyof typeof userGroups]: Implementation<(typeof userGroups)[Name]> };
