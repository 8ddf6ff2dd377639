import { defineEndpoint } from '../contract/endpoint';
import { INCLUDE_DEACTIVATED_GROUPS, MENTION_GROUP_CHANGE_FORMS, MENTION_GROUP_VALUE_FORMS, RENAMED_MENTION_GROUP } from '../contract/requirements';
import {
  CreateUserGroupParams,
  CreateUserGroupResponse,
  DeactivateUserGroupParams,
  GetIsUserGroupMemberParams,
  GetIsUserGroupMemberResponse,
  GetUserGroupMembersParams,
  GetUserGroupMembersResponse,
  GetUserGroupSubgroupsParams,
  GetUserGroupSubgroupsResponse,
  GetUserGroupsParams,
  GetUserGroupsResponse,
  UpdateUserGroupMembersParams,
  UpdateUserGroupParams,
  UpdateUserGroupSubgroupsParams,
  UserGroupChangeResponse,
} from '../schemas/user-group';

const membersOnly = { auth: 'api_key', membersOnly: true } as const;

/**
 * When each group permission setting appeared; older servers ignore it, so the SDK refuses it
 * below. `can_mention_group` (198) was `can_mention_group_id` from 191: `RENAMED_MENTION_GROUP`; its older
 * forms (a group's ID, a value for a change): `MENTION_GROUP_VALUE_FORMS`, `MENTION_GROUP_CHANGE_FORMS`.
 */
const GROUP_SETTING_LEVELS = [
  { param: 'can_manage_group', since: 283 },
  { param: 'can_join_group', since: 301 },
  { param: 'can_add_members_group', since: 305 },
  { param: 'can_leave_group', since: 308 },
  { param: 'can_remove_members_group', since: 324 },
] as const;

/** `GET /user_groups`: every group of the organization (members and administrators; not guests or bots). */
export const getUserGroups = defineEndpoint({
  id: 'get-user-groups',
  method: 'GET',
  path: '/user_groups',
  params: GetUserGroupsParams,
  response: GetUserGroupsResponse,
  access: membersOnly,
  retrySafe: true,
  featureLevel: 1,
  requires: [INCLUDE_DEACTIVATED_GROUPS],
});

/** `POST /user_groups/create`: create a group (those in the realm's `can_create_groups`). */
export const createUserGroup = defineEndpoint({
  id: 'create-user-group',
  method: 'POST',
  path: '/user_groups/create',
  params: CreateUserGroupParams,
  response: CreateUserGroupResponse,
  access: { ...membersOnly, realmPermission: 'can_create_groups' },
  retrySafe: false,
  featureLevel: 1,
  requires: [{ param: 'subgroups', since: 311 }, ...MENTION_GROUP_VALUE_FORMS, ...RENAMED_MENTION_GROUP, ...GROUP_SETTING_LEVELS],
});

/** `PATCH /user_groups/{user_group_id}`: rename, describe, reconfigure or reactivate a group (its managers). */
export const updateUserGroup = defineEndpoint({
  id: 'update-user-group',
  method: 'PATCH',
  path: '/user_groups/{user_group_id}',
  params: UpdateUserGroupParams,
  response: UserGroupChangeResponse,
  access: membersOnly,
  retrySafe: true,
  featureLevel: 1,
  // Reactivating (`deactivated: false`) is new in level 386; older servers ignore the parameter.
  requires: [...MENTION_GROUP_CHANGE_FORMS, ...RENAMED_MENTION_GROUP, ...GROUP_SETTING_LEVELS, { param: 'deactivated', since: 386 }],
});

/** `POST /user_groups/{user_group_id}/deactivate`: deactivate a group nothing uses (its managers). */
export const deactivateUserGroup = defineEndpoint({
  id: 'deactivate-user-group',
  method: 'POST',
  path: '/user_groups/{user_group_id}/deactivate',
  params: DeactivateUserGroupParams,
  response: UserGroupChangeResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 290,
});

/** `POST /user_groups/{user_group_id}/members`: add and remove members (and subgroups) in one step. */
export const updateUserGroupMembers = defineEndpoint({
  id: 'update-user-group-members',
  method: 'POST',
  path: '/user_groups/{user_group_id}/members',
  params: UpdateUserGroupMembersParams,
  response: UserGroupChangeResponse,
  access: membersOnly,
  retrySafe: false,
  featureLevel: 1,
  requires: [
    { param: 'add_subgroups', since: 311 },
    { param: 'delete_subgroups', since: 311 },
  ],
});

/** `GET /user_groups/{user_group_id}/members`: the group's active members. */
export const getUserGroupMembers = defineEndpoint({
  id: 'get-user-group-members',
  method: 'GET',
  path: '/user_groups/{user_group_id}/members',
  params: GetUserGroupMembersParams,
  response: GetUserGroupMembersResponse,
  access: membersOnly,
  retrySafe: true,
  featureLevel: 127,
});

/** `POST /user_groups/{user_group_id}/subgroups`: add and remove subgroups. */
export const updateUserGroupSubgroups = defineEndpoint({
  id: 'update-user-group-subgroups',
  method: 'POST',
  path: '/user_groups/{user_group_id}/subgroups',
  params: UpdateUserGroupSubgroupsParams,
  response: UserGroupChangeResponse,
  access: membersOnly,
  retrySafe: false,
  featureLevel: 127,
});

/** `GET /user_groups/{user_group_id}/subgroups`: the group's subgroups. */
export const getUserGroupSubgroups = defineEndpoint({
  id: 'get-user-group-subgroups',
  method: 'GET',
  path: '/user_groups/{user_group_id}/subgroups',
  params: GetUserGroupSubgroupsParams,
  response: GetUserGroupSubgroupsResponse,
  access: membersOnly,
  retrySafe: true,
  featureLevel: 127,
});

/** `GET /user_groups/{user_group_id}/members/{user_id}`: whether a user is in the group. */
export const getIsUserGroupMember = defineEndpoint({
  id: 'get-is-user-group-member',
  method: 'GET',
  path: '/user_groups/{user_group_id}/members/{user_id}',
  params: GetIsUserGroupMemberParams,
  response: GetIsUserGroupMemberResponse,
  access: membersOnly,
  retrySafe: true,
  featureLevel: 127,
});
