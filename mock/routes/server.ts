import type { server } from '../../src/endpoints/index';
import { devFetchApiKey, devListUsers, fetchApiKey } from '../domain/logins';
import { serverSettings } from '../domain/server-settings';
import type { Implementation } from '../http/operation';

/** Unauthenticated operations: server settings and obtaining API keys. */
export const serverRoutes = {
  getServerSettings: ({ state, request }) => serverSettings(state, request.headers.get('user-agent')),
  fetchApiKey: ({ state, params, rateLimits }) => fetchApiKey(state, params.username, params.password, rateLimits),
  devFetchApiKey: ({ state, params }) => devFetchApiKey(state, params.username),
  devListUsers: ({ state }) => devListUsers(state),
} satisfies { [Name in keyof typeof server]: Implementation<(typeof server)[Name]> };
