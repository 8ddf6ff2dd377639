import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { UserRecord } from '../../store/store';
import { INVALID_CHANNEL_ID } from '../channel-access';
import { channelWithMetadataAccess } from '../subscriptions/access';
import { badRequest, requestVariableInvalid, roleRequired } from '../errors';
import { checkGroupSettingValue, settingValueChanges } from '../group-setting';
import type { MockState, RealmSettings } from '../state';
import { settingForApi } from '../user-groups/settings';

/**
 * The realm's group-valued permission settings, and which values each takes (the server's
 * configuration), in the server's order (`Realm.REALM_PERMISSION_GROUP_SETTINGS`), which its
 * checks and its lists of settings (deactivation objections) follow.
 */
export const REALM_GROUP_SETTINGS = {
  can_add_subscribers_group: { allowEveryone: false },
  can_add_custom_emoji_group: { allowEveryone: false },
  can_create_bots_group: { allowEveryone: false },
  can_create_groups: { allowEveryone: false, ownersOnly: true },
  can_create_public_channel_group: { allowEveryone: false },
  can_create_private_channel_group: { allowEveryone: false },
  can_create_web_public_channel_group: { allowEveryone: false, systemGroups: ['role:moderators', 'role:administrators', 'role:owners', 'role:nobody'] },
  can_create_write_only_bots_group: { allowEveryone: false },
  can_delete_any_message_group: { allowEveryone: false },
  can_delete_own_message_group: { allowEveryone: true },
  can_manage_all_groups: { allowEveryone: false, allowNobody: false, ownersOnly: true },
  can_mention_many_users_group: { allowEveryone: true },
  can_move_messages_between_channels_group: { allowEveryone: false },
  can_move_messages_between_topics_group: { allowEveryone: true },
  can_resolve_topics_group: { allowEveryone: true },
  direct_message_initiator_group: { allowEveryone: true },
  direct_message_permission_group: { allowEveryone: true },
} as const satisfies Partial<Record<keyof RealmSettings, { allowEveryone: boolean; allowNobody?: boolean; ownersOnly?: boolean; systemGroups?: readonly string[] }>>;

/**
 * The realm's `can_invite_users_group`: the mock has no invitations, so it cannot be changed and
 * is the server's default, members.
 */
export function inviteUsersGroup(state: Pick<MockState, 'realm'>): number {
  return state.realm.system_groups['role:members'];
}

/** A realm group setting's name. */
export type RealmGroupSetting = keyof typeof REALM_GROUP_SETTINGS;

/** The realm group settings' names, in the server's order. */
export const REALM_GROUP_SETTING_NAMES = Object.keys(REALM_GROUP_SETTINGS) as RealmGroupSetting[];

/** Whether a name is one of the realm's group settings. */
export function isRealmGroupSetting(name: string): name is RealmGroupSetting {
  return Object.hasOwn(REALM_GROUP_SETTINGS, name);
}

/**
 * The channel for new-channel announcements: the server looks it up without requiring content
 * access, so an administrator may name a private channel they are not subscribed to.
 */
function announcementsChannel(state: MockState, user: UserRecord, channelId: number) {
  const channel = channelWithMetadataAccess(state, user, channelId);
  if (channel.is_archived) throw badRequest(INVALID_CHANNEL_ID);
  return channel;
}

/** The longest organization name and description the server takes. */
const MAX_NAME_LENGTH = 40;
const MAX_DESCRIPTION_LENGTH = 1000;

/** Time limits: positive seconds, or `unlimited` (stored as null). */
const TIME_LIMITS = [
  'message_content_edit_limit_seconds',
  'message_content_delete_limit_seconds',
  'move_messages_within_stream_limit_seconds',
  'move_messages_between_streams_limit_seconds',
] as const;

type TimeLimit = (typeof TIME_LIMITS)[number];

/** What `PATCH /realm` reads (the settings the mock implements). */
export type UpdateRealmInput = {
  readonly name?: string | undefined;
  readonly description?: string | undefined;
  readonly allow_message_editing?: boolean | undefined;
  readonly message_edit_history_visibility_policy?: string | undefined;
  readonly message_retention_days?: number | string | undefined;
  readonly enable_read_receipts?: boolean | undefined;
  readonly topics_policy?: string | undefined;
  readonly new_stream_announcements_stream_id?: number | undefined;
} & { readonly [Name in TimeLimit]?: number | string | undefined } & {
  readonly [Name in RealmGroupSetting]?: { readonly new: GroupSettingValue; readonly old?: GroupSettingValue | undefined } | undefined;
};

