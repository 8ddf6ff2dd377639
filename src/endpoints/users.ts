import { defineEndpoint } from '../contract/endpoint';
import { USER_ROLE_LEVELS } from '../contract/requirements';
import {
  CreateUserParams,
  CreateUserResponse,
  DeactivateOwnUserParams,
  DeactivateUserParams,
  EmptyUserResponse,
  GetOwnUserParams,
  GetOwnUserResponse,
  GetUserByEmailParams,
  GetUserParams,
  GetUserResponse,
  GetUsersParams,
  GetUsersResponse,
  ReactivateUserParams,
  UpdateUserByEmailParams,
  UpdateUserParams,
} from '../schemas/user';

// `/users/me` is declared before `/users/{email}`, which would otherwise take "me" as an address.

/** `GET /users/me`: the caller's own user object. */
export const getOwnUser = defineEndpoint({
  id: 'get-own-user',
  method: 'GET',
  path: '/users/me',
  params: GetOwnUserParams,
  response: GetOwnUserResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `DELETE /users/me`: deactivates the caller's own account. */
export const deactivateOwnUser = defineEndpoint({
  id: 'deactivate-own-user',
  method: 'DELETE',
  path: '/users/me',
  params: DeactivateOwnUserParams,
  response: EmptyUserResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `GET /users`: every user of the organization. */
export const getUsers = defineEndpoint({
  id: 'get-users',
  method: 'GET',
  path: '/users',
  params: GetUsersParams,
  response: GetUsersResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  // `user_ids` is new in level 384; an older server ignores it and answers every user.
  requires: [{ param: 'user_ids', since: 384 }],
});

/** `GET /users/{user_id}`: one user. */
export const getUser = defineEndpoint({
  id: 'get-user',
  method: 'GET',
  path: '/users/{user_id}',
  params: GetUserParams,
  response: GetUserResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/** `GET /users/{email}`: one user, by real or placeholder address. */
export const getUserByEmail = defineEndpoint({
  id: 'get-user-by-email',
  method: 'GET',
  path: '/users/{email}',
  params: GetUserByEmailParams,
  response: GetUserResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 39,
});

/** `POST /users`: creates a user (administrators with `can_create_users`). */
export const createUser = defineEndpoint({
  id: 'create-user',
  method: 'POST',
  path: '/users',
  params: CreateUserParams,
  response: CreateUserResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: false,
  featureLevel: 1,
});

/** `PATCH /users/{user_id}`: changes a user's name, role or address. */
export const updateUser = defineEndpoint({
  id: 'update-user',
  method: 'PATCH',
  path: '/users/{user_id}',
  params: UpdateUserParams,
  response: EmptyUserResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  requires: USER_ROLE_LEVELS,
});

/** `PATCH /users/{email}`: the same, the user found by address. */
export const updateUserByEmail = defineEndpoint({
  id: 'update-user-by-email',
  method: 'PATCH',
  path: '/users/{email}',
  params: UpdateUserByEmailParams,
  response: EmptyUserResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 313,
});

/**
 * `DELETE /users/{user_id}`: deactivates a user (and the bots they own). Administrators only; the
 * server looks the target up first (`access_user_by_id`), so others get `Insufficient permission`.
 */
export const deactivateUser = defineEndpoint({
  id: 'deactivate-user',
  method: 'DELETE',
  path: '/users/{user_id}',
  params: DeactivateUserParams,
  response: EmptyUserResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
  requires: [{ param: 'deactivation_notification_comment', since: 135 }],
});

/**
 * `POST /users/{user_id}/reactivate`: reactivates a deactivated user, or a bot (by an
 * administrator or its owner, who must still be allowed to create such a bot).
 */
export const reactivateUser = defineEndpoint({
  id: 'reactivate-user',
  method: 'POST',
  path: '/users/{user_id}/reactivate',
  params: ReactivateUserParams,
  response: EmptyUserResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});
