import * as z from 'zod/mini';
import { defineEndpoint } from '../../../src/contract/endpoint';
import { deactivateRealm } from '../../domain/realm-deactivation';
import type { Implementation } from '../../http/operation';

/** `POST /realm/deactivate`: an owner deactivates the organization. Not in the SDK. */
export const deactivateRealmEndpoint = defineEndpoint({
  id: 'deactivate-realm',
  method: 'POST',
  path: '/realm/deactivate',
  params: z.object({ deletion_delay_days: z.optional(z.nullable(z.int())) }),
  response: z.looseObject({}),
  access: { auth: 'api_key', minRole: 'owner' },
  retrySafe: true,
  featureLevel: 1,
  requires: [{ param: 'deletion_delay_days', since: 332 }],
});

/** The realm deactivated (see {@link deactivateRealm}). */
export const deactivateRealmRoute: Implementation<typeof deactivateRealmEndpoint> = ({ state, params }) => {
  deactivateRealm(state, params.deletion_delay_days);
  return {};
};
