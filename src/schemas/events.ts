import * as z from 'zod/mini';
import { BasicChannel, DefaultChannelGroup, DefaultChannelRef, Subscription } from './channel';
import { ChannelFolder } from './channel-folder';
import { Id } from './common';
import { CustomEmojiById } from './custom-emoji';
import { Draft } from './draft';
import { PushDeviceStatus } from './push';
import { SavedSnippet } from './saved-snippet';
import { NavigationView } from './navigation-view';
import { ScheduledMessage } from './scheduled-message';
import { Reminder } from './reminder';
import { Linkifier } from './linkifier';
import { RealmDomain, RealmPlayground } from './realm-config';
import { RealmExport } from './realm-export';
import { Reaction } from './message';
import { messageOf } from './message-parts';
import { CustomProfileField } from './profile-field';
import { MutedUser } from './muted-users';
import { OnboardingStep } from './onboarding';
import { UserGroup } from './user-group';

// Event payloads of `GET /events`, as the real server sends them. Every schema is loose (newer
// servers add fields); `parseEvent` types an event, and an event type the SDK does not know
// passes through the wire schema untyped instead of failing the whole response.

/** What every event has on the wire: its queue-local `id` and its `type`. */
export const ChatEventPayload = z.looseObject({ id: z.int(), type: z.string() });

/** An event as it arrived, before {@link parseEvent} typed it. */
export type ChatEventPayload = z.output<typeof ChatEventPayload>;

const event = <Type extends string, Shape extends z.core.$ZodLooseShape>(type: Type, shape: Shape) =>
  z.looseObject({ id: z.int(), type: z.literal(type), ...shape });

const UserRef = z.looseObject({ user_id: Id, email: z.string() });

/** `message`: a new message the queue's user may see, with that user's flags. */
export const MessageEvent = event('message', {
  message: messageOf({ flags: z.optional(z.array(z.string())) }),
  flags: z.array(z.string()),
  /** Only on the sending client's queue, echoing the `local_id` it sent. */
  local_message_id: z.optional(z.string()),
});

/** A `message` event. */
export type MessageEvent = z.output<typeof MessageEvent>;

/** `heartbeat`: a long-poll waited 45-55 s without events. */
export const HeartbeatEvent = event('heartbeat', {});

/** `user_topic`: the user's visibility policy for a topic changed (0 = back to inherit). */
export const UserTopicEvent = event('user_topic', {
  stream_id: Id,
  topic_name: z.string(),
  last_updated: z.int(),
  visibility_policy: z.int(),
});

/** One legacy muted topic: `[channel name, topic, UNIX seconds when muted]`. */
export const MutedTopicEntry = z.tuple([z.string(), z.string(), z.int()]);

/**
 * `muted_topics` (deprecated): the user's whole list of muted topics, after any change of a
 * topic policy. Servers send it only to queues that did not name `user_topic` in `event_types`.
 */
export const MutedTopicsEvent = event('muted_topics', {
  muted_topics: z.array(MutedTopicEntry),
});

const TypingOp = z.enum(['start', 'stop']);

/**
 * `typing` in a direct conversation: `recipients` lists every participant, the sender included.
 * Servers before feature level 215 say `private`; it is read as `direct`.
 */
export const DirectTypingEvent = event('typing', {
  op: TypingOp,
  message_type: z.pipe(
    z.enum(['direct', 'private']),
    z.transform((): 'direct' => 'direct'),
  ),
  sender: UserRef,
  recipients: z.array(UserRef),
});

/** `typing` in a channel topic (only to queues that declared `stream_typing_notifications`). */
export const ChannelTypingEvent = event('typing', {
  op: TypingOp,
  message_type: z.literal('stream'),
  sender: UserRef,
  stream_id: Id,
  topic: z.string(),
});

/** `typing`: someone started or stopped composing. */
export const TypingEvent = z.discriminatedUnion('message_type', [DirectTypingEvent, ChannelTypingEvent]);

/** `typing_edit_message`: someone started or stopped editing a message. */
export const TypingEditMessageEvent = event('typing_edit_message', {
  op: TypingOp,
  sender_id: Id,
  message_id: Id,
  recipient: z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('channel'), channel_id: Id, topic: z.string() }),
    z.looseObject({ type: z.literal('direct'), user_ids: z.array(Id) }),
  ]),
});

