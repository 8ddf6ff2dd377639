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
    const added = params.add?.length ? subscribe(state, user, { subscriptions: params.add }) : undefined;
    const removed = params.delete?.length ? unsubscribe(state, user, params.delete) : undefined;
    return {
      subscribed: added?.subscribed ?? {},
      already_subscribed: added?.already_subscribed ?? {},
      removed: removed?.removed ?? [],
      not_removed: removed?.not_removed ?? [],
    };
  },
  updateSubscriptionSettings: ({ state, user, params }) => {
    updateSubscriptionProperties(state, user, params.subscription_data);
    return {};
  },
  getSubscriptionStatus: ({ state, user, params }) => ({
    is_subscribed: subscriptionStatus(state, user, params.user_id, params.stream_id),
  }),
} satisfies { [Name in keyof typeof subscriptions]: Implementation<(typeof subscriptions)[Name]> };
