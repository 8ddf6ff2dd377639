import * as z from 'zod/mini';
import { rawParam } from '../contract/wire';
import { BasicChannel, DefaultChannelGroup, DefaultChannelRef, NeverSubscribedChannel, Subscription } from './channel';
import { ChannelFolder } from './channel-folder';
import { Id, successBody } from './common';
import { CustomEmojiById } from './custom-emoji';
import { Draft } from './draft';
import { PushDeviceInfo } from './push';
import { ChatEventPayload, MutedTopicEntry } from './events';
import { Linkifier } from './linkifier';
import { RealmDomain, RealmPlayground } from './realm-config';
import { UnreadMessages } from './unread';
import { RealmUser, User } from './user';
import { CustomProfileField } from './profile-field';
import { LegacyPresence, ModernPresence } from './presence';
import { UserStatus } from './user-status';
import { MutedUser } from './muted-users';
import { OnboardingStep } from './onboarding';
import { UserGroup } from './user-group';
import { Bot } from './bot';
import { SavedSnippet } from './saved-snippet';
import { NavigationView } from './navigation-view';
import { ScheduledMessage } from './scheduled-message';
import { Reminder } from './reminder';
import { RegisterRealmFields } from './register-realm';
import { RegisterRealmSettingsFields } from './register-realm-settings';

/**
 * Client capabilities declared at registration (`notification_settings_null` is required). A
 * server ignores those newer than its feature level, whose formats it does not have yet.
 */
export const ClientCapabilities = z.looseObject({
  /**
   * Subscriptions' notification settings that inherit the user's default stay null in the
   * register state. The server's default is false: the state then carries the user's
   * `enable_stream_*` values instead (`wildcard_mentions_notify` excepted), while `subscription`
   * events still carry null. `client.events.register` declares true when given no capabilities.
   */
  notification_settings_null: z.boolean(),
  bulk_message_deletion: z.optional(z.boolean()),
  user_avatar_url_field_optional: z.optional(z.boolean()),
  stream_typing_notifications: z.optional(z.boolean()),
  user_settings_object: z.optional(z.boolean()),
  linkifier_url_template: z.optional(z.boolean()),
  user_list_incomplete: z.optional(z.boolean()),
  include_deactivated_groups: z.optional(z.boolean()),
  archived_channels: z.optional(z.boolean()),
  /** Deliver the empty topic as `""` instead of `realm_empty_topic_display_name`. */
  empty_topic_name: z.optional(z.boolean()),
  /** `presence` events carry `presences`, the modern format (feature level 419; older servers ignore it). */
  simplified_presence_events: z.optional(z.boolean()),
});

/** One `[operator, operand]` term of a queue's narrow. */
export const NarrowPair = z.tuple([z.string(), z.string()]);

/**
 * A narrow term of an on-the-fly queue: a list of strings, of which the first two are the operator
 * and the operand. The server fails (HTTP 500) on a shorter one; this refuses it as `POST /register`
 * refuses it.
 */
export const OnTheFlyNarrowTerm = z.array(z.string()).check(z.minLength(2));

/** A thumbnail size the server makes of uploaded images (`server_thumbnail_formats`). */
export const ThumbnailFormat = z.looseObject({
  /** The last path segment of the thumbnail's URL, e.g. `840x560.webp`. */
  name: z.string(),
  max_width: z.int(),
  max_height: z.int(),
  /** The file extension, e.g. `webp`. */
  format: z.string(),
  /** Made only of animated images. */
  animated: z.boolean(),
});

/** Parameters of `POST /register`. */
export const RegisterParams = z.object({
  /** Message content in events as HTML (true) or Markdown (false, the default here). */
  apply_markdown: z.optional(z.boolean()),
  /** Leave `avatar_url` null where the client can compute a Gravatar itself (null or omitted: true). */
  client_gravatar: z.optional(z.nullable(z.boolean())),
  slim_presence: z.optional(z.boolean()),
  presence_history_limit_days: z.optional(z.int()),
  /** Receive the messages of every public channel (not for guests). */
  all_public_streams: z.optional(z.boolean()),
  /**
   * List each channel's subscribers in the subscription state; `partial` (feature level 412) lists
   * only bots and recently active subscribers of large channels, in `partial_subscribers`.
   */
  include_subscribers: rawParam(z.optional(z.union([z.boolean(), z.enum(['true', 'false', 'partial'])]))),
  client_capabilities: z.optional(ClientCapabilities),
  /** The event types the queue delivers and whose state is returned; omitted = all. */
  event_types: z.optional(z.array(z.string())),
  /** The state to return, when it should differ from `event_types`. */
  fetch_event_types: z.optional(z.array(z.string())),
  /** Deliver only the message events matching these terms. */
  narrow: z.optional(z.array(NarrowPair)),
  /** Idle seconds before the queue is deleted (at most 7 days); 0 = the server's default (600); a negative one expires at once. */
  queue_lifespan_secs: z.optional(z.int()),
});

