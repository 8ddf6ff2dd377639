import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { UserRecord } from '../../store/store';
import { noteSettingValue } from '../anonymous-setting-groups';
import { badRequest, requestVariableInvalid, roleRequired } from '../errors';
import { checkGroupSettingValue, settingValueChanges } from '../group-setting';
import type { MockState, RealmSettings, SystemGroupName } from '../state';
import { settingForApi } from '../user-groups/settings';
import { moderationRequestChannel, realmSettingChannel } from './realm-channels';
import { authenticationMethodsForApi, requestedAuthenticationMethods } from './authentication-methods';
import { inviteToRealmPolicyGroup } from './invite-policy';
import { updateFullMembers } from '../user-groups/full-members';
import { ownerOnlyProperties, propertyChanges, type RealmPropertiesInput, WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH } from './realm-properties';
import { pythonLength } from '../python-len';

/**
 * The realm's group-valued permission settings, and which values each takes (the server's
 * configuration): its default group, and `since`, the feature level that added a setting the
 * oldest servers the mock can be lack (absent from register below it). In the server's order
 * (`Realm.REALM_PERMISSION_GROUP_SETTINGS`), which its checks and its lists of settings
 * (deactivation objections) follow.
 */
export const REALM_GROUP_SETTINGS = {
  create_multiuse_invite_group: { allowEveryone: false, ownersOnly: true, defaultGroup: 'role:administrators', since: 209 },
  can_access_all_users_group: {
    allowEveryone: true,
    allowNobody: false,
    systemGroups: ['role:everyone', 'role:members'],
    defaultGroup: 'role:everyone',
    since: 225,
  },
  can_add_subscribers_group: { allowEveryone: false, defaultGroup: 'role:members' },
  can_add_custom_emoji_group: { allowEveryone: false, defaultGroup: 'role:members' },
  can_create_bots_group: { allowEveryone: false, defaultGroup: 'role:members' },
  can_create_groups: { allowEveryone: false, ownersOnly: true, defaultGroup: 'role:members' },
  can_create_public_channel_group: { allowEveryone: false, defaultGroup: 'role:members' },
  can_create_private_channel_group: { allowEveryone: false, defaultGroup: 'role:members' },
  can_create_web_public_channel_group: {
    allowEveryone: false,
    systemGroups: ['role:moderators', 'role:administrators', 'role:owners', 'role:nobody'],
    defaultGroup: 'role:owners',
  },
  can_create_write_only_bots_group: { allowEveryone: false, defaultGroup: 'role:members' },
  can_delete_any_message_group: { allowEveryone: false, defaultGroup: 'role:administrators' },
  can_delete_own_message_group: { allowEveryone: true, defaultGroup: 'role:everyone' },
  can_invite_users_group: { allowEveryone: false, ownersOnly: true, defaultGroup: 'role:members', since: 321 },
  can_manage_all_groups: { allowEveryone: false, allowNobody: false, ownersOnly: true, defaultGroup: 'role:owners' },
  can_manage_billing_group: { allowEveryone: false, allowNobody: false, ownersOnly: true, defaultGroup: 'role:administrators', since: 363 },
  can_mention_many_users_group: { allowEveryone: true, defaultGroup: 'role:administrators' },
  can_move_messages_between_channels_group: { allowEveryone: false, defaultGroup: 'role:members' },
  can_move_messages_between_topics_group: { allowEveryone: true, defaultGroup: 'role:everyone' },
  can_resolve_topics_group: { allowEveryone: true, defaultGroup: 'role:everyone' },
  can_set_delete_message_policy_group: { allowEveryone: false, defaultGroup: 'role:moderators', since: 407 },
  can_set_topics_policy_group: { allowEveryone: true, defaultGroup: 'role:members', since: 392 },
  can_summarize_topics_group: { allowEveryone: true, defaultGroup: 'role:everyone', since: 350 },
  direct_message_initiator_group: { allowEveryone: true, defaultGroup: 'role:everyone' },
  direct_message_permission_group: { allowEveryone: true, defaultGroup: 'role:everyone' },
} as const satisfies Partial<Record<keyof RealmSettings, RealmGroupSettingRules>>;

