import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import {
  getSubscriptionStatus,
  getSubscriptions,
  subscribe,
  unsubscribe,
  updateSubscriptionSettings,
  updateSubscriptions,
} from '../endpoints/subscriptions';
import type { EndpointCaller } from './caller';

/**
 * The caller's channel subscriptions and their personal settings: `client.subscriptions`.
 *
 * @example
 * await client.subscriptions.add({ subscriptions: [{ name: 'design' }] });
 */
export class SubscriptionsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Lists the channels the caller is subscribed to, by name (`GET /users/me/subscriptions`).
   * `include_subscribers: true` adds each channel's `subscribers`; `'partial'` gives channels of
   * 250 or more subscribers `partial_subscribers` (bots and users active in the last 14 days) instead.
   *
   * @example
   * const { subscriptions } = await client.subscriptions.list({ include_subscribers: true });
   */
  list(params: EndpointParams<typeof getSubscriptions> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getSubscriptions>> {
    return this.#call(getSubscriptions, params, options);
  }

  /**
   * Subscribes the caller, or the users in `principals`, to channels (`POST /users/me/subscriptions`);
   * channels that do not exist are created with the given settings if the caller may create them.
   * The answer lists, per user ID, the channels newly subscribed and those already subscribed.
   *
   * @example
   * const { subscribed } = await client.subscriptions.add({
   *   subscriptions: [{ name: 'design', description: 'UI work' }],
   *   principals: [othelloId],
   *   invite_only: true,
   * });
   */
  add(params: EndpointParams<typeof subscribe>, options?: CallOptions): ApiCall<EndpointResult<typeof subscribe>> {
    return this.#call(subscribe, params, options);
  }

  /**
   * Unsubscribes the caller, or the users in `principals`, from channels by name
   * (`DELETE /users/me/subscriptions`).
   *
   * @example
   * const { removed, not_removed } = await client.subscriptions.remove({ subscriptions: ['Denmark'] });
   */
  remove(params: EndpointParams<typeof unsubscribe>, options?: CallOptions): ApiCall<EndpointResult<typeof unsubscribe>> {
    return this.#call(unsubscribe, params, options);
  }

  /**
   * Subscribes the caller to some channels and unsubscribes them from others in one call
   * (`PATCH /users/me/subscriptions`).
   *
   * @example
   * await client.subscriptions.update({ add: [{ name: 'Scotland' }], delete: ['Denmark'] });
   */
  update(params: EndpointParams<typeof updateSubscriptions>, options?: CallOptions): ApiCall<EndpointResult<typeof updateSubscriptions>> {
    return this.#call(updateSubscriptions, params, options);
  }

  /**
   * Changes personal settings of the caller's subscriptions (`POST /users/me/subscriptions/properties`):
   * `color`, `is_muted` (or the deprecated `in_home_view`, its inverse), `pin_to_top` and the
   * notification settings.
   *
   * @example
   * await client.subscriptions.updateSettings({
   *   subscription_data: [{ stream_id: channelId, property: 'is_muted', value: true }],
   * });
   */
  updateSettings(params: EndpointParams<typeof updateSubscriptionSettings>, options?: CallOptions): ApiCall<EndpointResult<typeof updateSubscriptionSettings>> {
    return this.#call(updateSubscriptionSettings, params, options);
  }

  /**
   * Whether a user is subscribed to a channel (`GET /users/{user_id}/subscriptions/{stream_id}`).
   *
   * @example
   * const { is_subscribed } = await client.subscriptions.status({ user_id: userId, stream_id: channelId });
   */
  status(params: EndpointParams<typeof getSubscriptionStatus>, options?: CallOptions): ApiCall<EndpointResult<typeof getSubscriptionStatus>> {
    return this.#call(getSubscriptionStatus, params, options);
  }
}