/** `drafts` `add`: drafts created (on any of the user's clients). */
export const DraftsAddEvent = event('drafts', { op: z.literal('add'), drafts: z.array(Draft) });

/** `drafts` `update`: a draft replaced. */
export const DraftsUpdateEvent = event('drafts', { op: z.literal('update'), draft: Draft });

/** `drafts` `remove`: a draft deleted. */
export const DraftsRemoveEvent = event('drafts', { op: z.literal('remove'), draft_id: Id });

/** `drafts`: the user's drafts changed, sent to that user only. */
export const DraftsEvent = z.discriminatedUnion('op', [DraftsAddEvent, DraftsUpdateEvent, DraftsRemoveEvent]);

/** `saved_snippets` `add`: a snippet saved (feature level 297). */
export const SavedSnippetsAddEvent = event('saved_snippets', { op: z.literal('add'), saved_snippet: SavedSnippet });

/** `saved_snippets` `update`: a snippet edited, as it is now (feature level 368). */
export const SavedSnippetsUpdateEvent = event('saved_snippets', { op: z.literal('update'), saved_snippet: SavedSnippet });

/** `saved_snippets` `remove`: a snippet deleted (feature level 297). */
export const SavedSnippetsRemoveEvent = event('saved_snippets', { op: z.literal('remove'), saved_snippet_id: Id });

/** `saved_snippets`: the user's saved snippets changed, sent to that user only. */
export const SavedSnippetsEvent = z.discriminatedUnion('op', [SavedSnippetsAddEvent, SavedSnippetsUpdateEvent, SavedSnippetsRemoveEvent]);

/** `navigation_view` `add`: a view pinned or hidden (feature level 390). */
export const NavigationViewAddEvent = event('navigation_view', { op: z.literal('add'), navigation_view: NavigationView });

/** `navigation_view` `update`: a view changed; `data` holds only what the request changed. */
export const NavigationViewUpdateEvent = event('navigation_view', {
  op: z.literal('update'),
  fragment: z.string(),
  data: z.looseObject({ is_pinned: z.optional(z.boolean()), name: z.optional(z.string()) }),
});

/** `navigation_view` `remove`: a view's settings forgotten. */
export const NavigationViewRemoveEvent = event('navigation_view', { op: z.literal('remove'), fragment: z.string() });

/**
 * `navigation_view`: the user's navigation views changed, sent to that user only. The register
 * state it changes is `navigation_views` (plural), as the server names it.
 */
export const NavigationViewEvent = z.discriminatedUnion('op', [NavigationViewAddEvent, NavigationViewUpdateEvent, NavigationViewRemoveEvent]);

/** `scheduled_messages` `add`: messages scheduled (on any of the user's clients). */
export const ScheduledMessagesAddEvent = event('scheduled_messages', {
  op: z.literal('add'),
  scheduled_messages: z.array(ScheduledMessage),
});

/** `scheduled_messages` `update`: a scheduled message changed, or failed to be sent (`failed: true`). */
export const ScheduledMessagesUpdateEvent = event('scheduled_messages', { op: z.literal('update'), scheduled_message: ScheduledMessage });

/** `scheduled_messages` `remove`: a scheduled message deleted, or sent. */
export const ScheduledMessagesRemoveEvent = event('scheduled_messages', { op: z.literal('remove'), scheduled_message_id: Id });

/** `scheduled_messages`: the user's scheduled messages changed, sent to that user only. */
export const ScheduledMessagesEvent = z.discriminatedUnion('op', [
  ScheduledMessagesAddEvent,
  ScheduledMessagesUpdateEvent,
  ScheduledMessagesRemoveEvent,
]);

/** `reminders` `add`: reminders scheduled (on any of the user's clients). Feature level 399. */
export const RemindersAddEvent = event('reminders', { op: z.literal('add'), reminders: z.array(Reminder) });

/** `reminders` `remove`: a reminder deleted, or sent. Feature level 399. */
export const RemindersRemoveEvent = event('reminders', { op: z.literal('remove'), reminder_id: Id });

/** `reminders`: the user's reminders changed, sent to that user only (feature level 399). */
export const RemindersEvent = z.discriminatedUnion('op', [RemindersAddEvent, RemindersRemoveEvent]);

