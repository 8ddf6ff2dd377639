import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import { badRequest, requestVariableInvalid } from '../errors';
import { checkGroupSettingValue } from '../group-setting';
import type { MockState } from '../state';
import { pythonLength } from '../python-len';

/**
 * The channel group settings requests may set, whether each may be `role:everyone`, and the
 * feature level that added it where newer than the operations (below it the server ignores the
 * parameter and sends no such field), in the server's order (`Stream.stream_permission_group_settings`),
 * which its checks, events and a deactivation's objections follow. `can_create_topic_group`
 * (level 441) is newer than the mock.
 */
export const CHANNEL_GROUP_SETTINGS = {
  can_add_subscribers_group: { allowEveryone: false, since: 342 },
  can_administer_channel_group: { allowEveryone: false, since: 325 },
  can_delete_any_message_group: { allowEveryone: true, since: 407 },
  can_delete_own_message_group: { allowEveryone: true, since: 407 },
  can_move_messages_out_of_channel_group: { allowEveryone: true, since: 396 },
  can_move_messages_within_channel_group: { allowEveryone: true, since: 396 },
  // Level 161, older than the SDK's schemas read (they require it).
  can_remove_subscribers_group: { allowEveryone: true, since: undefined },
  can_send_message_group: { allowEveryone: true, since: 333 },
  can_subscribe_group: { allowEveryone: false, since: 357 },
  can_resolve_topics_group: { allowEveryone: true, since: 402 },
} as const satisfies Record<string, { allowEveryone: boolean; since: number | undefined }>;

/** A channel group setting's name. */
export type ChannelGroupSetting = keyof typeof CHANNEL_GROUP_SETTINGS;

/** Every channel group setting, in the server's order. */
export const CHANNEL_PERMISSION_SETTINGS = Object.keys(CHANNEL_GROUP_SETTINGS) as readonly ChannelGroupSetting[];

/** The settings only users in the realm's `can_set_delete_message_policy_group` may set (level 407). */
export const DELETE_POLICY_SETTINGS: readonly ChannelGroupSetting[] = ['can_delete_any_message_group', 'can_delete_own_message_group'];

/** Whether a server that has the levels `has` says it has knows this channel setting. */
export function knowsChannelSettingAt(has: (level: number) => boolean, setting: ChannelGroupSetting): boolean {
  const since: number | undefined = CHANNEL_GROUP_SETTINGS[setting].since;
  return since === undefined || has(since);
}

/**
 * Checks a group-setting value for a channel setting as the server does (see
 * {@link checkGroupSettingValue}): a named group must exist, be active and not be `role:internet`
 * (nor `role:everyone` where the setting forbids it); an anonymous one takes any active users and
 * groups. Answers the value normalised, as it is stored.
 */
export function checkChannelGroupSetting(state: MockState, setting: ChannelGroupSetting, value: GroupSettingValue): GroupSettingValue {
  return checkGroupSettingValue(state, setting, value, { allowEveryone: CHANNEL_GROUP_SETTINGS[setting].allowEveryone });
}

/**
 * Reads `message_retention_days`, decoded from its JSON: the strings `realm_default` (null:
 * inherit) and `unlimited` (-1), or a positive number of days; any other string or number is the
 * server's `REQUEST_VARIABLE_INVALID` (`Bad value for 'message_retention_days': 30` for `"30"`).
 */
export function parseRetentionDays(value: number | string): number | null {
  if (value === 'realm_default') return null;
  if (value === 'unlimited') return -1;
  if (typeof value === 'string' || value <= 0) throw requestVariableInvalid('message_retention_days', value);
  return value;
}

/** The maximum length of a channel description. */
export const MAX_DESCRIPTION_LENGTH = 1024;

/** A description as the server stores it: each `\n` becomes a space (a `\r` stays); at most 1024 characters. */
export function checkDescription(description: string): string {
  const cleaned = description.replaceAll('\n', ' ');
  if (pythonLength(cleaned) > MAX_DESCRIPTION_LENGTH) {
    throw badRequest(`description is too long (limit: ${MAX_DESCRIPTION_LENGTH} characters)`);
  }
  return cleaned;
}
