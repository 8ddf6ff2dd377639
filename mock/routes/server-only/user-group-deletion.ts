import * as z from 'zod/mini';
import { defineEndpoint } from '../../../src/contract/endpoint';
import { Id } from '../../../src/schemas/common';
import { deleteUserGroup } from '../../domain/user-groups/lifecycle';
import type { Implementation } from '../../http/operation';

/**
 * `DELETE /user_groups/{user_group_id}`: deletes a user group, on servers below feature level 294
 * (the reference Python client's `remove_user_group`); from 294 groups are deactivated instead.
 * Guests and bots refused first (`require_member_or_admin`). Not in the SDK.
 */
export const deleteUserGroupEndpoint = defineEndpoint({
  id: 'delete-user-group',
  method: 'DELETE',
  path: '/user_groups/{user_group_id}',
  params: z.object({ user_group_id: Id }),
  response: z.looseObject({}),
  access: { auth: 'api_key', membersOnly: true },
  retrySafe: false,
  featureLevel: 1,
});

/** Deletes the group as the caller (the checks and events are `deleteUserGroup`'s); an empty success. */
export const deleteUserGroupRoute: Implementation<typeof deleteUserGroupEndpoint> = ({ state, user, params }) => {
  deleteUserGroup(state, user, params.user_group_id);
  return {};
};
