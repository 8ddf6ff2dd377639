import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import {
  createUserGroup,
  deactivateUserGroup,
  getIsUserGroupMember,
  getUserGroupMembers,
  getUserGroups,
  getUserGroupSubgroups,
  updateUserGroup,
  updateUserGroupMembers,
  updateUserGroupSubgroups,
} from '../endpoints/user-groups';
import type { ApiCall } from '../transport/api-call';
import type { CallOptions } from '../transport/call-options';
import type { EndpointCaller } from './caller';

/**
 * The organization's user groups: `client.userGroups`. Members and administrators use these
 * routes; guests and bots are refused (deactivation excepted, which only needs permission).
 *
 * @example
 * const { user_groups } = await client.userGroups.list();
 */
export class UserGroupsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Every group, the eight system groups (`role:owners`, ..., `role:nobody`) included, by
   * ascending ID (`GET /user_groups`).
   *
   * @example
   * const { user_groups } = await client.userGroups.list();
   * const admins = user_groups.find((group) => group.name === 'role:administrators');
   */
  list(params: EndpointParams<typeof getUserGroups> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getUserGroups>> {
    return this.#call(getUserGroups, params, options);
  }

  /**
   * Creates a group (`POST /user_groups/create`), for those in the realm's `can_create_groups`.
   * Settings not given take the server's defaults: the creator manages the group and may add
   * members, nobody may join, everyone may leave and mention it.
   *
   * @example
   * const { group_id } = await client.userGroups.create({ name: 'support', description: 'First line', members: [hamletId] });
   */
  create(params: EndpointParams<typeof createUserGroup>, options?: CallOptions): ApiCall<EndpointResult<typeof createUserGroup>> {
    return this.#call(createUserGroup, params, options);
  }

  /**
   * Renames a group, changes its description or permission settings (each as `{ new, old? }`),
   * or reactivates it with `deactivated: false` (`PATCH /user_groups/{user_group_id}`). Needs
   * `can_manage_group` of the group or the realm's `can_manage_all_groups`.
   *
   * @example
   * await client.userGroups.update({ user_group_id: groupId, name: 'support-team', can_join_group: { new: membersGroupId } });
   */
  update(params: EndpointParams<typeof updateUserGroup>, options?: CallOptions): ApiCall<EndpointResult<typeof updateUserGroup>> {
    return this.#call(updateUserGroup, params, options);
  }

  /**
   * Deactivates a group (`POST /user_groups/{user_group_id}/deactivate`). A group still used as a
   * subgroup or in a setting is refused with `CANNOT_DEACTIVATE_GROUP_IN_USE` and the `objections`.
   *
   * @example
   * await client.userGroups.deactivate({ user_group_id: groupId });
   */
  deactivate(params: EndpointParams<typeof deactivateUserGroup>, options?: CallOptions): ApiCall<EndpointResult<typeof deactivateUserGroup>> {
    return this.#call(deactivateUserGroup, params, options);
  }

  /**
   * Adds and removes members and subgroups in one step (`POST /user_groups/{user_group_id}/members`):
   * nothing changes unless every part is allowed. Users join and leave by the group's
   * `can_join_group` and `can_leave_group`.
   *
   * @example
   * await client.userGroups.updateMembers({ user_group_id: groupId, add: [othelloId], delete: [hamletId] });
   */
  updateMembers(params: EndpointParams<typeof updateUserGroupMembers>, options?: CallOptions): ApiCall<EndpointResult<typeof updateUserGroupMembers>> {
    return this.#call(updateUserGroupMembers, params, options);
  }

  /**
   * The group's active members, through subgroups too unless `direct_member_only`
   * (`GET /user_groups/{user_group_id}/members`).
   *
   * @example
   * const { members } = await client.userGroups.members({ user_group_id: groupId });
   */
  members(params: EndpointParams<typeof getUserGroupMembers>, options?: CallOptions): ApiCall<EndpointResult<typeof getUserGroupMembers>> {
    return this.#call(getUserGroupMembers, params, options);
  }

  /**
   * Adds and removes subgroups (`POST /user_groups/{user_group_id}/subgroups`); a subgroup that
   * would contain the group itself is refused.
   *
   * @example
   * await client.userGroups.updateSubgroups({ user_group_id: groupId, add: [otherGroupId] });
   */
  updateSubgroups(params: EndpointParams<typeof updateUserGroupSubgroups>, options?: CallOptions): ApiCall<EndpointResult<typeof updateUserGroupSubgroups>> {
    return this.#call(updateUserGroupSubgroups, params, options);
  }

  /**
   * The group's subgroups, recursively unless `direct_subgroup_only`
   * (`GET /user_groups/{user_group_id}/subgroups`).
   *
   * @example
   * const { subgroups } = await client.userGroups.subgroups({ user_group_id: groupId, direct_subgroup_only: true });
   */
  subgroups(params: EndpointParams<typeof getUserGroupSubgroups>, options?: CallOptions): ApiCall<EndpointResult<typeof getUserGroupSubgroups>> {
    return this.#call(getUserGroupSubgroups, params, options);
  }

  /**
   * Whether a user is in the group, through subgroups too unless `direct_member_only`
   * (`GET /user_groups/{user_group_id}/members/{user_id}`).
   *
   * @example
   * const { is_user_group_member } = await client.userGroups.isMember({ user_group_id: groupId, user_id: hamletId });
   */
  isMember(params: EndpointParams<typeof getIsUserGroupMember>, options?: CallOptions): ApiCall<EndpointResult<typeof getIsUserGroupMember>> {
    return this.#call(getIsUserGroupMember, params, options);
  }
}
