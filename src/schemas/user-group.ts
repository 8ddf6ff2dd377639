import * as z from 'zod/mini';
import { Id, successBody } from './common';
import { GroupSettingUpdate, GroupSettingValue } from './group-setting';

/** A user group: a named set of users and subgroups, with who may change or use it. */
export const UserGroup = z.looseObject({
  id: Id,
  name: z.string(),
  description: z.string(),
  /** UNIX seconds; null when not recorded (system groups). From feature level 292. */
  date_created: z.optional(z.nullable(z.int())),
  /** From feature level 292. */
  creator_id: z.optional(z.nullable(Id)),
  /** Direct members that are active users, ascending. */
  members: z.array(Id),
  /** Direct subgroups, ascending. From feature level 131 (`subgroups` from 127, none before). */
  direct_subgroup_ids: z.optional(z.array(Id)),
  /** `direct_subgroup_ids` on servers from 127 to 130. */
  subgroups: z.optional(z.array(Id)),
  is_system_group: z.boolean(),
  /** From feature level 290; older servers have no deactivated groups. */
  deactivated: z.optional(z.boolean()),
  /** From feature level 305. */
  can_add_members_group: z.optional(GroupSettingValue),
  /** From feature level 301. */
  can_join_group: z.optional(GroupSettingValue),
  /** From feature level 308. */
  can_leave_group: z.optional(GroupSettingValue),
  /** From feature level 283. */
  can_manage_group: z.optional(GroupSettingValue),
  /** From feature level 198 (`can_mention_group_id` from 191). */
  can_mention_group: z.optional(GroupSettingValue),
  /** A group's ID: `can_mention_group` on servers from 191 to 197. */
  can_mention_group_id: z.optional(Id),
  /** From feature level 324. */
  can_remove_members_group: z.optional(GroupSettingValue),
});

/** A user group. */
export type UserGroup = z.output<typeof UserGroup>;

/** Parameters of `GET /user_groups`. */
export const GetUserGroupsParams = z.object({
  /** Include deactivated groups. @default false */
  include_deactivated_groups: z.optional(z.boolean()),
});

/** Every group of the organization, system groups included, by ascending ID. */
export const GetUserGroupsResponse = successBody({
  user_groups: z.array(UserGroup),
});

/** Initial permission settings of `POST /user_groups/create` (each defaults as on the server). */
const initialSettings = {
  /** Who may add members. @default an anonymous group of the creator */
  can_add_members_group: z.optional(GroupSettingValue),
  /** Who may join. Not `role:everyone`. @default role:nobody */
  can_join_group: z.optional(GroupSettingValue),
  /** Who may leave. @default role:everyone */
  can_leave_group: z.optional(GroupSettingValue),
  /** Who may manage (rename, change settings, add and remove members). @default an anonymous group of the creator */
  can_manage_group: z.optional(GroupSettingValue),
  /** Who may mention the group. @default role:everyone */
  can_mention_group: z.optional(GroupSettingValue),
  /** Who may remove members. @default role:nobody */
  can_remove_members_group: z.optional(GroupSettingValue),
};

/** Parameters of `POST /user_groups/create` (in the order Zulip 10.2 reads them). */
export const CreateUserGroupParams = z.object({
  /** At most 100 characters, not starting with `@`, `role:`, `user:`, `stream:` or `channel:`. */
  name: z.string(),
  /** IDs of the initial members (active users). */
  members: z.array(Id),
  description: z.string(),
  /** IDs of the initial subgroups (active groups). */
  subgroups: z.optional(z.array(Id)),
  ...initialSettings,
});

/** Success body of `POST /user_groups/create`: the new group's ID. */
export const CreateUserGroupResponse = successBody({
  /** The new group's ID (servers before feature level 317 leave it out). */
  group_id: z.optional(Id),
});

/** Parameters of `PATCH /user_groups/{user_group_id}`: only what changes (at least one). */
export const UpdateUserGroupParams = z.object({
  user_group_id: Id,
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  /** `false` reactivates a deactivated group (newer servers). */
  deactivated: z.optional(z.boolean()),
  can_add_members_group: z.optional(GroupSettingUpdate),
  can_join_group: z.optional(GroupSettingUpdate),
  can_leave_group: z.optional(GroupSettingUpdate),
  can_manage_group: z.optional(GroupSettingUpdate),
  can_mention_group: z.optional(GroupSettingUpdate),
  can_remove_members_group: z.optional(GroupSettingUpdate),
});

/** Parameters of `POST /user_groups/{user_group_id}/deactivate`. */
export const DeactivateUserGroupParams = z.object({ user_group_id: Id });

/**
 * Parameters of `POST /user_groups/{user_group_id}/members`: users and subgroups to add and remove
 * (in the order Zulip 10.2 reads them; it makes the additions first).
 */
export const UpdateUserGroupMembersParams = z.object({
  user_group_id: Id,
  delete: z.optional(z.array(Id)),
  add: z.optional(z.array(Id)),
  delete_subgroups: z.optional(z.array(Id)),
  add_subgroups: z.optional(z.array(Id)),
});

/** Parameters of `POST /user_groups/{user_group_id}/subgroups`: subgroups to add and remove (in the order Zulip 10.2 reads them). */
export const UpdateUserGroupSubgroupsParams = z.object({
  user_group_id: Id,
  delete: z.optional(z.array(Id)),
  add: z.optional(z.array(Id)),
});

/** Parameters of `GET /user_groups/{user_group_id}/members`. */
export const GetUserGroupMembersParams = z.object({
  user_group_id: Id,
  /** Only direct members, not those of subgroups. @default false */
  direct_member_only: z.optional(z.boolean()),
});

/** Success body of `GET /user_groups/{user_group_id}/members`: the active members' IDs. */
export const GetUserGroupMembersResponse = successBody({ members: z.array(Id) });

/** Parameters of `GET /user_groups/{user_group_id}/subgroups`. */
export const GetUserGroupSubgroupsParams = z.object({
  user_group_id: Id,
  /** Only direct subgroups. @default false */
  direct_subgroup_only: z.optional(z.boolean()),
});

/** Success body of `GET /user_groups/{user_group_id}/subgroups`. */
export const GetUserGroupSubgroupsResponse = successBody({ subgroups: z.array(Id) });

/** Parameters of `GET /user_groups/{user_group_id}/members/{user_id}`. */
export const GetIsUserGroupMemberParams = z.object({
  user_group_id: Id,
  user_id: Id,
  /** Only direct membership counts. @default false */
  direct_member_only: z.optional(z.boolean()),
});

/** Success body of `GET /user_groups/{user_group_id}/members/{user_id}`. */
export const GetIsUserGroupMemberResponse = successBody({ is_user_group_member: z.boolean() });

/** Success without a payload. */
export const UserGroupChangeResponse = successBody({});
