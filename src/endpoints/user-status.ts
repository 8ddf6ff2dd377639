import { defineEndpoint } from '../contract/endpoint';
import { GetUserStatusParams, GetUserStatusResponse, UpdateStatusParams, UpdateStatusResponse } from '../schemas/user-status';

/** `POST /users/me/status`: set the caller's status text and emoji (humans only). */
export const updateStatus = defineEndpoint({
  id: 'update-status',
  method: 'POST',
  path: '/users/me/status',
  params: UpdateStatusParams,
  response: UpdateStatusResponse,
  access: { auth: 'api_key', humansOnly: true },
  retrySafe: true,
  featureLevel: 1,
});

/** `GET /users/{user_id}/status`: a user's status. */
export const getUserStatus = defineEndpoint({
  id: 'get-user-status',
  method: 'GET',
  path: '/users/{user_id}/status',
  params: GetUserStatusParams,
  response: GetUserStatusResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 262,
});
