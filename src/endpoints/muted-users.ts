import { defineEndpoint } from '../contract/endpoint';
import { MuteUserParams, MuteUserResponse } from '../schemas/muted-users';

/** `POST /users/me/muted_users/{muted_user_id}`: mute a user. */
export const muteUser = defineEndpoint({
  id: 'mute-user',
  method: 'POST',
  path: '/users/me/muted_users/{muted_user_id}',
  params: MuteUserParams,
  response: MuteUserResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 48,
  reportsIgnoredParameters: false,
});

/** `DELETE /users/me/muted_users/{muted_user_id}`: unmute a user. */
export const unmuteUser = defineEndpoint({
  id: 'unmute-user',
  method: 'DELETE',
  path: '/users/me/muted_users/{muted_user_id}',
  params: MuteUserParams,
  response: MuteUserResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 48,
  reportsIgnoredParameters: false,
});
