import { defineEndpoint } from '../contract/endpoint';
import {
  CreateCustomProfileFieldParams,
  CreateCustomProfileFieldResponse,
  GetCustomProfileFieldsParams,
  GetCustomProfileFieldsResponse,
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
});
