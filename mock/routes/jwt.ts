import * as z from 'zod/mini';
import { defineEndpoint } from '../../src/contract/endpoint';
import { badRequest } from '../domain/errors';
import type { Implementation } from '../http/operation';

/**
 * `POST /jwt/fetch_api_key`: an API key for the email of a JSON web token signed with the
 * organization's key. The mock has no such key, as a server without `JWT_AUTH_KEYS` for the
 * realm: its parameters are read, then JWT authentication is not enabled. Not in the SDK.
 */
export const jwtFetchApiKey = defineEndpoint({
  id: 'jwt-fetch-api-key',
  method: 'POST',
  path: '/jwt/fetch_api_key',
  params: z.object({ include_profile: z.optional(z.boolean()), token: z.optional(z.string()) }),
  response: z.looseObject({}),
  access: { auth: 'none' },
  retrySafe: true,
  featureLevel: 1,
  plainView: 'post',
});

/** The mock's answer to every well-formed request of {@link jwtFetchApiKey}. */
export const jwtFetchApiKeyRoute: Implementation<typeof jwtFetchApiKey> = () => {
  throw badRequest('JWT authentication is not enabled for this organization');
};
