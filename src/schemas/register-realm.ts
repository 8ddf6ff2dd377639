import * as z from 'zod/mini';

/** A video call provider a realm may choose (`realm_available_video_chat_providers`). */
export const VideoChatProvider = z.looseObject({ name: z.string(), id: z.int() });
/** A video call provider (`realm_available_video_chat_providers`). */
export type VideoChatProvider = z.output<typeof VideoChatProvider>;

/**
 * `realm` state keys of `POST /register` that clients commonly read, beside the limits and
 * periods: each optional, as the state holds only what was asked for.
 */
export const RegisterRealmFields = {
  /** Deprecated alias of `realm_url`. */
  realm_uri: z.optional(z.string()),
  /** Whether channel messages need a topic; deprecated at feature level 392 for `realm_topics_policy`. */
  realm_mandatory_topics: z.optional(z.boolean()),
  realm_icon_url: z.optional(z.string()),
  /** `G` (Gravatar identicon) or `U` (uploaded). */
  realm_icon_source: z.optional(z.string()),
  /** UNIX seconds. */
  realm_date_created: z.optional(z.int()),
  /** Presence is neither sent nor shown. */
  realm_presence_disabled: z.optional(z.boolean()),
  realm_default_language: z.optional(z.string()),
  /** Days before a member counts as a full member. */
  realm_waiting_period_threshold: z.optional(z.int()),
  /** The domain of bots' addresses. */
  realm_bot_domain: z.optional(z.string()),
  realm_inline_image_preview: z.optional(z.boolean()),
  realm_inline_url_embed_preview: z.optional(z.boolean()),
  /** The ID of one of `realm_available_video_chat_providers` (0: none). */
  realm_video_chat_provider: z.optional(z.int()),
  realm_available_video_chat_providers: z.optional(z.record(z.string(), VideoChatProvider)),
  /** The Jitsi server calls use: the realm's own, else the server's. */
  jitsi_server_url: z.optional(z.nullable(z.string())),
  realm_push_notifications_enabled: z.optional(z.boolean()),
  realm_enable_guest_user_indicator: z.optional(z.boolean()),
  /** The organization type (10: business, ...). */
  realm_org_type: z.optional(z.int()),
  /** 1 self-hosted, 2 limited, 3 standard, ... */
  realm_plan_type: z.optional(z.int()),
  /** Channel IDs; -1 for none. */
  realm_new_stream_announcements_stream_id: z.optional(z.int()),
  realm_signup_announcements_stream_id: z.optional(z.int()),
  realm_zulip_update_announcements_stream_id: z.optional(z.int()),
  password_min_length: z.optional(z.int()),
  max_avatar_file_size_mib: z.optional(z.int()),
  /** The server is too old: clients should show an upgrade notice. */
  server_needs_upgrade: z.optional(z.boolean()),
  /** A JSON file of the server's Unicode emoji names by code (`code_to_names`). */
  server_emoji_data_url: z.optional(z.string()),
};
