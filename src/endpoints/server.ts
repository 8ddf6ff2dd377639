import { defineEndpoint } from '../contract/endpoint';
import {
  ApiKeyResponse,
  DevFetchApiKeyParams,
  DevListUsersParams,
  DevListUsersResponse,
  FetchApiKeyParams,
  ServerSettingsParams,
  ServerSettingsResponse,
} from '../schemas/server';

/** `GET /server_settings`: server version, feature level and login options. No credentials. */
export const getServerSettings = defineEndpoint({
  id: 'get-server-settings',
  method: 'GET',
  path: '/server_settings',
  params: ServerSettingsParams,
  response: ServerSettingsResponse,
  access: { auth: 'none' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
  plainView: 'safe',
});

/** `POST /fetch_api_key`: exchange a username and password for an API key. */
export const fetchApiKey = defineEndpoint({
  id: 'fetch-api-key',
  method: 'POST',
  path: '/fetch_api_key',
  params: FetchApiKeyParams,
  response: ApiKeyResponse,
  access: { auth: 'none' },
  retrySafe: true,
  featureLevel: 1,
  plainView: 'post',
  rateLimit: 'login',
});

/** `POST /dev_fetch_api_key`: a user's API key without a password (development servers). */
export const devFetchApiKey = defineEndpoint({
  id: 'dev-fetch-api-key',
  method: 'POST',
  path: '/dev_fetch_api_key',
  params: DevFetchApiKeyParams,
  response: ApiKeyResponse,
  access: { auth: 'none' },
  retrySafe: true,
  featureLevel: 1,
  plainView: 'post',
});

/** `GET /dev_list_users`: the users offered for development login. */
export const devListUsers = defineEndpoint({
  id: 'dev-list-users',
  method: 'GET',
  path: '/dev_list_users',
  params: DevListUsersParams,
  response: DevListUsersResponse,
  access: { auth: 'none' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
  plainView: 'any',
});
