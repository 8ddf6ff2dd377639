import { isSystemBot } from '../accounts/visibility';
import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import { badRequest, requestVariableInvalid } from '../errors';
import { normalizedSettingValue, storedAnonymousValue } from '../group-setting';
import type { MockState, SystemGroupName } from '../state';

/** The channel group settings, and whether each may be `role:everyone` (as on the server). */
export const CHANNEL_GROUP_SETTINGS = {
  can_add_subscribers_group: { allowEveryone: false },
  can_remove_subscribers_group: { allowEveryone: true },
  can_administer_channel_group: { allowEveryone: false },
  can_send_message_group: { allowEveryone: true },
  can_subscribe_group: { allowEveryone: false },
} as const;

/** A channel group setting's name. */
export type ChannelGroupSetting = keyof typeof CHANNEL_GROUP_SETTINGS;

function systemGroupName(state: MockState, groupId: number): SystemGroupName | undefined {
  const entry = Object.entries(state.realm.system_groups).find(([, id]) => id === groupId);
  return entry?.[0] as SystemGroupName | undefined;
}

/**
 * Checks a group-setting value for a channel setting as the server does: normalised as it stores
 * it ({@link normalizedSettingValue}), existing groups, and no `role:internet` (nor
 * `role:everyone` where not allowed).
 */
export function checkChannelGroupSetting(
  state: MockState,
  setting: ChannelGroupSetting,
  given: GroupSettingValue,
): GroupSettingValue {
  const value = normalizedSettingValue(state, given);
  const groupIds = typeof value === 'number' ? [value] : value.direct_subgroups;
  for (const groupId of groupIds) {
    const group = state.store.tables.userGroup.get(groupId);
    if (!group || group.deactivated) throw badRequest('Invalid user group');
    const name = systemGroupName(state, groupId);
    if (name === 'role:internet' || (name === 'role:everyone' && !CHANNEL_GROUP_SETTINGS[setting].allowEveryone)) {
      throw badRequest(`'${setting}' setting cannot be set to '${name}' group.`);
    }
  }
  if (typeof value !== 'number') {
    for (const userId of value.direct_members) {
      const member = state.store.tables.user.get(userId);
      if (!member?.is_active || isSystemBot(member)) throw badRequest('Invalid user ID: ' + userId);
    }
  }
  return typeof value === 'number' ? value : storedAnonymousValue(value);
}

/**
 * Reads `message_retention_days`: `realm_default` (null: inherit), `unlimited` (-1) or a positive
 * number of days; anything else is the server's `REQUEST_VARIABLE_INVALID`.
 */
export function parseRetentionDays(value: number | string): number | null {
  const text = typeof value === 'string' ? value.trim().replace(/^"(.*)"$/, '$1') : String(value);
  if (text === 'realm_default') return null;
  if (text === 'unlimited') return -1;
  if (/^\d+$/.test(text) && Number(text) > 0) return Number(text);
  throw requestVariableInvalid('message_retention_days', typeof value === 'number' ? value : text);
}

/** The maximum length of a channel description. */
export const MAX_DESCRIPTION_LENGTH = 1024;

/** A description as the server stores it: newlines become spaces; at most 1024 characters. */
export function checkDescription(description: string): string {
  const cleaned = description.replace(/\r?\n/g, ' ');
  if ([...cleaned].length > MAX_DESCRIPTION_LENGTH) {
    throw badRequest(`description is too long (limit: ${MAX_DESCRIPTION_LENGTH} characters)`);
  }
  return cleaned;
}
