import { nullable, primaryKey } from '@mswjs/data';

/**
 * The @mswjs/data model dictionary of a realm. Field names follow the API's wire names
 * where a field is also on the wire. Records are frozen once stored; change them through
 * the store.
 */
export const models = {
  user: {
    id: primaryKey(Number),
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
    /** The user's personal recipient (direct messages to them). */
    recipient_id: Number,
  },
  channel: {
    id: primaryKey(Number),
    name: String,
    description: String,
    invite_only: Boolean,
    is_web_public: Boolean,
    history_public_to_subscribers: Boolean,
    /** UNIX seconds. */
    date_created: Number,
    creator_id: nullable(Number),
    first_message_id: nullable(Number),
    is_archived: Boolean,
    topics_policy: String,
    /** User group ID allowed to post. */
    can_send_message_group: Number,
    recipient_id: Number,
  },
  subscription: {
    id: primaryKey(Number),
    user_id: Number,
    channel_id: Number,
    active: Boolean,
    is_muted: Boolean,
    color: String,
  },
  userGroup: {
    id: primaryKey(Number),
    name: String,
    description: String,
    is_system_group: Boolean,
    /** For system groups: the least privileged role value that belongs (empty for role:nobody). */
    max_role: nullable(Number),
    members: () => [] as number[],
    direct_subgroup_ids: () => [] as number[],
    deactivated: Boolean,
    creator_id: nullable(Number),
    date_created: nullable(Number),
  },
  directMessageGroup: {
    /** The sorted participant IDs joined by commas. */
    key: primaryKey(String),
    recipient_id: Number,
    user_ids: () => [] as number[],
  },
  message: {
    id: primaryKey(Number),
    sender_id: Number,
    /** `stream` or `private`, as on the wire. */
    type: String,
    channel_id: nullable(Number),
    recipient_id: Number,
    /** All participants of a direct message, sender included, ascending. */
    dm_user_ids: () => [] as number[],
    topic: String,
    /** Markdown source. */
    content: String,
    rendered_content: String,
    /** UNIX seconds. */
    timestamp: Number,
    client: String,
    is_me_message: Boolean,
  },
  userMessage: {
    /** `${user_id}:${message_id}`. */
    key: primaryKey(String),
    user_id: Number,
    message_id: Number,
    flags: () => [] as string[],
  },
};

/** The model names. */
export type ModelName = keyof typeof models;