/** How the server configures one realm group setting. */
export interface RealmGroupSettingRules {
  readonly allowEveryone: boolean;
  readonly allowNobody?: boolean;
  /** Only owners may change it. */
  readonly ownersOnly?: boolean;
  /** Only these system groups (and so no other group, nor an anonymous one). */
  readonly systemGroups?: readonly SystemGroupName[];
  /** The group a new realm starts with. */
  readonly defaultGroup: SystemGroupName;
  /** The feature level that added it, where newer than the oldest the mock can be. */
  readonly since?: number;
}

/** A realm group setting's name. */
export type RealmGroupSetting = keyof typeof REALM_GROUP_SETTINGS;

/** The realm group settings' names, in the server's order. */
export const REALM_GROUP_SETTING_NAMES = Object.keys(REALM_GROUP_SETTINGS) as RealmGroupSetting[];

/** Whether a name is one of the realm's group settings. */
export function isRealmGroupSetting(name: string): name is RealmGroupSetting {
  return Object.hasOwn(REALM_GROUP_SETTINGS, name);
}

/** The longest organization name, description and subdomain the server takes. */
const MAX_NAME_LENGTH = 40;
const MAX_DESCRIPTION_LENGTH = 1000;
const MAX_SUBDOMAIN_LENGTH = 40;

/** The announcement channels (any channel the administrator can look up), in the server's order. */
const ANNOUNCEMENT_CHANNEL_SETTINGS = ['new_stream_announcements_stream_id', 'signup_announcements_stream_id', 'zulip_update_announcements_stream_id'] as const;

