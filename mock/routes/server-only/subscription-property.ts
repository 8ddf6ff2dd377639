import * as z from 'zod/mini';
import { defineEndpoint } from '../../../src/contract/endpoint';
import { Id } from '../../../src/schemas/common';
import { badRequest } from '../../domain/errors';
import { HEX_COLOR, updateSubscriptionProperties } from '../../domain/subscriptions/properties';
import type { Implementation } from '../../http/operation';

/**
 * `PATCH /users/me/subscriptions/{stream_id}`: the legacy form of
 * `POST /users/me/subscriptions/properties` for one `property` of one subscription (the
 * server's `update_subscriptions_property`). Not in the SDK.
 */
export const updateSubscriptionProperty = defineEndpoint({
  id: 'update-subscription-property',
  method: 'PATCH',
  path: '/users/me/subscriptions/{stream_id}',
  // `value` is read as the server's `Json[bool] | str` (left to right): JSON `true`/`false`, else the text.
  params: z.object({ stream_id: Id, property: z.string(), value: z.string() }),
  response: z.looseObject({}),
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/** The boolean the text is as strict JSON, else the text itself. */
function jsonBooleanOrText(text: string): boolean | string {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'boolean' ? value : text;
  } catch {
    return text;
  }
}

/**
 * The change checked and made as the bulk operation makes one. A colour that is no hex code (or a
 * boolean) makes the server's request model raise a pydantic error its view does not catch (HTTP
 * 500); the mock words it as the bulk operation's check does.
 */
export const updateSubscriptionPropertyRoute: Implementation<typeof updateSubscriptionProperty> = ({ state, user, params }) => {
  const value = jsonBooleanOrText(params.value);
  if (params.property === 'color' && (typeof value !== 'string' || !HEX_COLOR.test(value))) {
    throw badRequest('color is not a valid hex color code');
  }
  updateSubscriptionProperties(state, user, [{ stream_id: params.stream_id, property: params.property, value }]);
  return {};
};
