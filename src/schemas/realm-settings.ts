import * as z from 'zod/mini';
import { successBody } from './common';
import { GroupSettingUpdate } from './group-setting';
import { UpdateSettingsParams } from './settings';

/** Seconds (a positive integer), or `unlimited`. */
const TimeLimit = z.optional(z.union([z.int(), z.string()]));

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
  /** `allow_empty_topic` or `disable_empty_topic`. */
  topics_policy: z.optional(z.string()),
  /** A channel's ID, or -1 for none. */
  new_stream_announcements_stream_id: z.optional(z.int()),
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
  /** Owners only; never `role:nobody`. */
  can_manage_all_groups: z.optional(GroupSettingUpdate),
  can_mention_many_users_group: z.optional(GroupSettingUpdate),
  can_move_messages_between_channels_group: z.optional(GroupSettingUpdate),
  can_move_messages_between_topics_group: z.optional(GroupSettingUpdate),
  can_resolve_topics_group: z.optional(GroupSettingUpdate),
  direct_message_initiator_group: z.optional(GroupSettingUpdate),
  direct_message_permission_group: z.optional(GroupSettingUpdate),
});

/** Success body of `PATCH /realm`: each changed simple setting's new value (text settings as `"updated"`). */
export const UpdateRealmResponse = successBody({});

/**
 * Parameters of `PATCH /realm/user_settings_defaults`: the personal settings new users start with.
 * The server takes no default for the language, login and marketing emails or data export (the
 * register state still lists them), so these are not parameters.
 */
export const UpdateRealmUserSettingsDefaultsParams = z.omit(UpdateSettingsParams, {
  full_name: true,
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
