import * as z from 'zod/mini';
import { rawParam } from '../contract/wire';
import { Id, successBody } from './common';
import { GroupSettingUpdate, GroupSettingValue } from './group-setting';

/** How a channel treats the empty topic ("general chat"); `inherit` follows the organization. */
export const TopicsPolicy = z.enum(['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only']);

/** A channel's settings as `GET /streams`, the `stream` state and `stream` events describe them. */
export const BasicChannel = z.looseObject({
  stream_id: Id,
  name: z.string(),
  /** From feature level 315; older servers list no archived channels. */
  is_archived: z.optional(z.boolean()),
  /** Markdown source. */
  description: z.string(),
  /** The description as HTML. */
  rendered_description: z.string(),
  /** UNIX seconds. */
  date_created: z.int(),
  /** From feature level 254. */
  creator_id: z.optional(z.nullable(Id)),
  /** True for a private channel. */
  invite_only: z.boolean(),
  is_web_public: z.boolean(),
  /**
   * Deprecated: 1 anyone, 2 administrators, 3 full members, 4 moderators (from `can_send_message_group`).
   * Optional because the server documents it for removal, so a newer server may leave it out.
   */
  stream_post_policy: z.optional(z.int()),
  /** Deprecated (documented for removal): `stream_post_policy` is 2. */
  is_announcement_only: z.optional(z.boolean()),
  /** Null inherits the organization's setting; -1 keeps messages forever. */
  message_retention_days: z.nullable(z.int()),
  history_public_to_subscribers: z.boolean(),
  /** Null for a channel without messages. */
  first_message_id: z.nullable(Id),
  folder_id: z.optional(z.nullable(Id)),
  topics_policy: z.optional(z.string()),
  /** From feature level 323. */
  is_recently_active: z.optional(z.boolean()),
  /** Average messages per week; null for channels younger than a week. From feature level 199. */
  stream_weekly_traffic: z.optional(z.nullable(z.int())),
  /**
   * Active users subscribed, as the server last counted them. From feature level 394. Events do not
   * keep it current (the server's own state reducer leaves it as it was): refetch for a fresh count.
   */
  subscriber_count: z.optional(z.int()),
  /** From feature level 342. */
  can_add_subscribers_group: z.optional(GroupSettingValue),
  /** From feature level 197 (`can_remove_subscribers_group_id` before). */
  can_remove_subscribers_group: z.optional(GroupSettingValue),
  /** Before feature level 197: the ID of the group that may remove subscribers. */
  can_remove_subscribers_group_id: z.optional(Id),
  /** From feature level 325. */
  can_administer_channel_group: z.optional(GroupSettingValue),
  /** From feature level 333 (`stream_post_policy` before). */
  can_send_message_group: z.optional(GroupSettingValue),
  /** From feature level 357. */
  can_subscribe_group: z.optional(GroupSettingValue),
  /** Who may delete any message in the channel. From feature level 407. */
  can_delete_any_message_group: z.optional(GroupSettingValue),
  /** Who may delete their own messages in the channel. From feature level 407. */
  can_delete_own_message_group: z.optional(GroupSettingValue),
  /** Who may move messages out of the channel. From feature level 396. */
  can_move_messages_out_of_channel_group: z.optional(GroupSettingValue),
  /** Who may move messages between the channel's topics. From feature level 396. */
  can_move_messages_within_channel_group: z.optional(GroupSettingValue),
  /** Who may resolve the channel's topics. From feature level 402. */
  can_resolve_topics_group: z.optional(GroupSettingValue),
});

/** A channel's settings. */
export type BasicChannel = z.infer<typeof BasicChannel>;

