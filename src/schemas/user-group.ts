import * as z from 'zod/mini';
import { Id, successBody } from './common';
import { GroupSettingValue } from './group-setting';

/** A user group: a named set of users and subgroups, with who may change or use it. */
export const UserGroup = z.looseObject({
  id: Id,
  name: z.string(),
  description: z.string(),
  /** UNIX seconds; null when not recorded (system groups). */
  date_created: z.nullable(z.int()),
  creator_id: z.nullable(Id),
  /** Direct members that are active users, ascending. */
  members: z.array(Id),
  direct_subgroup_ids: z.array(Id),
  is_system_group: z.boolean(),
  deactivated: z.boolean(),
  can_add_members_group: GroupSettingValue,
  can_join_group: GroupSettingValue,
  can_leave_group: GroupSettingValue,
  can_manage_group: GroupSettingValue,
  can_mention_group: GroupSettingValue,
  can_remove_members_group: GroupSettingValue,
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
