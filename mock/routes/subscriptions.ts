import type { subscriptions } from '../../src/endpoints/index';
import { badRequest } from '../domain/errors';
import { updateSubscriptionProperties } from '../domain/subscriptions/properties';
import { listSubscriptions, subscriberMode, subscriptionStatus } from '../domain/subscriptions/read';
import { applySubscribe, planSubscribe, subscribe } from '../domain/subscriptions/subscribe';
import { checkLeaving, unsubscribe } from '../domain/subscriptions/unsubscribe';
import type { Implementation } from '../http/operation';

/** The caller's subscriptions: decode → domain → payload. */
export const subscriptionRoutes = {
  getSubscriptions: ({ state, user, params }) => ({
    subscriptions: listSubscriptions(state, user, subscriberMode(params.include_subscribers)),
  }),
  subscribe: ({ state, user, params }) => subscribe(state, user, params),
  unsubscribe: ({ state, user, params }) => unsubscribe(state, user, params.subscriptions, params.principals),
  updateSubscriptions: ({ state, user, params }) => {
    const { add = [], delete: leave = [], ...options } = params;
    if (!add.length && !leave.length) {
      throw badRequest('Nothing to do. Specify at least one of "add" or "delete".');
    }
    // Both halves always run, as on the server: an empty `add` still refuses guests. The server
    // runs them in one transaction, so a `delete` that fails leaves the `add` undone: its checks
    // run before anything changes (names the `add` half creates or joins cannot fail there).
    // Each half is the server's own view on the same request, so both read `principals`.
    const plan = planSubscribe(state, user, { ...options, subscriptions: add }, { parameter: 'add' });
    const adding = new Set(add.map((request) => request.name.trim().toLowerCase()));
    checkLeaving(state, user, leave.filter((name) => !adding.has(name.trim().toLowerCase())), options.principals);
    const added = applySubscribe(state, user, plan);
    const removed = unsubscribe(state, user, leave, options.principals);
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
