import type { subscriptions } from '../../src/endpoints/index';
import { badRequest } from '../domain/errors';
import { updateSubscriptionProperties } from '../domain/subscriptions/properties';
import { listSubscriptions, subscriberMode, subscriptionStatus } from '../domain/subscriptions/read';
import { subscribe } from '../domain/subscriptions/subscribe';
import { unsubscribe } from '../domain/subscriptions/unsubscribe';
import type { Implementation } from '../http/operation';

/** The caller's subscriptions: decode → domain → payload. */
export const subscriptionRoutes = {
  getSubscriptions: ({ state, user, params }) => ({
    subscriptions: listSubscriptions(state, user, subscriberMode(params.include_subscribers)),
  }),
  subscribe: ({ state, user, params }) => subscribe(state, user, params),
  unsubscribe: ({ state, user, params }) => unsubscribe(state, user, params.subscriptions, params.principals),
  updateSubscriptions: ({ state, user, params }) => {
    if (!params.add?.length && !params.delete?.length) {
      throw badRequest('Nothing to do. Specify at least one of "add" or "delete".');
    }
    // Both halves always run, as on the server: an empty `add` still refuses guests.
    const added = subscribe(state, user, { subscriptions: params.add ?? [] }, { parameter: 'add' });
    const removed = unsubscribe(state, user, params.delete ?? []);
    return { ...added, ...removed };
  },
  updateSubscriptionSettings: ({ state, user, params }) => {
    updateSubscriptionProperties(state, user, params.subscription_data);
    return {};
  },
  getSubscriptionStatus: ({ state, user, params }) => ({
    is_subscribed: subscriptionStatus(state, user, params.user_id, params.stream_id),
  }),
} satisfies { [Name in keyof typeof subscriptions]: Implementation<(typeof subscriptions)[Name]> };