type AnnouncementChannelSetting = (typeof ANNOUNCEMENT_CHANNEL_SETTINGS)[number];

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
  /** Whether channel messages need a topic, as servers below level 392 took it; kept as `topics_policy`. */
  readonly mandatory_topics?: boolean | undefined;
  readonly new_stream_announcements_stream_id?: number | undefined;
  readonly signup_announcements_stream_id?: number | undefined;
  readonly zulip_update_announcements_stream_id?: number | undefined;
  readonly moderation_request_channel_id?: number | undefined;
  /** A demo organization's new subdomain (owners only). */
  readonly string_id?: string | undefined;
  /** Login methods by the server's backend names (`Dev`, `Email`): owners only. */
  readonly authentication_methods?: Readonly<Record<string, unknown>> | undefined;
  /** Who may send email invitations, as servers below level 321 took it (owners only); see {@link inviteToRealmPolicyGroup}. */
  readonly invite_to_realm_policy?: number | undefined;
  /** One of the server's organization types (checked as the parameter is read). */
  readonly org_type?: number | undefined;
} & RealmPropertiesInput & { readonly [Name in TimeLimit]?: number | string | undefined } & {
  readonly [Name in RealmGroupSetting]?: { readonly new: GroupSettingValue; readonly old?: GroupSettingValue | null | undefined } | undefined;
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

/**
 * One checked change: the setting, its new value, and how its event reads; `store`: the realm
 * fields to set instead, for a setting the mock keeps in other fields.
 */
type Change = {
  readonly setting: string;
  readonly value: unknown;
  readonly event: 'update' | 'update_dict';
  readonly wire: unknown;
  readonly store?: Partial<RealmSettings>;
  /** What the answer says, where not the event's value. */
  readonly answer?: unknown;
  /** An `update_dict` event's data, where more than the setting's own value. */
  readonly data?: Readonly<Record<string, unknown>>;
  /** Answered only: the value is already set, so nothing is stored and no event is sent. */
  readonly unchanged?: true;
};

/**
 * The stored numbers of the two settings the server reads as enums (`MessageEditHistoryVisibilityPolicyEnum`,
 * `RealmTopicsPolicyEnum`). Its answer holds the enum member, which serializes as this number and
 * never equals the stored one, so the setting is answered whenever it is sent, changed or not.
 */
const ENUM_SETTING_IDS = {
  message_edit_history_visibility_policy: { all: 1, moves: 2, none: 3 },
  topics_policy: { allow_empty_topic: 2, disable_empty_topic: 3 },
} as const satisfies Record<string, Record<string, number>>;

/** Every change the request asks for, checked before any is made (changes to the current value are left out). */
function checkedChanges(state: MockState, user: UserRecord, input: UpdateRealmInput): Change[] {
  const { realm } = state;
  const changes: Change[] = [];
  const simple = (setting: keyof RealmSettings, value: unknown, wire: unknown = value, event: 'update' | 'update_dict' = 'update') => {
    if (value !== undefined && realm[setting] !== value) changes.push({ setting, value, event, wire });
  };
  // The server's StringConstraints on both parameters: characters counted, its typed-endpoint message.
  if (input.name !== undefined && pythonLength(input.name) > MAX_NAME_LENGTH) throw badRequest(`name is too long (limit: ${MAX_NAME_LENGTH} characters)`);
  if (input.description !== undefined && pythonLength(input.description) > MAX_DESCRIPTION_LENGTH) {
    throw badRequest(`description is too long (limit: ${MAX_DESCRIPTION_LENGTH} characters)`);
  }
  if (input.string_id !== undefined && pythonLength(input.string_id) > MAX_SUBDOMAIN_LENGTH) {
    throw badRequest(`string_id is too long (limit: ${MAX_SUBDOMAIN_LENGTH} characters)`);
  }
  const welcome = input.welcome_message_custom_text;
  if (welcome !== undefined && pythonLength(welcome) > WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH) {
    throw badRequest(`welcome_message_custom_text is too long (limit: ${WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH} characters)`);
  }
  const invitePolicy = input.invite_to_realm_policy;
  const inviteGroup = invitePolicy === undefined ? undefined : inviteToRealmPolicyGroup(state, invitePolicy);
  const properties = propertyChanges(realm, input);
  const methods = input.authentication_methods;
  if (methods !== undefined && user.role !== ROLE_VALUES.owner) throw roleRequired('Must be an organization owner');
  const methodSettings = methods === undefined ? undefined : requestedAuthenticationMethods(realm, methods);
  if (input.message_retention_days !== undefined && user.role !== ROLE_VALUES.owner) throw roleRequired('Must be an organization owner');
  const ownersOnlyGroups = REALM_GROUP_SETTING_NAMES.filter((setting) => (REALM_GROUP_SETTINGS[setting] as RealmGroupSettingRules).ownersOnly);
  const ownersOnly =
    ownersOnlyGroups.some((setting) => input[setting] !== undefined) || ownerOnlyProperties(input).length > 0 || invitePolicy !== undefined;
  if (ownersOnly && user.role !== ROLE_VALUES.owner) throw roleRequired('Must be an organization owner');
  simple('name', input.name);
  simple('description', input.description);
  for (const { setting, value } of properties) simple(setting, value);
  if (invitePolicy !== undefined && inviteGroup !== realm.can_invite_users_group) {
    changes.push({ setting: 'invite_to_realm_policy', value: invitePolicy, event: 'update', wire: invitePolicy, store: { can_invite_users_group: inviteGroup } });
  }
  simple('allow_message_editing', input.allow_message_editing, input.allow_message_editing, 'update_dict');
  for (const name of TIME_LIMITS) {
    const raw = input[name];
    if (raw === undefined) continue;
    // The edit limit keeps its historical `update_dict` event; the others are plain updates.
    simple(name, timeLimit(name, raw), undefined, name === 'message_content_edit_limit_seconds' ? 'update_dict' : 'update');
  }
  const policy = input.message_edit_history_visibility_policy;
  if (policy !== undefined) {
    const ids: Readonly<Record<string, number>> = ENUM_SETTING_IDS.message_edit_history_visibility_policy;
    if (!Object.hasOwn(ids, policy)) throw badRequest('Invalid message_edit_history_visibility_policy');
    const unchanged = realm.message_edit_history_visibility_policy === policy ? { unchanged: true as const } : {};
    changes.push({ setting: 'message_edit_history_visibility_policy', value: policy, event: 'update', wire: policy, answer: ids[policy], ...unchanged });
  }
  if (input.message_retention_days !== undefined) simple('message_retention_days', retentionDays(input.message_retention_days));
  simple('enable_read_receipts', input.enable_read_receipts);
  const topics = input.topics_policy;
  if (topics !== undefined) {
    const ids: Readonly<Record<string, number>> = ENUM_SETTING_IDS.topics_policy;
    if (!Object.hasOwn(ids, topics)) throw badRequest('Invalid topics_policy');
    // The server's event for it also carries the deprecated `mandatory_topics` it stands for.
    const data = { topics_policy: topics, mandatory_topics: topics === 'disable_empty_topic' };
    const unchanged = realm.topics_policy === topics ? { unchanged: true as const } : {};
    changes.push({ setting: 'topics_policy', value: topics, event: 'update_dict', wire: topics, data, answer: ids[topics], ...unchanged });
  }
  const mandatory = input.mandatory_topics;
  const required = mandatory ? ('disable_empty_topic' as const) : ('allow_empty_topic' as const);
  if (mandatory !== undefined && realm.topics_policy !== required) {
    changes.push({ setting: 'mandatory_topics', value: mandatory, event: 'update', wire: mandatory, store: { topics_policy: required } });
  }
  for (const setting of REALM_GROUP_SETTING_NAMES) {
    const update = input[setting];
    if (update === undefined) continue;
    if (!settingValueChanges(state, settingForApi(state, realm[setting]), update)) continue;
    const next = checkGroupSettingValue(state, setting, update.new, REALM_GROUP_SETTINGS[setting]);
    changes.push({ setting, value: next, event: 'update_dict', wire: next });
  }
  if (methodSettings !== undefined) {
    const wire = authenticationMethodsForApi({ ...realm, ...methodSettings });
    changes.push({ setting: 'authentication_methods', value: wire, event: 'update_dict', wire, store: methodSettings, answer: methods });
  }
  const moderation = input.moderation_request_channel_id;
  if (moderation !== undefined && realm.moderation_request_channel_id !== moderation) {
    changes.push(channelChange('moderation_request_channel_id', moderation, moderationRequestChannel(state, user, moderation)));
  }
  for (const setting of ANNOUNCEMENT_CHANNEL_SETTINGS) {
    const requested = input[setting];
    if (requested === undefined || realm[setting] === requested) continue;
    const channelId = requested < 0 ? null : realmSettingChannel(state, user, requested).id;
    changes.push(channelChange(setting, requested, channelId));
  }
  // Only a demo organization may change its subdomain, and the mock's realm never is one.
  if (input.string_id !== undefined) {
    if (user.role !== ROLE_VALUES.owner) throw roleRequired('Must be an organization owner');
    throw badRequest('Must be a demo organization.');
  }
  // The server sets the type last, with its own action, whether or not it is the current one.
  if (input.org_type !== undefined) changes.push({ setting: 'org_type', value: input.org_type, event: 'update', wire: input.org_type });
  return changes;
}

/**
 * A channel setting's change as the server makes it: any request but the channel already set is
 * one, -1 included when none is set, and its event and answer carry the ID as requested (any
 * negative one meaning none).
 */
function channelChange(setting: 'moderation_request_channel_id' | AnnouncementChannelSetting, requested: number, channelId: number | null): Change {
  return { setting, value: channelId, event: 'update', wire: requested };
}

/** What the server does right after storing a setting: a new waiting period recomputes `role:fullmembers`. */
const FOLLOW_UPS: Readonly<Partial<Record<string, (state: MockState) => void>>> = {
  waiting_period_threshold: (state) => updateFullMembers(state),
};

/**
 * `PATCH /realm` (administrators; owners for the retention period, login methods, invitation
 * and email-domain rules, the waiting period, and who may create and manage groups, invite and
 * manage billing): changes the organization's settings the mock implements. Every value is
 * checked before any changes; each change sends a `realm` event (`update` with `property` and
 * `value`, or `update_dict` with `data` for the editing and permission settings). A new waiting
 * period moves members into or out of `role:fullmembers` right after its event. Answers the
 * changed values (strings as `"updated"`; the two enum settings by number whenever sent;
 * `org_type` whenever sent, with its event), as the server does.
 */
export function updateRealm(state: MockState, user: UserRecord, input: UpdateRealmInput): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  for (const change of checkedChanges(state, user, input)) {
    answer[change.setting] = change.answer ?? (typeof change.wire === 'string' ? 'updated' : change.wire);
    if (change.unchanged) continue;
    if (isRealmGroupSetting(change.setting)) noteSettingValue(state, 'realm', change.setting, state.realm[change.setting], change.value as GroupSettingValue);
    if (change.store) Object.assign(state.realm, change.store);
    else (state.realm as unknown as Record<string, unknown>)[change.setting] = change.value;
    state.events.record(
      change.event === 'update'
        ? { kind: 'realm_changed', op: 'update', property: change.setting, value: change.wire }
        : { kind: 'realm_changed', op: 'update_dict', data: change.data ?? { [change.setting]: change.wire } },
    );
    FOLLOW_UPS[change.setting]?.(state);
  }
  return answer;
}
