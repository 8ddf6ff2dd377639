import { defineEndpoint } from '../contract/endpoint';
import {
  CAN_SEND_MESSAGE_GROUP,
  INCLUDE_PARTIAL_SUBSCRIBERS,
  NEWER_CHANNEL_PERMISSIONS,
  NEWER_CHANNEL_SETTINGS,
  REMOVE_SUBSCRIBERS_GROUP_VALUE_FORMS,
  RENAMED_REMOVE_SUBSCRIBERS_GROUP,
} from '../contract/requirements';
import {
  GetSubscriptionStatusParams,
  GetSubscriptionStatusResponse,
  GetSubscriptionsParams,
  GetSubscriptionsResponse,
  SubscribeParams,
  SubscribeResponse,
  UnsubscribeParams,
  UnsubscribeResponse,
  UpdateSubscriptionSettingsParams,
  UpdateSubscriptionSettingsResponse,
  UpdateSubscriptionsParams,
  UpdateSubscriptionsResponse,
} from '../schemas/channel';

/** `GET /users/me/subscriptions`: the channels the caller is subscribed to. */
export const getSubscriptions = defineEndpoint({
  id: 'get-subscriptions',
  method: 'GET',
  path: '/users/me/subscriptions',
  params: GetSubscriptionsParams,
  response: GetSubscriptionsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  requires: [INCLUDE_PARTIAL_SUBSCRIBERS],
});

/** How the options of a subscribe request are read, on `POST` and `PATCH` alike. */
const SUBSCRIBE_OPTION_RULES = {
  // The server reads these as JSON (`Json[str] | Json[int]`, `Json[TopicsPolicy]`): `"unlimited"`, not `unlimited`.
  jsonStrings: ['message_retention_days', 'topics_policy'],
  requires: [
    CAN_SEND_MESSAGE_GROUP,
    ...NEWER_CHANNEL_SETTINGS,
    ...NEWER_CHANNEL_PERMISSIONS,
    ...REMOVE_SUBSCRIBERS_GROUP_VALUE_FORMS,
    ...RENAMED_REMOVE_SUBSCRIBERS_GROUP,
    // Choosing whether new subscribers are told is new in level 397; older servers ignore it.
    // Channel folders are new in level 389; older servers ignore `folder_id`.
    { param: 'folder_id', since: 389 },
    { param: 'send_new_subscription_messages', since: 397 },
  ],
} as const;

/** `POST /users/me/subscriptions`: subscribe the caller or others, creating channels as needed. */
export const subscribe = defineEndpoint({
  id: 'subscribe',
  method: 'POST',
  path: '/users/me/subscriptions',
  params: SubscribeParams,
  response: SubscribeResponse,
  access: { auth: 'api_key', nonGuestsOnly: true },
  retrySafe: true,
  featureLevel: 1,
  ...SUBSCRIBE_OPTION_RULES,
});

/** `DELETE /users/me/subscriptions`: unsubscribe the caller or others. */
export const unsubscribe = defineEndpoint({
  id: 'unsubscribe',
  method: 'DELETE',
  path: '/users/me/subscriptions',
  params: UnsubscribeParams,
  response: UnsubscribeResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/** `PATCH /users/me/subscriptions`: subscribe to and unsubscribe from channels in one call. */
export const updateSubscriptions = defineEndpoint({
  id: 'update-subscriptions',
  method: 'PATCH',
  path: '/users/me/subscriptions',
  params: UpdateSubscriptionsParams,
  response: UpdateSubscriptionsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  ...SUBSCRIBE_OPTION_RULES,
});

/** `POST /users/me/subscriptions/properties`: change personal settings of subscriptions. */
export const updateSubscriptionSettings = defineEndpoint({
  id: 'update-subscription-settings',
  method: 'POST',
  path: '/users/me/subscriptions/properties',
  params: UpdateSubscriptionSettingsParams,
  response: UpdateSubscriptionSettingsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/** `GET /users/{user_id}/subscriptions/{stream_id}`: whether a user is subscribed to a channel. */
export const getSubscriptionStatus = defineEndpoint({
  id: 'get-subscription-status',
  method: 'GET',
  path: '/users/{user_id}/subscriptions/{stream_id}',
  params: GetSubscriptionStatusParams,
  response: GetSubscriptionStatusResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 12,
});
