import * as z from 'zod/mini';
import { defineEndpoint } from '../../../src/contract/endpoint';
import { checkGlobalCompatibility } from '../../domain/compatibility';
import type { Implementation } from '../../http/operation';

/**
 * `GET /compatibility`, at the site's root (not below `/api/v1`): the check the mobile apps make
 * first, without credentials, whether the server still serves them. A plain view that reads no
 * parameter and takes every method Django's CSRF check lets through. Not in the reference OpenAPI
 * file, so not in the SDK.
 */
export const checkCompatibility = defineEndpoint({
  id: 'check-compatibility',
  method: 'GET',
  path: '/compatibility',
  params: z.object({}),
  response: z.looseObject({}),
  access: { auth: 'none' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
  plainView: 'csrf-checked',
  siteRoot: true,
});

/** Success (`{result, msg}` only), or the server's refusal; see {@link checkGlobalCompatibility}. */
export const checkCompatibilityRoute: Implementation<typeof checkCompatibility> = ({ request }) => {
  checkGlobalCompatibility(request.headers.get('user-agent'));
  return {};
};
