import * as z from 'zod/mini';
import { Id, successBody } from './common';
import { GroupSettingValue } from './group-setting';
import { ChannelRetentionDays, TopicsPolicy } from './channel';

/** The name of a channel to create: surrounding whitespace is stripped, and what is left may not be blank. */
export const NewChannelName = z.string();

/** The description of a channel to create: Markdown, at most 1024 characters; newlines become spaces. */
export const NewChannelDescription = z.string();

/**
 * Parameters of `POST /channels/create` (feature level 417), in the order the server reads them.
 * The group settings default as for `POST /users/me/subscriptions`.
 */
export const CreateChannelParams = z.object({
  /** Announce the channel in the organization's new-channel announcements channel (only when it has subscribers). */
  announce: z.optional(z.boolean()),
  can_add_subscribers_group: z.optional(GroupSettingValue),
  /** Checked (anything but `role:nobody` needs `can_set_delete_message_policy_group`), but the server then gives the channel its default. */
  can_delete_any_message_group: z.optional(GroupSettingValue),
  /** As `can_delete_any_message_group`. */
  can_delete_own_message_group: z.optional(GroupSettingValue),
  can_administer_channel_group: z.optional(GroupSettingValue),
  can_move_messages_out_of_channel_group: z.optional(GroupSettingValue),
  can_move_messages_within_channel_group: z.optional(GroupSettingValue),
  can_remove_subscribers_group: z.optional(GroupSettingValue),
  can_resolve_topics_group: z.optional(GroupSettingValue),
  can_send_message_group: z.optional(GroupSettingValue),
  can_subscribe_group: z.optional(GroupSettingValue),
  description: z.optional(NewChannelDescription),
  /** The channel's folder. */
  folder_id: z.optional(Id),
  history_public_to_subscribers: z.optional(z.boolean()),
  invite_only: z.optional(z.boolean()),
  is_web_public: z.optional(z.boolean()),
  /** Make it a default channel for new users (administrators only; never private). */
  is_default_stream: z.optional(z.boolean()),
  /** `realm_default`, `unlimited` or a number of days (owners only). */
  message_retention_days: z.optional(ChannelRetentionDays),
  name: NewChannelName,
  /** The IDs of the users to subscribe; may be empty, and need not include the caller. */
  subscribers: z.array(Id),
  topics_policy: z.optional(TopicsPolicy),
});

/** Success body of `POST /channels/create`: the new channel's ID. */
export const CreateChannelResponse = successBody({ id: Id });
