import type { GroupSettingValue } from '../../src/schemas/group-setting';
import { type FieldDescription, key, list, nullable, type ValueOf, value } from './fields';

/** One stored edit of a message: who and when, and the previous and new values of what changed. */
export type EditHistoryRecord = {
  readonly user_id: number;
  /** UNIX seconds. */
  readonly timestamp: number;
  readonly prev_content?: string;
  readonly prev_rendered_content?: string;
  readonly prev_topic?: string;
  readonly topic?: string;
  readonly prev_stream?: number;
  readonly stream?: number;
};

/** A submessage as stored on its message: the API's Submessage without the message ID. */
export type SubmessageRecord = {
  readonly id: number;
  readonly sender_id: number;
  /** `widget` for the data a widget starts with. */
  readonly msg_type: string;
  /** JSON text, handed out as stored. */
  readonly content: string;
};

/**
 * An outgoing webhook's service (bot type 3) or an embedded bot's (type 4). Both keep the URL,
 * format and token they were created with, as the server's one `Service` row does: a URL sent
 * for an embedded bot changes them too.
 */
export interface BotService {
  readonly kind: 'outgoing' | 'embedded';
  readonly name: string;
  readonly base_url: string;
  readonly interface: number;
  readonly token: string;
}

/**
 * The models of a realm (stored with @mswjs/data). Field names follow the API's wire names
 * where a field is also on the wire. Records are frozen once stored; change them through
 * the store.
 */
