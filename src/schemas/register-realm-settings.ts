import * as z from 'zod/mini';
import { GroupSettingValue } from './group-setting';
import { ServerReportMessageType } from './message-report';

const flag = z.optional(z.boolean());
const int = z.optional(z.int());
const text = z.optional(z.string());
const group = z.optional(GroupSettingValue);

/** A login method of `realm_authentication_methods`. */
const AuthenticationMethod = z.looseObject({ enabled: z.boolean(), available: z.boolean(), unavailable_reason: z.optional(z.string()) });

/** How a group permission setting may be set (`server_supported_permission_settings`). */
const GroupPermissionSetting = z.looseObject({
  require_system_group: z.boolean(),
  allow_internet_group: z.boolean(),
  allow_nobody_group: z.boolean(),
  allow_everyone_group: z.boolean(),
  default_group_name: z.string(),
  default_for_system_groups: z.optional(z.nullable(z.string())),
  allowed_system_groups: z.optional(z.array(z.string())),
});

const PermissionSettings = z.record(z.string(), GroupPermissionSetting);

/**
 * `realm` state keys of `POST /register` for the organization's settings and the server's
 * configuration. Each optional: the state holds only what was asked for, and older servers lack
 * the newer ones (the feature level in brackets).
 */
export const RegisterRealmSettingsFields = {
  realm_emails_restricted_to_domains: flag,
  realm_disallow_disposable_email_addresses: flag,
  realm_invite_required: flag,
  /** (246) */
  realm_require_unique_names: flag,
  realm_name_changes_disabled: flag,
  realm_email_changes_disabled: flag,
  realm_avatar_changes_disabled: flag,
  realm_send_welcome_emails: flag,
  /** Digest emails are sent: the setting, and the server sends them at all. */
  realm_digest_emails_enabled: flag,
  /** 0 (Monday) to 6. */
  realm_digest_weekday: int,
  realm_message_content_allowed_in_email_notifications: flag,
  /** (109) Logged-out visitors may read web-public channels. */
  realm_enable_spectator_access: flag,
  /** (129) */
  realm_want_advertise_in_communities_directory: flag,
  /** (212) The realm's own Jitsi server; null: the server's (`server_jitsi_server_url`). */
  realm_jitsi_server_url: z.optional(z.nullable(z.string())),
  /** (55) The ID of one of `giphy_rating_options`. */
  realm_giphy_rating: int,
  /** Before feature level 195, null for none. */
  realm_default_code_block_language: z.optional(z.nullable(z.string())),
  /** (348) */
  realm_enable_guest_user_dm_warning: flag,
  /** (392) `allow_empty_topic` or `disable_empty_topic`: the default of channels whose `topics_policy` is `inherit`. */
  realm_topics_policy: text,
  /** (409) Mobile push notifications are sent only end-to-end encrypted. */
  realm_require_e2ee_push_notifications: flag,
  /** (416) Welcome Bot's default custom text for invited users ("": none). */
  realm_welcome_message_custom_text: text,
  /** (434) Notification Bot posts channel events in the channels. */
  realm_send_channel_events_messages: flag,
  /**
   * Login methods by backend name (`Email`, `Dev`, `GitHub`, ...); before feature level 241 each
   * was only whether it is enabled.
   */
  realm_authentication_methods: z.optional(z.record(z.string(), z.union([AuthenticationMethod, z.boolean()]))),
  realm_email_auth_enabled: flag,
  realm_password_auth_enabled: flag,
  /** (209) */
  realm_create_multiuse_invite_group: group,
  /** (225) `role:everyone`, or `role:members`: guests see only the users they share a channel with. */
  realm_can_access_all_users_group: group,
  /** (363) */
  realm_can_manage_billing_group: group,
  /** (350) */
  realm_can_summarize_topics_group: group,
  /** (392) Who may change channels' `topics_policy`. */
  realm_can_set_topics_policy_group: group,
  /** (407) Who may change channels' delete permissions. */
  realm_can_set_delete_message_policy_group: group,
  /** Deprecated policies standing for `realm_can_create_*_channel_group` and `realm_can_mention_many_users_group`. */
  realm_create_public_stream_policy: int,
  realm_create_private_stream_policy: int,
  realm_create_web_public_stream_policy: int,
  realm_wildcard_mention_policy: int,
  /**
   * Below feature level 321, where `realm_can_invite_users_group` replaced it: who may send email
   * invitations, 1 members, 2 administrators, 3 full members, 4 moderators, 6 nobody.
   */
  realm_invite_to_realm_policy: int,
  /**
   * Below the feature level of the group settings that replaced each (see their changelog): who
   * may add custom emoji (307), delete their own messages (291), move messages between topics
   * (316) and channels (310), subscribe others (341), create user groups (299) and bots (344),
   * and send direct messages (270). Most: 1 members, 2 administrators, 3 full members, 4
   * moderators, 5 everyone, 6 nobody; bots: 1 members, 2 generic bots administrators only, 3
   * administrators; direct messages: 1 allowed, 2 disabled.
   */
  realm_add_custom_emoji_policy: int,
  realm_delete_own_message_policy: int,
  realm_edit_topic_policy: int,
  realm_move_messages_between_streams_policy: int,
  realm_invite_to_stream_policy: int,
  realm_user_group_edit_policy: int,
  realm_bot_creation_policy: int,
  realm_private_message_policy: int,
  /** Below feature level 102: who may create channels (public and private alike), 1 to 4 as above. */
  realm_create_stream_policy: int,
  /** (331) A channel ID; -1 for none. */
  realm_moderation_request_channel_id: int,
  realm_logo_url: text,
  /** `D` (default) or `U` (uploaded). */
  realm_logo_source: text,
  realm_night_logo_url: text,
  realm_night_logo_source: text,
  /** (72) null: no quota. */
  realm_upload_quota_mib: z.optional(z.nullable(z.int())),
  max_icon_file_size_mib: int,
  max_logo_file_size_mib: int,
  /** (231) UNIX seconds; null: no end. */
  realm_push_notifications_enabled_end_timestamp: z.optional(z.nullable(z.int())),
  /** Removed at feature level 426. */
  realm_is_zephyr_mirror_realm: flag,
  zulip_plan_is_not_limited: flag,
  upgrade_text_for_wide_organization_logo: text,
  realm_default_external_accounts: z.optional(z.record(z.string(), z.looseObject({ text: z.string(), url_pattern: z.string(), name: z.string(), hint: z.string() }))),
  settings_send_digest_emails: flag,
  development_environment: flag,
  /** Changes when the server restarts. */
  server_generation: int,
  /** (338) */
  password_max_length: int,
  password_min_guesses: int,
  giphy_rating_options: z.optional(z.record(z.string(), z.looseObject({ name: z.string(), id: z.int() }))),
  server_inline_image_preview: flag,
  server_inline_url_embed_preview: flag,
  server_avatar_changes_disabled: flag,
  server_name_changes_disabled: flag,
  /** (110) */
  server_web_public_streams_enabled: flag,
  /** (212) null: no default Jitsi server. */
  server_jitsi_server_url: z.optional(z.nullable(z.string())),
  /** (350) */
  server_can_summarize_topics: flag,
  /** (221) */
  server_supported_permission_settings: z.optional(z.looseObject({ realm: PermissionSettings, stream: PermissionSettings, group: PermissionSettings })),
  /** (332) */
  server_min_deactivated_realm_deletion_days: z.optional(z.nullable(z.int())),
  server_max_deactivated_realm_deletion_days: z.optional(z.nullable(z.int())),
  /** (435) The message report types, in the server's order: `key` is a `report_type`. */
  server_report_message_types: z.optional(z.array(ServerReportMessageType)),
  /** (94) Only for demo organizations: UNIX seconds. */
  demo_organization_scheduled_deletion_date: int,
  /** `realm_embedded_bots`: the bots the server can run itself, with their configuration template. */
  realm_embedded_bots: z.optional(z.array(z.looseObject({ name: z.string(), config: z.record(z.string(), z.string()) }))),
  /**
   * `realm_incoming_webhook_bots`: the incoming webhook integrations the server offers; `display_name`
   * and `all_event_types` (null: no filtering by event type) from feature level 207, `config_options` from 318
   * (from 403 creation data only), `url_options` (the parameters of the integration's URL) from 403.
   */
  realm_incoming_webhook_bots: z.optional(
    z.array(
      z.looseObject({
        name: z.string(),
        display_name: z.optional(z.string()),
        all_event_types: z.optional(z.nullable(z.array(z.string()))),
        config_options: z.optional(z.array(z.looseObject({ key: z.string(), label: z.string(), validator: z.string() }))),
        url_options: z.optional(z.array(z.looseObject({ key: z.string(), label: z.string(), validator: z.string() }))),
      }),
    ),
  ),
  /** `stop_words`: words full-text search ignores. */
  stop_words: z.optional(z.array(z.string())),
  /** `giphy`: the server's GIPHY API key ("" without one). */
  giphy_api_key: text,
};
