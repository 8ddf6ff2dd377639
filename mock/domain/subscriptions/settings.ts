import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import { badRequest, requestVariableInvalid } from '../errors';
import { checkGroupSettingValue } from '../group-setting';
import type { ChannelRecord } from '../../store/store';
import type { MockState } from '../state';

/**
 * The channel group settings requests may set, whether each may be `role:everyone`, in the
 * server's order (`Stream.stream_permission_group_settings`), which its checks and events follow.
 */
export const CHANNEL_GROUP_SETTINGS = {
  can_add_subscribers_group: { allowEveryone: false },
  can_administer_channel_group: { allowEveryone: false },
  can_remove_subscribers_group: { allowEveryone: true },
  can_send_message_group: { allowEveryone: true },
  can_subscribe_group: { allowEveryone: false },
} as const;

/** A channel group setting's name. */
export type ChannelGroupSetting = keyof typeof CHANNEL_GROUP_SETTINGS;

/**
 * Every group setting a channel stores, those requests cannot set yet included, in the server's
 * order (as it lists them in a deactivation's objections).
 */
export const CHANNEL_PERMISSION_SETTINGS = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_remove_subscribers_group',
  'can_send_message_group',
  'can_subscribe_group',
] as const satisfies readonly (keyof ChannelRecord)[];

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
  if ([...cleaned].length > MAX_DESCRIPTION_LENGTH) {
    throw badRequest(`description is too long (limit: ${MAX_DESCRIPTION_LENGTH} characters)`);
  }
  return cleaned;
}
