import { defineEndpoint } from '../contract/endpoint';
import {
  GetUserStatusParams,
  GetUserStatusResponse,
  UpdateStatusForUserParams,
  UpdateStatusParams,
  UpdateStatusResponse,
} from '../schemas/user-status';

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

/** `POST /users/{user_id}/status`: an administrator sets another user's status (humans only). */
export const updateStatusForUser = defineEndpoint({
  id: 'update-status-for-user',
  method: 'POST',
  path: '/users/{user_id}/status',
  params: UpdateStatusForUserParams,
  response: UpdateStatusResponse,
  access: { auth: 'api_key', humansOnly: true },
  retrySafe: true,
  featureLevel: 407,
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
  reportsIgnoredParameters: false,
});
