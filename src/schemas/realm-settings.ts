import * as z from 'zod/mini';
import { Id, successBody } from './common';
import { GroupSettingUpdate } from './group-setting';
import { WelcomeMessageCustomText } from './invite';
import { UpdateSettingsParams } from './settings';

/** Seconds (a positive integer), or `unlimited`. */
const TimeLimit = z.optional(z.union([z.int(), z.string()]));

/**
 * The server's organization types (`Realm.ORG_TYPES`): 0 unspecified, 10 business, 20 open source,
 * 30 education (non-profit), 35 education (for-profit), 40 research, 50 event, 60 non-profit,
 * 70 government, 80 political group, 90 community, 100 personal, 1000 other.
 */
export const OrgType = z.literal([0, 10, 20, 30, 35, 40, 50, 60, 70, 80, 90, 100, 1000]);

/** Parameters of `PATCH /realm`: the organization settings to change (any subset). */
export const UpdateRealmParams = z.object({
  /** At most 40 characters. */
  name: z.optional(z.string()),
  /** At most 1000 characters. */
  description: z.optional(z.string()),
  allow_message_editing: z.optional(z.boolean()),
  message_content_edit_limit_seconds: TimeLimit,
  message_content_delete_limit_seconds: TimeLimit,
  move_messages_within_stream_limit_seconds: TimeLimit,
  move_messages_between_streams_limit_seconds: TimeLimit,
  /** `all`, `moves` or `none`. */
  message_edit_history_visibility_policy: z.optional(z.string()),
  /** Days (a positive integer) or `unlimited`; owners only. */
  message_retention_days: z.optional(z.union([z.int(), z.string()])),
  enable_read_receipts: z.optional(z.boolean()),
  /** `allow_empty_topic` or `disable_empty_topic`. Feature level 392 (before: `mandatory_topics`). */
  topics_policy: z.optional(z.string()),
  /** A channel's ID, or -1 for none. */
  new_stream_announcements_stream_id: z.optional(z.int()),
  /** Where new users are announced: a channel's ID, or -1 for none. */
  signup_announcements_stream_id: z.optional(z.int()),
  /** Where the server announces Zulip updates: a channel's ID, or -1 for none. Feature level 242. */
  zulip_update_announcements_stream_id: z.optional(z.int()),
  /** A private channel's ID, or -1 for none. Feature level 331. */
  moderation_request_channel_id: z.optional(z.int()),
  /**
   * A new subdomain for a demo organization (at most 40 characters); owners only. Any other
   * organization answers `Must be a demo organization.`
   */
  string_id: z.optional(z.string()),
  /** Owners only. */
  emails_restricted_to_domains: z.optional(z.boolean()),
  /** Owners only. */
  disallow_disposable_email_addresses: z.optional(z.boolean()),
  /** Owners only. */
  invite_required: z.optional(z.boolean()),
  /** Feature level 246. */
  require_unique_names: z.optional(z.boolean()),
  name_changes_disabled: z.optional(z.boolean()),
  email_changes_disabled: z.optional(z.boolean()),
  avatar_changes_disabled: z.optional(z.boolean()),
  inline_image_preview: z.optional(z.boolean()),
  inline_url_embed_preview: z.optional(z.boolean()),
  /** A language code the server is translated into. */
  default_language: z.optional(z.string()),
  /** Days a new member waits before joining `role:fullmembers` (0: none). Owners only. */
  waiting_period_threshold: z.optional(z.int().check(z.minimum(0))),
  send_welcome_emails: z.optional(z.boolean()),
  digest_emails_enabled: z.optional(z.boolean()),
  /** 0 (Monday) to 6. */
  digest_weekday: z.optional(z.int()),
  message_content_allowed_in_email_notifications: z.optional(z.boolean()),
  /** The ID of one of `realm_available_video_chat_providers`. */
  video_chat_provider: z.optional(z.int()),
  /** A URL, or `default` for the server's. Feature level 212. */
  jitsi_server_url: z.optional(z.string()),
  /** The ID of one of `giphy_rating_options`. Feature level 55. */
  giphy_rating: z.optional(z.int()),
  default_code_block_language: z.optional(z.string()),
  /** Feature level 109. */
  enable_spectator_access: z.optional(z.boolean()),
  /** Feature level 129. */
  want_advertise_in_communities_directory: z.optional(z.boolean()),
  /** Feature level 348. */
  enable_guest_user_dm_warning: z.optional(z.boolean()),
  enable_guest_user_indicator: z.optional(z.boolean()),
  /** Send mobile push notifications only end-to-end encrypted. Feature level 409. */
  require_e2ee_push_notifications: z.optional(z.boolean()),
  /** Welcome Bot's default custom text for invited users ("" for none); at most 8000 characters. Feature level 416. */
  welcome_message_custom_text: z.optional(z.string()),
  /** Whether Notification Bot posts channel events in the channels. Feature level 434. */
  send_channel_events_messages: z.optional(z.boolean()),
  /** The organization's type (`realm_org_type`): one of {@link OrgType}. */
  org_type: z.optional(OrgType),
  /** Login methods to turn on or off, by backend name (`Email`, `Dev`, ...); owners only. */
  authentication_methods: z.optional(z.record(z.string(), z.boolean())),
  /** Owners only. Feature level 209. */
  create_multiuse_invite_group: z.optional(GroupSettingUpdate),
  /** `role:everyone` or `role:members` only. Feature level 225. */
  can_access_all_users_group: z.optional(GroupSettingUpdate),
  /** Owners only; never `role:nobody`. Feature level 363. */
  can_manage_billing_group: z.optional(GroupSettingUpdate),
  /** Feature level 350. */
  can_summarize_topics_group: z.optional(GroupSettingUpdate),
  can_add_custom_emoji_group: z.optional(GroupSettingUpdate),
  can_add_subscribers_group: z.optional(GroupSettingUpdate),
  can_create_bots_group: z.optional(GroupSettingUpdate),
  /** Owners only. */
  can_create_groups: z.optional(GroupSettingUpdate),
  can_create_private_channel_group: z.optional(GroupSettingUpdate),
  can_create_public_channel_group: z.optional(GroupSettingUpdate),
  can_create_web_public_channel_group: z.optional(GroupSettingUpdate),
  can_create_write_only_bots_group: z.optional(GroupSettingUpdate),
  can_delete_any_message_group: z.optional(GroupSettingUpdate),
  can_delete_own_message_group: z.optional(GroupSettingUpdate),
  /** Who may send email invitations. Owners only. Feature level 321. */
  can_invite_users_group: z.optional(GroupSettingUpdate),
  /** Owners only; never `role:nobody`. */
  can_manage_all_groups: z.optional(GroupSettingUpdate),
  can_mention_many_users_group: z.optional(GroupSettingUpdate),
  can_move_messages_between_channels_group: z.optional(GroupSettingUpdate),
  can_move_messages_between_topics_group: z.optional(GroupSettingUpdate),
  can_resolve_topics_group: z.optional(GroupSettingUpdate),
  /** Who may change channels' `can_delete_any_message_group` and `can_delete_own_message_group`. Feature level 407. */
  can_set_delete_message_policy_group: z.optional(GroupSettingUpdate),
  /** Who may change channels' `topics_policy`. Feature level 392. */
  can_set_topics_policy_group: z.optional(GroupSettingUpdate),
  direct_message_initiator_group: z.optional(GroupSettingUpdate),
  direct_message_permission_group: z.optional(GroupSettingUpdate),
});