/** What a client needs to count a message marked unread again: its conversation, and a mention. */
export const UnreadMessageDetails = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('private'),
    /** The other participants, yourself excluded (`[]` for a message to yourself). */
    user_ids: z.array(Id),
    /** Present (true) only when the message mentions the user. */
    mentioned: z.optional(z.boolean()),
  }),
  z.looseObject({
    type: z.literal('stream'),
    stream_id: Id,
    topic: z.string(),
    /** Deprecated internal detail: whether the message counts as not muted. */
    unmuted_stream_msg: z.optional(z.boolean()),
    /** Present (true) only when the message mentions the user. */
    mentioned: z.optional(z.boolean()),
  }),
]);

/** Details of one message marked unread. */
export type UnreadMessageDetails = z.output<typeof UnreadMessageDetails>;

/**
 * `update_message_flags`: the user's flag changed on `messages` (the IDs that changed).
 * Mark-all-as-read sends `all: true` with no IDs; removing `read` adds `message_details`.
 */
export const UpdateMessageFlagsEvent = event('update_message_flags', {
  op: z.enum(['add', 'remove']),
  /** Deprecated name of `op`. */
  operation: z.optional(z.string()),
  flag: z.string(),
  messages: z.array(Id),
  /** Deprecated and documented for removal: true only for mark-all-as-read (`op: add`). */
  all: z.optional(z.boolean()),
  /** Only when `read` was removed: per message ID, where the message is. */
  message_details: z.optional(z.record(z.string(), UnreadMessageDetails)),
});

/** An `update_message_flags` event. */
export type UpdateMessageFlagsEvent = z.output<typeof UpdateMessageFlagsEvent>;

/** `update_message`: a message was edited, moved or re-rendered. */
export const UpdateMessageEvent = event('update_message', {
  user_id: z.nullable(Id),
  message_id: Id,
  message_ids: z.array(Id),
  flags: z.array(z.string()),
  edit_timestamp: z.int(),
  rendering_only: z.boolean(),
  stream_id: z.optional(Id),
  stream_name: z.optional(z.string()),
  new_stream_id: z.optional(Id),
  /** Moves: the topic before (also on channel moves that keep the topic). */
  orig_subject: z.optional(z.string()),
  /** Topic changes: the topic after, and its linkifier links. */
  subject: z.optional(z.string()),
  topic_links: z.optional(z.array(z.looseObject({ text: z.string(), url: z.string() }))),
  /** Moves: which messages moved (`message_ids` lists them). */
  propagate_mode: z.optional(z.enum(['change_one', 'change_later', 'change_all'])),
  orig_content: z.optional(z.string()),
  orig_rendered_content: z.optional(z.string()),
  content: z.optional(z.string()),
  rendered_content: z.optional(z.string()),
  is_me_message: z.optional(z.boolean()),
});

/** `delete_message`: messages were deleted (`message_id` for clients without bulk deletion). */
export const DeleteMessageEvent = event('delete_message', {
  message_type: z.enum(['stream', 'private']),
  message_ids: z.optional(z.array(Id)),
  message_id: z.optional(Id),
  stream_id: z.optional(Id),
  topic: z.optional(z.string()),
});

/** `reaction`: an emoji reaction was added or removed. */
export const ReactionEvent = event('reaction', {
  op: z.enum(['add', 'remove']),
  message_id: Id,
  user_id: Id,
  emoji_name: z.string(),
  emoji_code: z.string(),
  reaction_type: Reaction.def.shape.reaction_type,
  /** Deprecated (use `user_id`): the reactor, as servers from feature level 339 send it again. */
  user: z.optional(z.looseObject({ user_id: Id, email: z.string(), full_name: z.string() })),
});

/** `presence`: a user's presence changed. */
export const PresenceEvent = event('presence', {
  /** Legacy format: whose presence, their email (unless the queue is slim), and their `website` entry. */
  user_id: z.optional(Id),
  email: z.optional(z.string()),
  server_timestamp: z.optional(z.number()),
  presence: z.optional(z.record(z.string(), z.looseObject({ status: z.string(), timestamp: z.int() }))),
  /** Modern format (`simplified_presence_events`): entries keyed by user ID. */
  presences: z.optional(z.record(z.string(), z.looseObject({ active_timestamp: z.int(), idle_timestamp: z.int() }))),
});