/** One visibility policy a user set for a topic. */
export const UserTopic = z.looseObject({
  stream_id: Id,
  topic_name: z.string(),
  /** UNIX seconds. */
  last_updated: z.int(),
  /** 0 inherit, 1 muted, 2 unmuted, 3 followed. */
  visibility_policy: z.int(),
});

/**
 * Success body of `POST /register`: the queue, and the initial state of the requested event
 * types. Only the state keys of requested types are present, so each is optional.
 */
export const RegisterResponse = successBody({
  /** The queue's ID (a UUID). */
  queue_id: z.nullable(z.string()),
  /** The ID of the last event already folded into this state, or -1. */
  last_event_id: z.int(),
  zulip_feature_level: z.int(),
  zulip_version: z.string(),
  zulip_merge_base: z.optional(z.string()),
  /** `message`: the newest message ID the user has, or -1. */
  max_message_id: z.optional(z.int()),
  /** `user_topic`: the user's topic visibility policies. */
  user_topics: z.optional(z.array(UserTopic)),
  /**
   * `muted_topics` (deprecated), when `user_topic` was not also asked for (or no types were
   * named): `[channel name, topic, UNIX seconds when muted]` for each muted topic.
   */
  muted_topics: z.optional(z.array(MutedTopicEntry)),
  /** `drafts`: the user's drafts, most recently edited first (at most 1000). */
  drafts: z.optional(z.array(Draft)),
  /** `realm_user_settings_defaults`: the settings new users start with, and the choices clients offer. */
  realm_user_settings_defaults: z.optional(z.record(z.string(), z.unknown())),
  /** `realm_bot`: the bots the caller administers (every bot, for administrators), deactivated ones included. */
  realm_bots: z.optional(z.array(Bot)),
  /** `realm_user_groups`: every user group by ID (deactivated ones with `include_deactivated_groups`). */
  realm_user_groups: z.optional(z.array(UserGroup)),
  /** `realm_domains`: the e-mail domains allowed for signups. */
  realm_domains: z.optional(z.array(RealmDomain)),
  /** `default_streams`: the IDs of the channels new users join (empty for guests; whole channels before level 330). */
  realm_default_streams: z.optional(z.array(DefaultChannelRef)),
  /** `default_stream_groups`: the default channel groups (empty for guests). */
  realm_default_stream_groups: z.optional(z.array(DefaultChannelGroup)),
  /** `scheduled_messages`: the user's undelivered scheduled messages. */
  scheduled_messages: z.optional(z.array(ScheduledMessage)),
  /** `reminders`: the user's undelivered reminders, soonest first (feature level 399). */
  reminders: z.optional(z.array(Reminder)),
  /** `saved_snippets`: the user's saved snippets (feature level 297). */
  saved_snippets: z.optional(z.array(SavedSnippet)),
  /**
   * `push_device` (feature level 406): your registrations for end-to-end encrypted notifications,
   * by `push_account_id` (as text).
   */
  push_devices: z.optional(z.record(z.string(), PushDeviceInfo)),
  /** `navigation_views`: the user's pinned and hidden sidebar views (feature level 390). */
  navigation_views: z.optional(z.array(NavigationView)),
  /** `video_calls`: whether the user completed Zoom's OAuth flow. */
  has_zoom_token: z.optional(z.boolean()),
  /** `realm_billing` (feature level 363); `has_pending_sponsorship_request` is false for users who may not manage billing. */
  realm_billing: z.optional(z.looseObject({ has_pending_sponsorship_request: z.boolean() })),
  /** `onboarding_steps`: the onboarding steps still to show the caller (feature level 233). */
  onboarding_steps: z.optional(z.array(OnboardingStep)),
  /** `onboarding_steps`: the navigation tour video for new users, null when disabled (feature level 369). */
  navigation_tour_video_url: z.optional(z.nullable(z.string())),
  /** `muted_users`: the users the caller muted, in muting order. */
  muted_users: z.optional(z.array(MutedUser)),
  /** `user_status`: the status of every user who set one, by user ID. */
  user_status: z.optional(z.record(z.string(), UserStatus)),
  /** `presence`: presence by API email (legacy) or by user ID (`slim_presence`, modern format). */
  presences: z.optional(z.record(z.string(), z.union([ModernPresence, LegacyPresence]))),
  presence_last_update_id: z.optional(z.int()),
  server_timestamp: z.optional(z.number()),
  /** `custom_profile_fields`: the organization's custom profile fields, by `order`. */
  custom_profile_fields: z.optional(z.array(CustomProfileField)),
  /** `custom_profile_fields`: the field types by name (`SHORT_TEXT: { id: 1, name: 'Text (short)' }`, ...). */
  custom_profile_field_types: z.optional(z.record(z.string(), z.looseObject({ id: z.int(), name: z.string() }))),
  /**
   * `recent_private_conversations`: the user's direct message conversations among their 1,000 newest
   * direct messages, newest first: the other participants (ascending; none for messages to
   * oneself) and the newest message's ID.
   */
  recent_private_conversations: z.optional(z.array(z.looseObject({ user_ids: z.array(Id), max_message_id: Id }))),
  /** `starred_messages`: the IDs of the messages the user starred, ascending (at most 10,000). */
  starred_messages: z.optional(z.array(Id)),
  /** `realm_emoji`: the custom emoji by ID, deactivated ones included. */
  realm_emoji: z.optional(CustomEmojiById),
  /** `realm_playgrounds`: the code playgrounds. */
  realm_playgrounds: z.optional(z.array(RealmPlayground)),
  /** `alert_words`: the user's alert words. */
  alert_words: z.optional(z.array(z.string())),
  /** `realm_linkifiers`: in processing order; empty unless the queue declared `linkifier_url_template`. */
  realm_linkifiers: z.optional(z.array(Linkifier)),
  /** `realm_filters`: the legacy form of linkifiers; always empty on current servers. */
  realm_filters: z.optional(z.array(z.unknown())),
  /** `realm_user`: the organization's active users. */
  realm_users: z.optional(z.array(RealmUser)),
  /** `realm_user`: its deactivated users. */
  realm_non_active_users: z.optional(z.array(RealmUser)),
  /** `realm_user`: the server's system bots, which belong to no organization. */
  cross_realm_bots: z.optional(z.array(User)),
  /** `realm_user`: the caller's own identity. */
  user_id: z.optional(Id),
  email: z.optional(z.string()),
  delivery_email: z.optional(z.string()),
  full_name: z.optional(z.string()),
  is_owner: z.optional(z.boolean()),
  is_admin: z.optional(z.boolean()),
  /** A moderator; from feature level 380 also an administrator or owner (before: exactly a moderator). */
  is_moderator: z.optional(z.boolean()),
  is_guest: z.optional(z.boolean()),
  /** `realm_user`: the caller's avatar, never null (`client_gravatar` does not apply to it). */
  avatar_url: z.optional(z.nullable(z.string())),
  avatar_url_medium: z.optional(z.nullable(z.string())),
  /** `G` (Gravatar) or `U` (uploaded). */
  avatar_source: z.optional(z.string()),
  /**
   * `realm_user`: whether the caller belongs to the realm's `can_create_private_channel_group`
   * (and the other channel-creation groups, and `can_invite_users_group`); `can_create_streams`
   * (deprecated) is any of the three.
   */
  can_create_private_streams: z.optional(z.boolean()),
  can_create_public_streams: z.optional(z.boolean()),
  can_create_web_public_streams: z.optional(z.boolean()),
  can_create_streams: z.optional(z.boolean()),
  can_invite_others_to_realm: z.optional(z.boolean()),
  /** Below feature level 341: whether the caller may subscribe others (`realm_invite_to_stream_policy`). */
  can_subscribe_other_users: z.optional(z.boolean()),
  /** `message` with `update_message_flags`: the user's unread messages by conversation. */
  unread_msgs: z.optional(UnreadMessages),
  /** `subscription`: the channels the user is subscribed to, by name. */
  subscriptions: z.optional(z.array(Subscription)),
  /** `subscription`: channels the user was subscribed to before. */
  unsubscribed: z.optional(z.array(Subscription)),
  /** `subscription`: channels the user may see and never subscribed to. */
  never_subscribed: z.optional(z.array(NeverSubscribedChannel)),
  /** `stream`: every channel the user may see. */
  streams: z.optional(z.array(BasicChannel)),
  /** `channel_folders` (feature level 389): every channel folder, archived ones included, by `order`. */
  channel_folders: z.optional(z.array(ChannelFolder)),
  /** `realm`: limits. */
  max_message_length: z.optional(z.int()),
  max_topic_length: z.optional(z.int()),
  max_stream_name_length: z.optional(z.int()),
  /** How many users one subscription request may add and still tell each by direct message. From feature level 397. */
  max_bulk_new_subscription_messages: z.optional(z.int()),
  /** The longest reminder note, in characters. From feature level 415. */
  max_reminder_note_length: z.optional(z.int()),
  max_stream_description_length: z.optional(z.int()),
  /** `realm`: the longest channel folder name and description (feature level 410). */
  max_channel_folder_name_length: z.optional(z.int()),
  max_channel_folder_description_length: z.optional(z.int()),
  max_file_upload_size_mib: z.optional(z.int()),
  realm_empty_topic_display_name: z.optional(z.string()),
  event_queue_longpoll_timeout_seconds: z.optional(z.int()),
  server_typing_started_expiry_period_milliseconds: z.optional(z.int()),
  server_typing_stopped_wait_period_milliseconds: z.optional(z.int()),
  server_typing_started_wait_period_milliseconds: z.optional(z.int()),
  server_presence_ping_interval_seconds: z.optional(z.int()),
  server_presence_offline_threshold_seconds: z.optional(z.int()),
  /**
   * `realm`: the thumbnails the server makes of uploaded images. Replace the last path segment
   * of a `/user_uploads/thumbnail/...` image with a format's `name` to get that size. Feature level 273.
   */
  server_thumbnail_formats: z.optional(z.array(ThumbnailFormat)),
  ...RegisterRealmFields,
  ...RegisterRealmSettingsFields,
  /**
   * `user_settings`: every setting of the caller (as `PATCH /settings` names them), with
   * `available_notification_sounds` and `emojiset_choices`. Clients without the
   * `user_settings_object` capability also get the legacy settings as top-level keys.
   */
  user_settings: z.optional(z.record(z.string(), z.unknown())),
});

