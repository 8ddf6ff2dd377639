import { defineEndpoint } from '../contract/endpoint';
import { NEWER_PROFILE_FIELD_SETTINGS, PARTIAL_PROFILE_FIELD_UPDATE, PRONOUNS_FIELD_TYPE } from '../contract/requirements';
import {
  CreateCustomProfileFieldParams,
  CreateCustomProfileFieldResponse,
  GetCustomProfileFieldsParams,
  GetCustomProfileFieldsResponse,
  ProfileFieldChangeResponse,
  RemoveCustomProfileFieldParams,
  RemoveProfileDataParams,
  ReorderCustomProfileFieldsParams,
  UpdateCustomProfileFieldParams,
  UpdateProfileDataParams,
} from '../schemas/profile-field';

/** `POST /realm/profile_fields`: add a custom profile field (administrators). */
export const createCustomProfileField = defineEndpoint({
  id: 'create-custom-profile-field',
  method: 'POST',
  path: '/realm/profile_fields',
  params: CreateCustomProfileFieldParams,
  response: CreateCustomProfileFieldResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: false,
  featureLevel: 1,
  requires: [PRONOUNS_FIELD_TYPE, ...NEWER_PROFILE_FIELD_SETTINGS],
});

/** `GET /realm/profile_fields`: the organization's custom profile fields. */
export const getCustomProfileFields = defineEndpoint({
  id: 'get-custom-profile-fields',
  method: 'GET',
  path: '/realm/profile_fields',
  params: GetCustomProfileFieldsParams,
  response: GetCustomProfileFieldsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/**
 * `PATCH /realm/profile_fields/{field_id}`: change a field (administrators). Below feature level
 * 252 the server replaced every setting: `name` and `hint` must be given, and an omitted
 * `field_data` is empty, `display_in_profile_summary` and `required` false.
 */
export const updateCustomProfileField = defineEndpoint({
  id: 'update-custom-profile-field',
  method: 'PATCH',
  path: '/realm/profile_fields/{field_id}',
  params: UpdateCustomProfileFieldParams,
  response: ProfileFieldChangeResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: true,
  featureLevel: 1,
  requires: [...PARTIAL_PROFILE_FIELD_UPDATE, ...NEWER_PROFILE_FIELD_SETTINGS],
});

/** `DELETE /realm/profile_fields/{field_id}`: delete a field and every value of it (administrators). */
export const removeCustomProfileField = defineEndpoint({
  id: 'remove-custom-profile-field',
  method: 'DELETE',
  path: '/realm/profile_fields/{field_id}',
  params: RemoveCustomProfileFieldParams,
  response: ProfileFieldChangeResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `PATCH /realm/profile_fields`: put the fields in a new order (administrators). */
export const reorderCustomProfileFields = defineEndpoint({
  id: 'reorder-custom-profile-fields',
  method: 'PATCH',
  path: '/realm/profile_fields',
  params: ReorderCustomProfileFieldsParams,
  response: ProfileFieldChangeResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: true,
  featureLevel: 1,
});

/** `PATCH /users/me/profile_data`: set the caller's own values (humans only). */
export const updateProfileData = defineEndpoint({
  id: 'update-profile-data',
  method: 'PATCH',
  path: '/users/me/profile_data',
  params: UpdateProfileDataParams,
  response: ProfileFieldChangeResponse,
  access: { auth: 'api_key', humansOnly: true },
  retrySafe: true,
  featureLevel: 1,
});

/** `DELETE /users/me/profile_data`: remove the caller's own values of some fields (humans only). */
export const removeProfileData = defineEndpoint({
  id: 'remove-profile-data',
  method: 'DELETE',
  path: '/users/me/profile_data',
  params: RemoveProfileDataParams,
  response: ProfileFieldChangeResponse,
  access: { auth: 'api_key', humansOnly: true },
  retrySafe: true,
  featureLevel: 1,
});