/** `subscription` `add`: the user was subscribed to channels (full subscriptions, with `subscribers`). */
export const SubscriptionAddEvent = event('subscription', {
  op: z.literal('add'),
  subscriptions: z.array(Subscription),
});

/** `subscription` `remove`: the user was unsubscribed from channels. */
export const SubscriptionRemoveEvent = event('subscription', {
  op: z.literal('remove'),
  subscriptions: z.array(z.looseObject({ stream_id: Id, name: z.string() })),
});

/** `subscription` `update`: one of the user's personal settings for a channel changed. */
export const SubscriptionUpdateEvent = event('subscription', {
  op: z.literal('update'),
  stream_id: Id,
  property: z.string(),
  value: z.union([z.boolean(), z.string(), z.int()]),
});

/** `subscription` `peer_add`/`peer_remove`: other users joined or left channels whose subscribers the user sees. */
export const SubscriptionPeerEvent = event('subscription', {
  op: z.enum(['peer_add', 'peer_remove']),
  stream_ids: z.array(Id),
  user_ids: z.array(Id),
});

/** `subscription`: the user's subscriptions or a channel's subscribers changed, by `op`. */
export const SubscriptionEvent = z.discriminatedUnion('op', [
  SubscriptionAddEvent,
  SubscriptionRemoveEvent,
  SubscriptionUpdateEvent,
  SubscriptionPeerEvent,
]);

/** `stream` `create`: channels the user may now see. */
export const StreamCreateEvent = event('stream', {
  op: z.literal('create'),
  streams: z.array(BasicChannel),
});

/** `stream` `delete`: channels the user may no longer see (archived, for clients without `archived_channels`). */
export const StreamDeleteEvent = event('stream', {
  op: z.literal('delete'),
  /** From feature level 343; older servers send only `streams`. */
  stream_ids: z.optional(z.array(Id)),
  /** Deprecated: `stream_ids` as objects (the only form before feature level 343). */
  streams: z.optional(z.array(z.looseObject({ stream_id: Id }))),
});

/** `stream` `update`: one setting of a channel changed (`name` is the name before the change). */
export const StreamUpdateEvent = event('stream', {
  op: z.literal('update'),
  stream_id: Id,
  name: z.string(),
  property: z.string(),
  value: z.unknown(),
  /** With `description`. */
  rendered_description: z.optional(z.string()),
  /** With `invite_only`: the other privacy settings. */
  history_public_to_subscribers: z.optional(z.boolean()),
  is_web_public: z.optional(z.boolean()),
});

/** `stream`: a channel was created, deleted or changed, by `op`. */
export const StreamEvent = z.discriminatedUnion('op', [StreamCreateEvent, StreamDeleteEvent, StreamUpdateEvent]);

/** `channel_folder` `add`: an administrator created a folder (feature level 389). */
export const ChannelFolderAddEvent = event('channel_folder', { op: z.literal('add'), channel_folder: ChannelFolder });

/**
 * `channel_folder` `update`: a folder's name, description (with its `rendered_description`) or
 * archived state changed; `data` holds only what changed.
 */
export const ChannelFolderUpdateEvent = event('channel_folder', {
  op: z.literal('update'),
  channel_folder_id: Id,
  data: z.looseObject({
    name: z.optional(z.string()),
    description: z.optional(z.string()),
    rendered_description: z.optional(z.string()),
    is_archived: z.optional(z.boolean()),
  }),
});

/**
 * `channel_folder` `reorder` (feature level 418): the folder IDs as the administrator sent them;
 * each folder's `order` is the position of its last occurrence.
 */
export const ChannelFolderReorderEvent = event('channel_folder', { op: z.literal('reorder'), order: z.array(Id) });

/** `channel_folder`: the organization's channel folders changed, told to every user. */
export const ChannelFolderEvent = z.discriminatedUnion('op', [ChannelFolderAddEvent, ChannelFolderUpdateEvent, ChannelFolderReorderEvent]);

/** `attachment`: one of the user's uploads was added, claimed by a message, or removed. */
export const AttachmentEvent = event('attachment', {
  op: z.enum(['add', 'update', 'remove']),
  attachment: z.looseObject({ id: Id }),
  upload_space_used: z.int(),
});

/**
 * `realm_user`: a user was added (`person` is a whole user object), changed (`person` holds
 * `user_id` and the one changed property) or became inaccessible (`remove`: `user_id` and
 * `full_name`); servers before feature level 222 sent a deactivation as `remove` too.
 */
