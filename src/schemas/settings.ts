import * as z from 'zod/mini';
import { successBody } from './common';

/**
 * Parameters of `PATCH /settings`: the caller's name, password and any of their settings (each
 * optional; only what changes emits events).
 */
export const UpdateSettingsParams = z.object({
  /** A new display name. */
  full_name: z.optional(z.string()),
  /**
   * A new address for the account. The server checks it and emails it a confirmation link; the
   * address changes only once that link is followed (the mock sends no email, so it stays).
   */
  email: z.optional(z.string()),
  /** The current password, required to set `new_password`. */
  old_password: z.optional(z.string()),
  new_password: z.optional(z.string()),
  twenty_four_hour_time: z.optional(z.boolean()),
  starred_message_counts: z.optional(z.boolean()),
  receives_typing_notifications: z.optional(z.boolean()),
  web_suggest_update_timezone: z.optional(z.boolean()),
  fluid_layout_width: z.optional(z.boolean()),
  high_contrast_mode: z.optional(z.boolean()),
  enable_drafts_synchronization: z.optional(z.boolean()),
  translate_emoticons: z.optional(z.boolean()),
  display_emoji_reaction_users: z.optional(z.boolean()),
  web_escape_navigates_to_home_view: z.optional(z.boolean()),
  left_side_userlist: z.optional(z.boolean()),
  hide_ai_features: z.optional(z.boolean()),
  enable_stream_desktop_notifications: z.optional(z.boolean()),
  enable_stream_email_notifications: z.optional(z.boolean()),
  enable_stream_push_notifications: z.optional(z.boolean()),
  enable_stream_audible_notifications: z.optional(z.boolean()),
  enable_desktop_notifications: z.optional(z.boolean()),
  enable_sounds: z.optional(z.boolean()),
  enable_offline_email_notifications: z.optional(z.boolean()),
  enable_offline_push_notifications: z.optional(z.boolean()),
  enable_online_push_notifications: z.optional(z.boolean()),
  enable_followed_topic_desktop_notifications: z.optional(z.boolean()),
  enable_followed_topic_email_notifications: z.optional(z.boolean()),
  enable_followed_topic_push_notifications: z.optional(z.boolean()),
  enable_followed_topic_audible_notifications: z.optional(z.boolean()),
  enable_digest_emails: z.optional(z.boolean()),
  enable_marketing_emails: z.optional(z.boolean()),
  enable_login_emails: z.optional(z.boolean()),
  message_content_in_email_notifications: z.optional(z.boolean()),
  pm_content_in_desktop_notifications: z.optional(z.boolean()),
  wildcard_mentions_notify: z.optional(z.boolean()),
  enable_followed_topic_wildcard_mentions_notify: z.optional(z.boolean()),
  automatically_follow_topics_where_mentioned: z.optional(z.boolean()),
  presence_enabled: z.optional(z.boolean()),
  enter_sends: z.optional(z.boolean()),
  send_private_typing_notifications: z.optional(z.boolean()),
  send_stream_typing_notifications: z.optional(z.boolean()),
  send_read_receipts: z.optional(z.boolean()),
  allow_private_data_export: z.optional(z.boolean()),
  web_navigate_to_sent_message: z.optional(z.boolean()),
  /** Summary unread counts in the left sidebar (feature level 398). */
  web_left_sidebar_unreads_count_summary: z.optional(z.boolean()),
  /** Channel folders organize the left sidebar (feature level 411). */
  web_left_sidebar_show_channel_folders: z.optional(z.boolean()),
  /** Channel folders organize the Inbox view (feature level 431). */
  web_inbox_show_channel_folders: z.optional(z.boolean()),
  /** 1 always, 2 in conversation views only, 3 never. */
  web_mark_read_on_scroll_policy: z.optional(z.int()),
  /** 1 the first topic, 2 the channel feed, 3 the list of topics (level 383), 4 the top unread topic (level 401). */
  web_channel_default_view: z.optional(z.int()),
  /** Pixels. */
  web_font_size_px: z.optional(z.int()),
  /** Percent. */
  web_line_height_percent: z.optional(z.int()),
  /** 1 automatic, 2 dark, 3 light. */
  color_scheme: z.optional(z.int()),
  /** 1 automatic, 2 always, 3 never. */
  demote_inactive_streams: z.optional(z.int()),
  /** 1 compact, 2 with status, 3 with avatar and status. */
  user_list_style: z.optional(z.int()),
  /** 1 all channels, 2 unmuted channels, 3 none. */
  web_stream_unreads_count_display_policy: z.optional(z.int()),
  /** Seconds, up to a week. */
  email_notifications_batching_period_seconds: z.optional(z.int()),
  /** 1 all unreads, 2 DMs, mentions and followed topics, 3 DMs and mentions, 4 none. */
  desktop_icon_count_display: z.optional(z.int()),
  /** 1 automatic, 2 always, 3 never. */
  realm_name_in_email_notifications_policy: z.optional(z.int()),
  /** 1 on participation, 2 on send, 3 on initiation, 4 never. */
  automatically_follow_topics_policy: z.optional(z.int()),
  /** 1 on participation, 2 on send, 3 on initiation, 4 never. */
  automatically_unmute_topics_in_muted_streams_policy: z.optional(z.int()),
  /** 1 everyone, 2 members, 3 administrators, 4 nobody, 5 moderators. */
  email_address_visibility: z.optional(z.int()),
  /** A language code, e.g. `de`. */
  default_language: z.optional(z.string()),
  /** `recent_topics`, `inbox` or `all_messages`. */
  web_home_view: z.optional(z.string()),
  /** `google`, `twitter`, `text` or `google-blob`. */
  emojiset: z.optional(z.string()),
  /**
   * Which resolve and unresolve notices start read: `always`, `except_followed` (unread in
   * followed topics) or `never` (feature level 385).
   */
  resolved_topic_notice_auto_read_policy: z.optional(z.string()),
  /** `always`, `on_hover` or `never`. */
  web_animate_image_previews: z.optional(z.string()),
  /** An IANA time zone name, or empty. */
  timezone: z.optional(z.string()),
  /** A sound from `available_notification_sounds`, or `none`. */
  notification_sound: z.optional(z.string()),
});

/** Success body of `PATCH /settings`: nothing beyond success (and any ignored parameters). */
export const UpdateSettingsResponse = successBody({});
