import { defineEndpoint } from '../contract/endpoint';
import { INCLUDE_DEACTIVATED_GROUPS } from '../contract/requirements';
import { GetUserGroupsParams, GetUserGroupsResponse } from '../schemas/user-group';

/** `GET /user_groups`: every group of the organization (not for guests). */
export const getUserGroups = defineEndpoint({
  id: 'get-user-groups',
  method: 'GET',
  path: '/user_groups',
  params: GetUserGroupsParams,
  response: GetUserGroupsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  requires: [INCLUDE_DEACTIVATED_GROUPS],
});
