import { defineEndpoint } from '../contract/endpoint';
import {
  GetRealmPresenceParams,
  GetRealmPresenceResponse,
  GetUserPresenceParams,
  GetUserPresenceResponse,
  UpdatePresenceParams,
  UpdatePresenceResponse,
} from '../schemas/presence';

/** `POST /users/me/presence`: report the caller as active or idle, and read everyone's presence. */
export const updatePresence = defineEndpoint({
  id: 'update-presence',
  method: 'POST',
  path: '/users/me/presence',
  params: UpdatePresenceParams,
  response: UpdatePresenceResponse,
  access: { auth: 'api_key', humansOnly: true },
  retrySafe: true,
  featureLevel: 1,
});

/** `GET /realm/presence`: every recently connected user's presence. */
export const getPresence = defineEndpoint({
  id: 'get-presence',
  method: 'GET',
  path: '/realm/presence',
  params: GetRealmPresenceParams,
  response: GetRealmPresenceResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `GET /users/{user_id_or_email}/presence`: one user's presence. */
export const getUserPresence = defineEndpoint({
  id: 'get-user-presence',
  method: 'GET',
  path: '/users/{user_id_or_email}/presence',
  params: GetUserPresenceParams,
  response: GetUserPresenceResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});
