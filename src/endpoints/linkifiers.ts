import { defineEndpoint } from '../contract/endpoint';
import { LINKIFIER_URL_TEMPLATE } from '../contract/requirements';
import {
  AddLinkifierParams,
  AddLinkifierResponse,
  GetLinkifiersParams,
  GetLinkifiersResponse,
  LinkifierChangeResponse,
  RemoveLinkifierParams,
  ReorderLinkifiersParams,
  UpdateLinkifierParams,
} from '../schemas/linkifier';

/** `GET /realm/linkifiers`: the organization's linkifiers, in the order they apply. */
export const getLinkifiers = defineEndpoint({
  id: 'get-linkifiers',
  method: 'GET',
  path: '/realm/linkifiers',
  params: GetLinkifiersParams,
  response: GetLinkifiersResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 54,
  reportsIgnoredParameters: false,
});

/** `POST /realm/filters`: add a linkifier (administrators). */
export const addLinkifier = defineEndpoint({
  id: 'add-linkifier',
  method: 'POST',
  path: '/realm/filters',
  params: AddLinkifierParams,
  response: AddLinkifierResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: false,
  featureLevel: 1,
  requires: LINKIFIER_URL_TEMPLATE,
});

/** `PATCH /realm/filters/{filter_id}`: change a linkifier's pattern and URL template (administrators). */
export const updateLinkifier = defineEndpoint({
  id: 'update-linkifier',
  method: 'PATCH',
  path: '/realm/filters/{filter_id}',
  params: UpdateLinkifierParams,
  response: LinkifierChangeResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: true,
  featureLevel: 57,
  requires: LINKIFIER_URL_TEMPLATE,
});

/** `DELETE /realm/filters/{filter_id}`: remove a linkifier (administrators). */
export const removeLinkifier = defineEndpoint({
  id: 'remove-linkifier',
  method: 'DELETE',
  path: '/realm/filters/{filter_id}',
  params: RemoveLinkifierParams,
  response: LinkifierChangeResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: false,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `PATCH /realm/linkifiers`: put the linkifiers in a new order (administrators). */
export const reorderLinkifiers = defineEndpoint({
  id: 'reorder-linkifiers',
  method: 'PATCH',
  path: '/realm/linkifiers',
  params: ReorderLinkifiersParams,
  response: LinkifierChangeResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: true,
  featureLevel: 202,
});