/** A channel one is (or was) subscribed to, with one's personal settings for it. */
export const Subscription = z.looseObject({
  ...BasicChannel.def.shape,
  /** With `include_subscribers`: the IDs of the active subscribers. */
  subscribers: z.optional(z.array(Id)),
  /** With `include_subscribers=partial`, for large channels: bots and recently active subscribers. */
  partial_subscribers: z.optional(z.array(Id)),
  /** A hex colour such as `#76ce90`. */
  color: z.string(),
  is_muted: z.boolean(),
  /** Deprecated: the inverse of `is_muted`. */
  in_home_view: z.boolean(),
  pin_to_top: z.boolean(),
  /**
   * Null inherits the user's setting (as do the other notification settings). In the register
   * state of a client without the `notification_settings_null` capability, the server fills the
   * four inherited notification settings (not `wildcard_mentions_notify`) with the user's
   * `enable_stream_*` values.
   */
  desktop_notifications: z.nullable(z.boolean()),
  email_notifications: z.nullable(z.boolean()),
  push_notifications: z.nullable(z.boolean()),
  audible_notifications: z.nullable(z.boolean()),
  wildcard_mentions_notify: z.nullable(z.boolean()),
});

/** A subscription. */
export type Subscription = z.infer<typeof Subscription>;

/** A channel the user never subscribed to, as the `never_subscribed` state lists it. */
export const NeverSubscribedChannel = z.looseObject({
  ...BasicChannel.def.shape,
  subscribers: z.optional(z.array(Id)),
  partial_subscribers: z.optional(z.array(Id)),
});

/**
 * A default channel as the server names it: its ID, or (before feature level 330) the whole
 * channel, of which the ID is what a client needs.
 */
export const DefaultChannelRef = z.union([Id, z.looseObject({ stream_id: Id })]);

/** A default channel group: channels offered together to new users (experimental on the server). */
export const DefaultChannelGroup = z.looseObject({
  id: Id,
  name: z.string(),
  description: z.string(),
  /** Its channels' IDs (objects before feature level 330). */
  streams: z.array(DefaultChannelRef),
});
/** A default channel group (`realm_default_stream_groups`). */
export type DefaultChannelGroup = z.output<typeof DefaultChannelGroup>;

/** Parameters of `GET /users/me/subscriptions`. */
export const GetSubscriptionsParams = z.object({
  /** `true`: every subscription lists its `subscribers`; `partial`: large channels list `partial_subscribers`. */
  include_subscribers: rawParam(z.optional(z.union([z.boolean(), z.enum(['true', 'false', 'partial'])]))),
});

/** Success body of `GET /users/me/subscriptions`. */
export const GetSubscriptionsResponse = successBody({ subscriptions: z.array(Subscription) });

/** A channel to subscribe to (created when it does not exist and the caller may create it). */
export const SubscriptionRequest = z.looseObject({
  name: z.string(),
  /** The subscribers' colour for it, `#rgb` or `#rrggbb`. */
  color: z.optional(z.string()),
  /** The description of a channel this creates. */
  description: z.optional(z.string()),
});

/** `principals`: users by email or by ID. */
export const Principals = z.union([z.array(z.string()), z.array(Id)]);

/**
 * A channel's `message_retention_days` in a request: `realm_default`, `unlimited` or a number of
 * days, sent as JSON (`"unlimited"`, `30`), as the server reads it.
 */
export const ChannelRetentionDays = z.union([z.int(), z.string()]);

/** The settings of channels a subscribe request creates. */
const NewChannelSettings = {
  invite_only: z.optional(z.boolean()),
  is_web_public: z.optional(z.boolean()),
  is_default_stream: z.optional(z.boolean()),
  history_public_to_subscribers: z.optional(z.boolean()),
  /** `realm_default`, `unlimited` or a number of days (owners only). */
  message_retention_days: z.optional(ChannelRetentionDays),
  topics_policy: z.optional(TopicsPolicy),
  /** The new channels' folder (feature level 389); unlike on update, null is refused. */
  folder_id: z.optional(Id),
  can_add_subscribers_group: z.optional(GroupSettingValue),
  can_remove_subscribers_group: z.optional(GroupSettingValue),
  can_administer_channel_group: z.optional(GroupSettingValue),
  can_send_message_group: z.optional(GroupSettingValue),
  can_subscribe_group: z.optional(GroupSettingValue),
  /** Feature level 407; anything but `role:nobody` needs the realm's `can_set_delete_message_policy_group`. */
  can_delete_any_message_group: z.optional(GroupSettingValue),
  /** Feature level 407; as `can_delete_any_message_group`. */
  can_delete_own_message_group: z.optional(GroupSettingValue),
  /** Feature level 396. */
  can_move_messages_out_of_channel_group: z.optional(GroupSettingValue),
  /** Feature level 396. */
  can_move_messages_within_channel_group: z.optional(GroupSettingValue),
  /** Feature level 402. */
  can_resolve_topics_group: z.optional(GroupSettingValue),
};