export const models = {
  /**
   * A bot's settings beyond its user record. A bot without a row (a seeded one) has the
   * defaults: no default channels, not all public channels, no service, no configuration.
   */
  bot: {
    user_id: key(Number),
    default_sending_stream_id: nullable(Number),
    default_events_register_stream_id: nullable(Number),
    default_all_public_streams: Boolean,
    /** An outgoing webhook's or an embedded bot's service; none for the other types. */
    services: value<readonly BotService[]>(),
    /** Incoming webhook and embedded bots' configuration (`config_data`). */
    config_data: value<Record<string, string>>(),
    /** When its owner was last told it sent to a missing or empty channel (ms); null if never. */
    last_owner_alert: nullable(Number),
  },
  user: {
    id: key(Number),
    /** The API email: the real one when visibility is "everyone", else `user{id}@{fake domain}`. */
    email: String,
    delivery_email: String,
    full_name: String,
    role: Number,
    is_active: Boolean,
    is_bot: Boolean,
    bot_type: nullable(Number),
    bot_owner_id: nullable(Number),
    api_key: String,
    password: String,
    /** Milliseconds since the epoch. */
    date_joined: Number,
    timezone: String,
    avatar_version: Number,
    email_address_visibility: Number,
    is_imported_stub: Boolean,
    /** One of the server's cross-realm system bots (the Notification Bot), which live outside the realm. */
    is_system_bot: Boolean,
    /** The user's personal recipient (direct messages to them). */
    recipient_id: Number,
    /** 1 on participation, 2 on send, 3 on initiation, 4 never. */
    automatically_follow_topics_policy: Number,
    /** Same values as `automatically_follow_topics_policy`; applies in muted channels. */
    automatically_unmute_topics_in_muted_streams_policy: Number,
    automatically_follow_topics_where_mentioned: Boolean,
    /** Whether others may see that this user read a message (read receipts). */
    send_read_receipts: Boolean,
    /** Whether the user's typed emoticons (`:)`) render as emoji. */
    translate_emoticons: Boolean,
    /** Server-granted permission to create users through the API (administrators only). */
    can_create_users: Boolean,
    /** Server-granted permission to change other users' addresses through the API. */
    can_change_user_emails: Boolean,
  },
  channel: {
    id: key(Number),
    name: String,
    description: String,
    /** The description rendered as Markdown (HTML). */
    rendered_description: String,
    invite_only: Boolean,
    is_web_public: Boolean,
    history_public_to_subscribers: Boolean,
    /** UNIX seconds. */
    date_created: Number,
    creator_id: nullable(Number),
    first_message_id: nullable(Number),
    is_archived: Boolean,
    topics_policy: String,
    /** Who may post (default role:everyone). */
    can_send_message_group: value<GroupSettingValue>(),
    /** Who may delete any message in the channel (default role:nobody). */
    can_delete_any_message_group: value<GroupSettingValue>(),
    /** Who may delete their own messages in the channel (default role:nobody). */
    can_delete_own_message_group: value<GroupSettingValue>(),
    /** Who may move messages out of the channel (default role:nobody). */
    can_move_messages_out_of_channel_group: value<GroupSettingValue>(),
    /** Who may move messages between the channel's topics (default role:nobody). */
    can_move_messages_within_channel_group: value<GroupSettingValue>(),
    /** Who may resolve and unresolve the channel's topics (default role:nobody). */
    can_resolve_topics_group: value<GroupSettingValue>(),
    /** Who may add others to the channel (default role:nobody). */
    can_add_subscribers_group: value<GroupSettingValue>(),
    /** Who may remove others from the channel (default role:administrators). */
    can_remove_subscribers_group: value<GroupSettingValue>(),
    /** Who may administer the channel (default: its creator, as an anonymous group). */
    can_administer_channel_group: value<GroupSettingValue>(),
    /** Who may subscribe themselves, even to a private channel (default role:nobody). */
    can_subscribe_group: value<GroupSettingValue>(),
    /** Days messages are kept; null inherits the organization's setting, -1 keeps them forever. */
    message_retention_days: nullable(Number),
    folder_id: nullable(Number),
    /** Whether the channel had messages recently (new channels are). */
    is_recently_active: Boolean,
    recipient_id: Number,
  },
  subscription: {
    id: key(Number),
    user_id: Number,
    channel_id: Number,
    active: Boolean,
    is_muted: Boolean,
    color: String,
    pin_to_top: Boolean,
    /** Null inherits the user's global setting, as do the other notification fields. */
    desktop_notifications: nullable(Boolean),
    email_notifications: nullable(Boolean),
    push_notifications: nullable(Boolean),
    audible_notifications: nullable(Boolean),
    wildcard_mentions_notify: nullable(Boolean),
  },
  userGroup: {
    id: key(Number),
    name: String,
    description: String,
    is_system_group: Boolean,
    /** For system groups: the least privileged role value that belongs (empty for role:nobody). */
    max_role: nullable(Number),
    members: list<number>(),
    direct_subgroup_ids: list<number>(),
    deactivated: Boolean,
    creator_id: nullable(Number),
    date_created: nullable(Number),
    /** Who may add members (group-setting value; system groups: role:nobody). */
    can_add_members_group: value<GroupSettingValue>(),
    can_join_group: value<GroupSettingValue>(),
    can_leave_group: value<GroupSettingValue>(),
    can_manage_group: value<GroupSettingValue>(),
    /** Who may mention this group (system groups: role:nobody until changed). */
    can_mention_group: value<GroupSettingValue>(),
    can_remove_members_group: value<GroupSettingValue>(),
  },
  directMessageGroup: {
    /** The sorted participant IDs joined by commas. */
    key: key(String),
    recipient_id: Number,
    user_ids: list<number>(),
  },
  message: {
    id: key(Number),
    sender_id: Number,
    /** `stream` or `private`, as on the wire. */
    type: String,
    channel_id: nullable(Number),
    recipient_id: Number,
    /** All participants of a direct message, sender included, ascending. */
    dm_user_ids: list<number>(),
    topic: String,
    /** Markdown source. */
    content: String,
    rendered_content: String,
    /** UNIX seconds. */
    timestamp: Number,
    /**
     * When it was sent, in clock milliseconds: `timestamp` keeps whole seconds, while the server's
     * time limits (delete, edit, move, resolve undo) compare the exact time elapsed.
     */
    sent_at_ms: Number,
    client: String,
    is_me_message: Boolean,
    /**
     * Whether the last claim of its uploads (on send, on a content edit) linked any: what
     * `has:attachment` reads. Deleting a linked file leaves it set, as on the server.
     */
    has_attachment: Boolean,
    /** UNIX seconds of the last content edit; null if the content was never edited. */
    last_edit_timestamp: nullable(Number),
    /** UNIX seconds of the last move to another topic or channel (resolving aside); null if never moved. */
    last_moved_timestamp: nullable(Number),
    /** The edits and moves, most recent first, as the server stores them (only what changed). */
    edit_history: list<EditHistoryRecord>(),
    /** Widget data and later updates to it (poll votes, tasks), oldest first. */
    submessages: list<SubmessageRecord>(),
  },
  realmEmoji: {
    /** Its `emoji_code` in reactions, as text. */
    id: key(Number),
    /** Unique among the active custom emoji. */
    name: String,
    author_id: nullable(Number),
    deactivated: Boolean,
    /** The image's file name; empty for a seeded emoji, whose image is `{id}.png`. */
    file_name: String,
    /** Whether the image has more than one frame (it then also has a still image). */
    is_animated: Boolean,
  },
  userTopic: {
    /** `${user_id}:${channel_id}:${lower-cased topic}`: topics compare case-insensitively. */
    key: key(String),
    user_id: Number,
    channel_id: Number,
    /** The topic as first written; later writes to the same topic keep this casing. */
    topic_name: String,
    /** 1 muted, 2 unmuted, 3 followed (0, inherit, is the absence of a record). */
    visibility_policy: Number,
    /** UNIX seconds. */
    last_updated: Number,
  },
  draft: {
    id: key(Number),
    user_id: Number,
    /** `stream`, `private` (with recipients) or `""` (unaddressed). */
    type: String,
    /** A channel draft: its channel; a direct one: the participants other than its owner (or the owner alone). */
    to: list<number>(),
    topic: String,
    content: String,
    /** UNIX seconds, as given (the server keeps fractions; the wire shows whole seconds). */
    last_edit_time: Number,
  },
  savedSnippet: {
    id: key(Number),
    user_id: Number,
    /** Stripped, 1 to 60 characters. */
    title: String,
    /** Stripped, 1 to 10,000 characters. */
    content: String,
    /** UNIX seconds. */
    date_created: Number,
  },
  navigationView: {
    /** Never on the wire: the server's row ID, which orders a user's views as they were added. */
    id: key(Number),
    user_id: Number,
    /** Stripped, not empty; unique per user. */
    fragment: String,
    is_pinned: Boolean,
    /** Null for a built-in view; stripped, not empty, unique per user for a custom one. */
    name: nullable(String),
  },
  scheduledMessage: {
    id: key(Number),
    /** The sender (who scheduled it). */
    user_id: Number,
    /** `stream` or `private`. */
    type: String,
    /** As the API shows it: `[channel ID]`, or a direct message's participants other than the sender (or the sender alone). */
    to: list<number>(),
    /** Channel messages only, as it will be sent; `""` for direct messages. */
    topic: String,
    content: String,
    rendered_content: String,
    /** The client that scheduled or last edited it: the delivered message's client. */
    client: String,
    /** UNIX seconds. */
    scheduled_timestamp: Number,
    read_by_sender: Boolean,
    delivered: Boolean,
    delivered_message_id: nullable(Number),
    /** The server tried to send it and failed; `failure_message` says why. */
    failed: Boolean,
    failure_message: nullable(String),
    /**
     * `send_later` (a scheduled message) or `remind` (a reminder: a direct message to the sender
     * alone, which Notification Bot delivers); the server keeps both in one table.
     */
    delivery_type: String,
    /** Reminders only: the message it reminds of. */
    reminder_target_message_id: nullable(Number),
    /** Reminders only: the note as given (`""` for none), formatted again at delivery. */
    reminder_note: nullable(String),
  },
  pushDevice: {
    /** `${user_id}:${kind}:${token}`: a user registers a token once per kind. */
    key: key(String),
    user_id: Number,
    /** `apns` or `fcm`. */
    kind: String,
    token: String,
    /** The iOS app ID for APNs tokens; null for FCM. */
    appid: nullable(String),
  },
  e2eePushDevice: {
    /** `${user_id}:${push_account_id}`: the server keeps one registration per user and account ID. */
    key: key(String),
    user_id: Number,
    /** The client's 64-bit ID of the account on its install. */
    push_account_id: Number,
    /** `apns` or `fcm`. */
    token_kind: String,
    /** The notification key as the client sent it (base64; before level 432, its public key). */
    push_key: String,
    /** The bouncer's ID of the device once registered there; null while pending or after a failure. */
    bouncer_device_id: nullable(Number),
    /** Why the bouncer refused the registration; null while pending or once active. */
    error_code: nullable(String),
  },
  realmDomain: {
    id: key(Number),
    /** Lower-cased, unique in the realm. */
    domain: String,
    allow_subdomains: Boolean,
  },
  realmPlayground: {
    id: key(Number),
    name: String,
    pygments_language: String,
    url_template: String,
  },
  customProfileField: {
    id: key(Number),
    name: String,
    hint: String,
    /** 1 short text, 2 long text, 3 list of options, 4 date, 5 link, 6 users, 7 external account, 8 pronouns. */
    field_type: Number,
    /** JSON text for list (3) and external account (7) fields, else `""`. */
    field_data: String,
    order: Number,
    required: Boolean,
    editable_by_user: Boolean,
    display_in_profile_summary: Boolean,
    use_for_user_matching: Boolean,
  },
  profileValue: {
    /** `${user_id}:${field_id}`. */
    key: key(String),
    user_id: Number,
    field_id: Number,
    /** As the server stores it: text (a users field holds JSON text of the IDs). */
    value: String,
    /** The Markdown rendering of a text field's value; null for other types. */
    rendered_value: nullable(String),
  },
  attachment: {
    id: key(Number),
    /** The uploader. */
    user_id: Number,
    /** The name the file was uploaded with. */
    name: String,
    /** `{realm_id}/{hex}/{token}/{sanitized name}`: the file's path below `/user_uploads/`. */
    path_id: String,
    size: Number,
    content_type: String,
    /** Milliseconds since the epoch. */
    create_time: Number,
    /** The messages that link to the file, ascending. */
    message_ids: list<number>(),
  },
  /** An email invitation (the server's PreregistrationUser with its Confirmation). */
  emailInvite: {
    id: key(Number),
    /** As the inviter wrote it (after `Name <address>` was unwrapped and the text stripped). */
    email: String,
    /** The inviter. */
    referred_by: Number,
    invited_as: Number,
    notify_referrer_on_join: Boolean,
    include_realm_default_subscriptions: Boolean,
    stream_ids: list<number>(),
    group_ids: list<number>(),
    /** When it was created (clock milliseconds). */
    invited_at: Number,
    /** When it expires (clock milliseconds); null never. */
    expires_at: nullable(Number),
    /** The 24-character confirmation key of its link. */
    confirmation_key: String,
    /** The Welcome Bot message its invitee gets instead of the realm's; null: the realm's. */
    welcome_message_custom_text: nullable(String),
    /** 0 pending; 2 revoked because an account with its address was created. */
    status: Number,
  },
  /** A reusable invitation link (the server's MultiuseInvite with its Confirmation). */
  multiuseInvite: {
    id: key(Number),
    referred_by: Number,
    invited_as: Number,
    include_realm_default_subscriptions: Boolean,
    stream_ids: list<number>(),
    group_ids: list<number>(),
    /** When it was created (clock milliseconds). */
    date_sent: Number,
    /** When it expires (clock milliseconds); null never. */
    expires_at: nullable(Number),
    confirmation_key: String,
    /** The Welcome Bot message its invitees get instead of the realm's; null: the realm's. */
    welcome_message_custom_text: nullable(String),
    /** 0 usable, 2 revoked. */
    status: Number,
  },
  /** How many invitation emails went out per UTC day (the server's `invites_sent::day` count). */
  invitesSentDay: {
    /** The end of the day (UNIX seconds of the next midnight, UTC). */
    day_end: key(Number),
    count: Number,
  },
  /** A data export of the realm. */
  realmExport: {
    id: key(Number),
    acting_user_id: Number,
    /** 1 public, 2 full with consent. */
    export_type: Number,
    /** 1 requested, 2 started, 3 succeeded, 4 failed, 5 deleted (the server's RealmExport statuses). */
    status: Number,
    /** Clock milliseconds. */
    date_requested: Number,
    date_failed: nullable(Number),
    date_deleted: nullable(Number),
    /** The tarball's path below the realm's URL once it succeeded (`/user_avatars/exports/...`). */
    export_path: nullable(String),
  },
  /** A channel folder (feature level 389); channels name theirs in `folder_id`. */
  channelFolder: {
    id: key(Number),
    /** As given (not stripped); unique among the folders not archived, ignoring case. */
    name: String,
    description: String,
    /** The description rendered as Markdown (HTML). */
    rendered_description: String,
    /** Where it is listed: its ID when created, its position in the last reorder after. */
    order: Number,
    /** UNIX seconds. */
    date_created: Number,
    creator_id: nullable(Number),
    is_archived: Boolean,
  },
  /** A default channel group: channels offered together to new users. */
  defaultChannelGroup: {
    id: key(Number),
    /** Unique in the realm. */
    name: String,
    description: String,
    /** Its channels' IDs, in the order they were added (the server lists them by channel name). */
    channel_ids: list<number>(),
  },
  botStorageEntry: {
    /** `${user_id}:${name}`. */
    key: key(String),
    user_id: Number,
    /** The stored key, as the bot named it. */
    name: String,
    value: String,
  },
} satisfies Record<string, Record<string, FieldDescription>>;

/** The model names. */
export type ModelName = keyof typeof models;

/** A stored record of a model. Stored records are frozen; change them through the store. */
export type RecordOf<Name extends ModelName> = {
  -readonly [Field in keyof (typeof models)[Name]]: ValueOf<(typeof models)[Name][Field]>;
};