/**
 * Success body of `PATCH /realm`: each changed simple setting's new value (text settings as
 * `"updated"`; `message_edit_history_visibility_policy` and `topics_policy`, whenever sent, as their
 * stored number).
 */
export const UpdateRealmResponse = successBody({});

/**
 * Parameters of `PATCH /realm/user_settings_defaults`: the personal settings new users start with.
 * The server takes no default for the language, login and marketing emails or data export (the
 * register state still lists them), so these are not parameters.
 */
export const UpdateRealmUserSettingsDefaultsParams = z.omit(UpdateSettingsParams, {
  full_name: true,
  email: true,
  old_password: true,
  new_password: true,
  timezone: true,
  default_language: true,
  enable_login_emails: true,
  enable_marketing_emails: true,
  allow_private_data_export: true,
});

/** Success body of `PATCH /realm/user_settings_defaults`. */
export const UpdateRealmUserSettingsDefaultsResponse = successBody({});

/**
 * Parameters of `POST /realm/test_welcome_bot_custom_message` (feature level 416): the text to
 * preview, 1 to 8000 characters, sent as is (not stripped).
 */
export const TestWelcomeBotCustomMessageParams = z.object({ welcome_message_custom_text: WelcomeMessageCustomText });

/** Success body of `POST /realm/test_welcome_bot_custom_message`: the ID of the direct message Welcome Bot sent the caller. */
export const TestWelcomeBotCustomMessageResponse = successBody({ message_id: Id });