/** The parameters of a subscribe request besides its channels (`PATCH` reads them too). */
const SubscribeOptions = {
  /** Whom to subscribe (default: the caller). */
  principals: z.optional(Principals),
  /** When false, channels the caller may not join are skipped and listed in `unauthorized`. */
  authorization_errors_fatal: z.optional(z.boolean()),
  /** Announce new channels in the organization's new-channel announcements channel. */
  announce: z.optional(z.boolean()),
  ...NewChannelSettings,
  /** Send Notification Bot messages to the users subscribed by someone else (default true; from feature level 397). */
  send_new_subscription_messages: z.optional(z.boolean()),
};

/** Parameters of `POST /users/me/subscriptions`. */
export const SubscribeParams = z.object({
  subscriptions: z.array(SubscriptionRequest),
  ...SubscribeOptions,
});

/** Channel names subscribed per user ID (as a string). */
const NamesByUser = z.record(z.string(), z.array(z.string()));

/** Success body of `POST /users/me/subscriptions`. */
export const SubscribeResponse = successBody({
  subscribed: NamesByUser,
  already_subscribed: NamesByUser,
  /** With `authorization_errors_fatal=false`: the channels the caller may not join. */
  unauthorized: z.optional(z.array(z.string())),
  /**
   * Whether Notification Bot told the users subscribed by someone else (new in level 397; absent
   * when `send_new_subscription_messages` was false).
   */
  new_subscription_messages_sent: z.optional(z.boolean()),
});

/** Parameters of `DELETE /users/me/subscriptions`. */
export const UnsubscribeParams = z.object({
  /** Channel names. */
  subscriptions: z.array(z.string()),
  /** Whom to unsubscribe (default: the caller). */
  principals: z.optional(Principals),
});

/** Success body of `DELETE /users/me/subscriptions`. */
export const UnsubscribeResponse = successBody({
  removed: z.array(z.string()),
  not_removed: z.array(z.string()),
});

/**
 * Parameters of `PATCH /users/me/subscriptions`: subscribe and unsubscribe at once. The options
 * are those of `POST` and apply to the `add` half; `principals` names whom both halves change.
 */
export const UpdateSubscriptionsParams = z.object({
  /** Channel names to leave. */
  delete: z.optional(z.array(z.string())),
  /** Channels to join. */
  add: z.optional(z.array(SubscriptionRequest)),
  ...SubscribeOptions,
});

/** Success body of `PATCH /users/me/subscriptions`. */
export const UpdateSubscriptionsResponse = successBody({
  subscribed: NamesByUser,
  already_subscribed: NamesByUser,
  removed: z.array(z.string()),
  not_removed: z.array(z.string()),
  /** As for `POST /users/me/subscriptions`. */
  unauthorized: z.optional(z.array(z.string())),
  /** As for `POST /users/me/subscriptions` (new in level 397). */
  new_subscription_messages_sent: z.optional(z.boolean()),
});

/** The personal subscription settings `POST /users/me/subscriptions/properties` changes. */
export const SubscriptionProperty = z.enum([
  'color',
  'is_muted',
  'in_home_view',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
]);

/** One change of `POST /users/me/subscriptions/properties`: a property of one subscription and its new value. */
export const SubscriptionPropertyChange = z.looseObject({
  stream_id: Id,
  property: z.string(),
  /** A colour string for `color`, else a boolean (null, "inherit", is refused: the server reads `bool | str`). */
  value: z.union([z.boolean(), z.string()]),
});

/** Parameters of `POST /users/me/subscriptions/properties`. */
export const UpdateSubscriptionSettingsParams = z.object({
  subscription_data: z.array(SubscriptionPropertyChange),
});

/** Success body of `POST /users/me/subscriptions/properties`. */
export const UpdateSubscriptionSettingsResponse = successBody({});