export const RealmUserEvent = event('realm_user', {
  op: z.enum(['add', 'update', 'remove']),
  /** On an `add`: the new user is one the caller, a guest, may not see (the person is a placeholder). */
  inaccessible_user: z.optional(z.boolean()),
  person: z.looseObject({
    user_id: Id,
    full_name: z.optional(z.string()),
    /** 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
    role: z.optional(z.int()),
    /** False on deactivation, true on reactivation. */
    is_active: z.optional(z.boolean()),
    /** The user's new API email. */
    new_email: z.optional(z.string()),
    /** The user's new real address, sent only to those who may see it (or null in an `add`). */
    delivery_email: z.optional(z.nullable(z.string())),
    /** The user's new profile time zone (IANA name, or empty). */
    timezone: z.optional(z.string()),
    /** A bot's new owner. */
    bot_owner_id: z.optional(z.nullable(Id)),
    /** The user's new avatar URL (whole, Gravatars included), with its version. */
    avatar_url: z.optional(z.nullable(z.string())),
    avatar_url_medium: z.optional(z.nullable(z.string())),
    /** `G` (Gravatar) or `U` (uploaded), with the avatar. */
    avatar_source: z.optional(z.string()),
    avatar_version: z.optional(z.int()),
    /** One custom profile field's new value (null: removed), with its Markdown rendering for text fields. */
    custom_profile_field: z.optional(z.looseObject({ id: Id, value: z.nullable(z.string()), rendered_value: z.optional(z.string()) })),
  }),
});

/**
 * `realm_bot`, for a bot's administrators (its owner and the organization's administrators): a
 * bot was added to (`add`) or removed from (`delete`) the bots you administer, or changed
 * (`update`: `user_id` and the changed properties); servers before feature level 222 sent a
 * deactivation as `remove`.
 */
export const RealmBotEvent = event('realm_bot', {
  op: z.enum(['add', 'update', 'delete', 'remove']),
  bot: z.looseObject({ user_id: Id }),
});

/** `user_group`: a user group, its members or subgroups changed. */
export const UserGroupEvent = event('user_group', {
  op: z.enum(['add', 'update', 'add_members', 'remove_members', 'add_subgroups', 'remove_subgroups', 'remove']),
  /** `add`: the new (or, for clients without `include_deactivated_groups`, reactivated) group. */
  group: z.optional(UserGroup),
  /** Every op but `add`: the group that changed. */
  group_id: z.optional(Id),
  /** `update`: the changed properties (`name`, `description`, `deactivated`, any `can_*_group`). */
  data: z.optional(z.record(z.string(), z.unknown())),
  /** `add_members`, `remove_members`: the users added or removed. */
  user_ids: z.optional(z.array(Id)),
  /** `add_subgroups`, `remove_subgroups`: the subgroups added or removed. */
  direct_subgroup_ids: z.optional(z.array(Id)),
  /** `direct_subgroup_ids` on servers from 127 to 130. */
  subgroup_ids: z.optional(z.array(Id)),
});

/** `custom_profile_fields`: the realm's full list of custom profile fields. */
export const CustomProfileFieldsEvent = event('custom_profile_fields', {
  fields: z.array(CustomProfileField),
});

/** `muted_users`: the caller's whole list of muted users, after a change. */
export const MutedUsersEvent = event('muted_users', { muted_users: z.array(MutedUser) });

/** `onboarding_steps`: the steps still to show the user, after one was marked seen (the whole list). */
export const OnboardingStepsEvent = event('onboarding_steps', { onboarding_steps: z.array(OnboardingStep) });

/**
 * `realm_export_consent` (administrators only, feature level 312): a user's consent to private
 * data exports changed, or came back with their reactivated account. No register state holds it.
 */
export const RealmExportConsentEvent = event('realm_export_consent', { user_id: Id, consented: z.boolean() });

/**
 * `invites_changed` (to administrators, bots included, and the inviter): some invitation was
 * created, revoked, used or expired by its inviter's deactivation; fetch `GET /invites` again.
 * Resending an invitation sends none (its listing does not change). No register state holds
 * invitations.
 */
export const InvitesChangedEvent = event('invites_changed', {});

