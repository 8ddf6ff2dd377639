import type { users } from '../../src/endpoints/index';
import { createUser } from '../domain/accounts/create';
import { deactivateOwnUser, deactivateUser, reactivateUser } from '../domain/accounts/deactivate';
import { userByEmailOrFail, userByIdOrFail } from '../domain/accounts/lookup';
import { accessibleUser, listUsers, ownUser } from '../domain/accounts/read';
import { BY_EMAIL, checkRoleValue, updateUser } from '../domain/accounts/update';
import { userObject } from '../domain/accounts/user-object';
import type { Implementation } from '../http/operation';

function viewOptions(params: { client_gravatar?: boolean | undefined; include_custom_profile_fields?: boolean | undefined }) {
  return { clientGravatar: params.client_gravatar ?? true, includeCustomProfileFields: params.include_custom_profile_fields ?? false };
}

/** Users: read, create, change, deactivate and reactivate: decode → domain → payload. */
export const userRoutes = {
  getOwnUser: ({ state, user }) => ownUser(state, user),
  deactivateOwnUser: ({ state, user }) => {
    deactivateOwnUser(state, user);
    return {};
  },
  getUsers: ({ state, user, params }) => ({ members: listUsers(state, user, params.user_ids, viewOptions(params)) }),
  getUser: ({ state, user, params }) => ({
    user: userObject(state, user, accessibleUser(state, user, userByIdOrFail(state, params.user_id)), viewOptions(params)),
  }),
  getUserByEmail: ({ state, user, params }) => ({
    user: userObject(state, user, accessibleUser(state, user, userByEmailOrFail(state, user, params.email)), viewOptions(params)),
  }),
  createUser: ({ state, user, params }) => ({ user_id: createUser(state, user, params) }),
  // The server refuses a role outside its list while parsing the parameters, before any lookup.
  updateUser: ({ state, user, params }) => {
    checkRoleValue(params.role);
    updateUser(state, user, userByIdOrFail(state, params.user_id), params);
    return {};
  },
  updateUserByEmail: ({ state, user, params }) => {
    checkRoleValue(params.role);
    updateUser(state, user, userByEmailOrFail(state, user, params.email), params, BY_EMAIL);
    return {};
  },
  deactivateUser: ({ state, user, params }) => {
    deactivateUser(state, user, userByIdOrFail(state, params.user_id));
    return {};
  },
  reactivateUser: ({ state, user, params }) => {
    reactivateUser(state, user, userByIdOrFail(state, params.user_id));
    return {};
  },
} satisfies { [Name in keyof typeof users]: Implementation<(typeof users)[Name]> };