/** Parameters of `GET /users/{user_id}/subscriptions/{stream_id}`. */
export const GetSubscriptionStatusParams = z.object({ user_id: Id, stream_id: Id });

/** Success body of `GET /users/{user_id}/subscriptions/{stream_id}`. */
export const GetSubscriptionStatusResponse = successBody({ is_subscribed: z.boolean() });

/** Parameters of `GET /streams`. */
export const GetChannelsParams = z.object({
  include_public: z.optional(z.boolean()),
  include_web_public: z.optional(z.boolean()),
  include_subscribed: z.optional(z.boolean()),
  exclude_archived: z.optional(z.boolean()),
  /** Deprecated name of `include_all` (for administrators only before feature level 356). */
  include_all_active: z.optional(z.boolean()),
  /** Every channel the caller has metadata access to. */
  include_all: z.optional(z.boolean()),
  /** Mark each listed channel with `is_default` (adds no channel of its own). */
  include_default: z.optional(z.boolean()),
  include_owner_subscribed: z.optional(z.boolean()),
  include_can_access_content: z.optional(z.boolean()),
});

/** Success body of `GET /streams`. */
export const GetChannelsResponse = successBody({
  streams: z.array(z.looseObject({ ...BasicChannel.def.shape, is_default: z.optional(z.boolean()) })),
});

/** Parameters of the operations on one channel by ID. */
export const ChannelIdParams = z.object({ stream_id: Id });

/** Success body of `GET /streams/{stream_id}`. */
export const GetChannelResponse = successBody({ stream: BasicChannel });

/** Parameters of `GET /get_stream_id`. */
export const GetChannelIdParams = z.object({ stream: z.string() });

/** Parameters of `GET /streams/{stream_id}/email_address`. */
export const GetChannelEmailAddressParams = z.object({
  stream_id: Id,
  /** Who the messages appear from: you, a bot you administer (any, for administrators), or (default) the Email gateway bot. */
  sender_id: z.optional(z.int().check(z.minimum(0))),
});

/** Success body of `GET /streams/{stream_id}/email_address`. */
export const GetChannelEmailAddressResponse = successBody({ email: z.string() });

/** Success body of `GET /get_stream_id`. */
export const GetChannelIdResponse = successBody({ stream_id: Id });

/** Success body of `GET /streams/{stream_id}/members`. */
export const GetSubscribersResponse = successBody({ subscribers: z.array(Id) });


/** Parameters of `PATCH /streams/{stream_id}`. */
export const UpdateChannelParams = z.object({
  stream_id: Id,
  description: z.optional(z.string()),
  new_name: z.optional(z.string()),
  is_private: z.optional(z.boolean()),
  is_web_public: z.optional(z.boolean()),
  history_public_to_subscribers: z.optional(z.boolean()),
  is_default_stream: z.optional(z.boolean()),
  message_retention_days: z.optional(ChannelRetentionDays),
  topics_policy: z.optional(TopicsPolicy),
  folder_id: z.optional(z.nullable(Id)),
  is_archived: z.optional(z.boolean()),
  can_add_subscribers_group: z.optional(GroupSettingUpdate),
  can_remove_subscribers_group: z.optional(GroupSettingUpdate),
  can_administer_channel_group: z.optional(GroupSettingUpdate),
  can_send_message_group: z.optional(GroupSettingUpdate),
  can_subscribe_group: z.optional(GroupSettingUpdate),
  /** Feature level 407; needs the realm's `can_set_delete_message_policy_group`, even when unchanged. */
  can_delete_any_message_group: z.optional(GroupSettingUpdate),
  /** Feature level 407; as `can_delete_any_message_group`. */
  can_delete_own_message_group: z.optional(GroupSettingUpdate),
  /** Feature level 396. */
  can_move_messages_out_of_channel_group: z.optional(GroupSettingUpdate),
  /** Feature level 396. */
  can_move_messages_within_channel_group: z.optional(GroupSettingUpdate),
  /** Feature level 402. */
  can_resolve_topics_group: z.optional(GroupSettingUpdate),
});

/** Success body of operations that return nothing of their own. */
export const EmptyChannelResponse = successBody({});