/**
 * `realm_export` (to human administrators): the organization's data exports after a change, the
 * whole list. No register state holds them.
 */
export const RealmExportEvent = event('realm_export', { exports: z.array(RealmExport) });

/** `user_status`: a user changed their status; the keys they set (`""` cleared the text or emoji). */
export const UserStatusEvent = event('user_status', {
  user_id: Id,
  status_text: z.optional(z.string()),
  emoji_name: z.optional(z.string()),
  emoji_code: z.optional(z.string()),
  reaction_type: z.optional(z.string()),
  away: z.optional(z.boolean()),
});

/**
 * `default_streams`: the channels new users join, the whole list: IDs (whole channels before
 * feature level 330).
 */
export const DefaultStreamsEvent = event('default_streams', { default_streams: z.array(DefaultChannelRef) });

/** `default_stream_groups`: the realm's default channel groups, the whole list (not sent to guests). */
export const DefaultStreamGroupsEvent = event('default_stream_groups', { default_stream_groups: z.array(DefaultChannelGroup) });

/** `has_zoom_token`: whether you have completed Zoom's OAuth flow (a token was stored or deleted). */
export const HasZoomTokenEvent = event('has_zoom_token', { value: z.boolean() });

/** `realm_emoji` `update`: the organization's custom emoji after a change, by ID (the whole set). */
export const RealmEmojiEvent = event('realm_emoji', { op: z.literal('update'), realm_emoji: CustomEmojiById });

/** `realm_playgrounds`: the realm's full list of code playgrounds. */
export const RealmPlaygroundsEvent = event('realm_playgrounds', { realm_playgrounds: z.array(RealmPlayground) });

/** `realm_domains` `add` / `change`: an allowed domain and its subdomain rule. */
export const RealmDomainsUpsertEvent = event('realm_domains', { op: z.enum(['add', 'change']), realm_domain: RealmDomain });

/** `realm_domains` `remove`: a domain no longer allowed. */
export const RealmDomainsRemoveEvent = event('realm_domains', { op: z.literal('remove'), domain: z.string() });

/** `realm_domains`: an allowed signup domain was added, changed or removed. */
export const RealmDomainsEvent = z.discriminatedUnion('op', [RealmDomainsUpsertEvent, RealmDomainsRemoveEvent]);

/** `realm`: organization settings changed. */
export const RealmEvent = event('realm', {
  op: z.enum(['update', 'update_dict', 'deactivated']),
  property: z.optional(z.string()),
  value: z.optional(z.unknown()),
  data: z.optional(z.record(z.string(), z.unknown())),
});

/** `realm_user_settings_defaults`: a default of the settings new users start with changed. */
export const RealmUserSettingsDefaultsEvent = event('realm_user_settings_defaults', {
  op: z.enum(['update']),
  property: z.string(),
  value: z.unknown(),
});

/** `user_settings`: one of the user's settings changed. */
export const UserSettingsEvent = event('user_settings', {
  op: z.enum(['update']),
  property: z.string(),
  value: z.unknown(),
  /** With `default_language`: the language's name for itself. */
  language_name: z.optional(z.string()),
});

/** `update_display_settings`: the legacy form of a display setting's change (clients without `user_settings_object`). */
export const UpdateDisplaySettingsEvent = event('update_display_settings', {
  user: z.string(),
  setting_name: z.string(),
  setting: z.unknown(),
  language_name: z.optional(z.string()),
});

/** `update_global_notifications`: the legacy form of a notification setting's change. */
export const UpdateGlobalNotificationsEvent = event('update_global_notifications', {
  user: z.string(),
  notification_name: z.string(),
  setting: z.unknown(),
});

/** `alert_words`: the user's alert words after a change (the whole list). */
export const AlertWordsEvent = event('alert_words', { alert_words: z.array(z.string()) });

/** `realm_linkifiers`: the realm's linkifiers after a change, in processing order. */
export const RealmLinkifiersEvent = event('realm_linkifiers', { realm_linkifiers: z.array(Linkifier) });

/**
 * `restart`: the server's event system restarted (always on an upgrade); the queue survives.
 * Its version fields describe the server after the restart: a client updates what it knows of
 * the server's capabilities from them.
 */