/** Registered state: what `POST /register` answered. */
export type RegisterResponse = z.output<typeof RegisterResponse>;

/** Parameters of `GET /events`. */
export const GetEventsParams = z.object({
  /** The queue to read, from `POST /register`. */
  queue_id: z.optional(z.string()),
  /** Acknowledges every event up to this ID (start with the registration's `last_event_id`). */
  last_event_id: z.optional(z.int()),
  /** Answer at once, even with no events. */
  dont_block: z.optional(z.boolean()),
  // Without `queue_id` (and with `dont_block`), the server creates a queue on the fly from these
  // and answers its `queue_id`. Undocumented; `POST /register` is the documented way.
  /** On-the-fly queue only: the event types it delivers. */
  event_types: z.optional(z.array(z.string())),
  /**
   * On-the-fly queue only: deliver only the message events matching these terms. The server
   * reads the first two elements of each term and ignores the rest.
   */
  narrow: z.optional(z.array(OnTheFlyNarrowTerm)),
  /** On-the-fly queue only: content as HTML (default false). */
  apply_markdown: z.optional(z.boolean()),
  /** On-the-fly queue only: `avatar_url` null where the client can compute a Gravatar (default false). */
  client_gravatar: z.optional(z.boolean()),
  /** On-the-fly queue only: presence keyed by user ID, without emails (default false). */
  slim_presence: z.optional(z.boolean()),
  /** On-the-fly queue only: every public channel's messages (not for guests; checked with a queue too). */
  all_public_streams: z.optional(z.boolean()),
  /** On-the-fly queue only: idle seconds before the queue is deleted; 0 = the default (600). */
  lifespan_secs: z.optional(z.int().check(z.minimum(0))),
  // The on-the-fly queue takes register's client capabilities as top-level parameters.
  /** On-the-fly queue only: one `delete_message` event per deletion, with `message_ids`. */
  bulk_message_deletion: z.optional(z.boolean()),
  /** On-the-fly queue only: typing notifications in channels. */
  stream_typing_notifications: z.optional(z.boolean()),
  /** On-the-fly queue only: `user_settings` events only, not the legacy settings events. */
  user_settings_object: z.optional(z.boolean()),
  /** On-the-fly queue only: Pronouns fields as type 8 (default true); false reports them as short text. */
  pronouns_field_type_supported: z.optional(z.boolean()),
  /** On-the-fly queue only: recorded on the queue; its events are the same either way. */
  linkifier_url_template: z.optional(z.boolean()),
  /** On-the-fly queue only: no `realm_user` events about users the client may not see. */
  user_list_incomplete: z.optional(z.boolean()),
  /** On-the-fly queue only: events about deactivated user groups. */
  include_deactivated_groups: z.optional(z.boolean()),
  /** On-the-fly queue only: channel archiving as an update, not a deletion. */
  archived_channels: z.optional(z.boolean()),
  /** On-the-fly queue only: the empty topic as `""` instead of "general chat". */
  empty_topic_name: z.optional(z.boolean()),
  /** On-the-fly queue only: `presence` events in the modern format (feature level 419). */
  simplified_presence_events: z.optional(z.boolean()),
});

/** Success body of `GET /events`. */
export const GetEventsResponse = successBody({
  /** Events newer than `last_event_id`, in increasing `id` order. */
  events: z.array(ChatEventPayload),
  /** Present when the answer completed a long-poll, or created the queue on the fly. */
  queue_id: z.optional(z.string()),
});

/** Parameters of `DELETE /events`. */
export const DeleteQueueParams = z.object({
  queue_id: z.string(),
});

/** Success body of `DELETE /events`. */
export const DeleteQueueResponse = successBody({});