function timeLimit(name: string, value: number | string): number | null {
  if (value === 'unlimited') return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) throw requestVariableInvalid(name, value);
  return value;
}

function retentionDays(value: number | string): number {
  if (value === 'unlimited') return -1;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) throw requestVariableInvalid('message_retention_days', value);
  return value;
}

/** One checked change: the setting, its new value, and how its event reads. */
type Change = { readonly setting: keyof RealmSettings; readonly value: unknown; readonly event: 'update' | 'update_dict'; readonly wire: unknown };

/** Every change the request asks for, checked before any is made (changes to the current value are left out). */
function checkedChanges(state: MockState, user: UserRecord, input: UpdateRealmInput): Change[] {
  const { realm } = state;
  const changes: Change[] = [];
  const simple = (setting: keyof RealmSettings, value: unknown, wire: unknown = value, event: 'update' | 'update_dict' = 'update') => {
    if (value !== undefined && realm[setting] !== value) changes.push({ setting, value, event, wire });
  };
  // The server's StringConstraints on both parameters: characters counted, its typed-endpoint message.
  if (input.description !== undefined && [...input.description].length > MAX_DESCRIPTION_LENGTH) {
    throw badRequest(`description is too long (limit: ${MAX_DESCRIPTION_LENGTH} characters)`);
  }
  if (input.name !== undefined && [...input.name].length > MAX_NAME_LENGTH) throw badRequest(`name is too long (limit: ${MAX_NAME_LENGTH} characters)`);
  if (input.message_retention_days !== undefined && user.role !== ROLE_VALUES.owner) throw roleRequired('Must be an organization owner');
  for (const setting of REALM_GROUP_SETTING_NAMES) {
    const rules: { allowEveryone: boolean; allowNobody?: boolean; ownersOnly?: boolean } = REALM_GROUP_SETTINGS[setting];
    if (input[setting] !== undefined && rules.ownersOnly && user.role !== ROLE_VALUES.owner) throw roleRequired('Must be an organization owner');
  }
  simple('name', input.name);
  simple('description', input.description);
  simple('allow_message_editing', input.allow_message_editing, input.allow_message_editing, 'update_dict');
  for (const name of TIME_LIMITS) {
    const raw = input[name];
    if (raw === undefined) continue;
    // The edit limit keeps its historical `update_dict` event; the others are plain updates.
    simple(name, timeLimit(name, raw), undefined, name === 'message_content_edit_limit_seconds' ? 'update_dict' : 'update');
  }
  const policy = input.message_edit_history_visibility_policy;
  if (policy !== undefined && !['all', 'moves', 'none'].includes(policy)) throw badRequest('Invalid message_edit_history_visibility_policy');
  simple('message_edit_history_visibility_policy', policy);
  if (input.message_retention_days !== undefined) simple('message_retention_days', retentionDays(input.message_retention_days));
  simple('enable_read_receipts', input.enable_read_receipts);
  const topics = input.topics_policy;
  if (topics !== undefined && topics !== 'allow_empty_topic' && topics !== 'disable_empty_topic') throw badRequest('Invalid topics_policy');
  simple('topics_policy', topics);
  const announcements = input.new_stream_announcements_stream_id;
  if (announcements !== undefined) {
    const channelId = announcements < 0 ? null : announcementsChannel(state, user, announcements).id;
    simple('new_stream_announcements_stream_id', channelId, channelId ?? -1);
  }
  for (const setting of REALM_GROUP_SETTING_NAMES) {
    const update = input[setting];
    if (update === undefined) continue;
    if (!settingValueChanges(state, settingForApi(state, realm[setting]), update)) continue;
    const next = checkGroupSettingValue(state, setting, update.new, REALM_GROUP_SETTINGS[setting]);
    changes.push({ setting, value: next, event: 'update_dict', wire: next });
  }
  return changes;
}

/**
 * `PATCH /realm` (administrators; owners for the retention period and who may create and
 * manage groups): changes the organization's settings the mock implements. Every value is
 * checked before any changes; each change sends a `realm` event (`update` with `property` and
 * `value`, or `update_dict` with `data` for the editing and permission settings). Answers the
 * changed values (strings as `"updated"`), as the server does.
 */
export function updateRealm(state: MockState, user: UserRecord, input: UpdateRealmInput): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  for (const change of checkedChanges(state, user, input)) {
    (state.realm as unknown as Record<string, unknown>)[change.setting] = change.value;
    state.events.record({ kind: 'realm_changed', op: change.event, property: change.setting, value: change.wire });
    answer[change.setting] = typeof change.wire === 'string' ? 'updated' : change.wire;
  }
  return answer;
}