export const RestartEvent = event('restart', {
  zulip_version: z.string(),
  zulip_merge_base: z.optional(z.string()),
  zulip_feature_level: z.int(),
  /** When the server started, UNIX seconds: `server_generation` of a fresh registration. */
  server_generation: z.int(),
  /** Removed at feature level 240 (replaced by `web_reload_client`). */
  immediate: z.optional(z.boolean()),
});

/**
 * `web_reload_client` (feature level 240): the web app should reload after a restart; clients that do not load
 * their code from the server ignore it.
 */
export const WebReloadClientEvent = event('web_reload_client', { immediate: z.boolean() });

/**
 * `submessage`: someone interacted with a message's widget (a poll vote, a to-do item) with
 * `client.messages.addSubmessage`; the users who get the message's reaction events get it too. No
 * register state holds it; the message's `submessages` list it once fetched again.
 */
export const SubmessageEvent = event('submessage', {
  msg_type: z.string(),
  /** The widget data, as JSON text. */
  content: z.string(),
  message_id: Id,
  submessage_id: Id,
  sender_id: Id,
});

/**
 * `push_device` (feature level 406): the push bouncer took (`active`) or refused (`failed`) one of
 * your registrations for end-to-end encrypted notifications; sent to your own queues only.
 */
export const PushDeviceEvent = event('push_device', {
  /** The registration's `push_account_id`, as text. */
  push_account_id: z.string(),
  status: PushDeviceStatus,
  /** Why it failed; absent when it did not. */
  error_code: z.optional(z.nullable(z.string())),
});

/** Every event the SDK types, discriminated by `type` (and by `op` where the type has one). */
export const ChatEvent = z.discriminatedUnion('type', [
  MessageEvent,
  HeartbeatEvent,
  UserTopicEvent,
  MutedTopicsEvent,
  TypingEvent,
  TypingEditMessageEvent,
  DraftsEvent,
  SavedSnippetsEvent,
  NavigationViewEvent,
  ScheduledMessagesEvent,
  RemindersEvent,
  UpdateMessageFlagsEvent,
  UpdateMessageEvent,
  DeleteMessageEvent,
  ReactionEvent,
  PresenceEvent,
  SubscriptionEvent,
  StreamEvent,
  ChannelFolderEvent,
  AttachmentEvent,
  RealmUserEvent,
  UserGroupEvent,
  RealmBotEvent,
  RealmUserSettingsDefaultsEvent,
  CustomProfileFieldsEvent,
  UserStatusEvent,
  MutedUsersEvent,
  OnboardingStepsEvent,
  RealmExportConsentEvent,
  InvitesChangedEvent,
  RealmExportEvent,
  RealmPlaygroundsEvent,
  RealmEmojiEvent,
  RealmDomainsEvent,
  DefaultStreamsEvent,
  DefaultStreamGroupsEvent,
  HasZoomTokenEvent,
  RealmEvent,
  UserSettingsEvent,
  UpdateDisplaySettingsEvent,
  UpdateGlobalNotificationsEvent,
  AlertWordsEvent,
  RealmLinkifiersEvent,
  RestartEvent,
  WebReloadClientEvent,
  SubmessageEvent,
  PushDeviceEvent,
]);

/** An event the SDK knows: `switch (event.type)` narrows to its payload. */
export type ChatEvent = z.output<typeof ChatEvent>;

/** The event types the SDK knows. */
export type ChatEventType = ChatEvent['type'];

/**
 * Types an event from `GET /events`. Returns undefined for a type this SDK does not know, or a
 * known type with an `op` it does not know (a newer server's); throws a zod error when a known
 * type and operation lack their fields.
 *
 * @example
 * const { events } = await client.events.get({ queue_id, last_event_id: -1 });
 * for (const raw of events) {
 *   const event = parseEvent(raw);
 *   if (event?.type === 'message') console.log(event.message.content);
 * }
 */
export function parseEvent(payload: ChatEventPayload): ChatEvent | undefined {
  const known = ChatEvent.safeParse(payload);
  if (known.success) return known.data;
  // A discriminator (`type`, or a string `op`) that matches no schema: a newer server's event.
  const unknownKind = known.error.issues.some(
    ({ code, path: [key, ...rest] }) =>
      (code === 'invalid_union' || code === 'invalid_value') && rest.length === 0 && (key === 'type' || (key === 'op' && typeof payload['op'] === 'string')),
  );
  if (unknownKind) return undefined;
  throw known.error;
}
