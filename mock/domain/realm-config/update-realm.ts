import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { UserRecord } from '../../store/store';
import { noteSettingValue } from '../anonymous-setting-groups';
import { badRequest, roleRequired } from '../errors';
import { checkGroupSettingValue, normalizedSettingValue, settingValueChanges } from '../group-setting';
import type { MockState, RealmSettings } from '../state';
import { settingForApi } from '../user-groups/settings';
import { updateFullMembers } from '../user-groups/full-members';
import { authenticationMethodsForApi, requestedAuthenticationMethods } from './authentication-methods';
import { applyRealmEmailAddressVisibility, realmEmailAddressVisibility } from './realm-email-visibility';
import { moderationRequestChannel, realmSettingChannel } from './realm-channels';
import { isReplacedPolicyName, REPLACED_POLICIES, replacedPolicyGroups, replacedPolicyValue, type ReplacedPolicy, type ReplacedPolicyName } from './replaced-policies';
import { type RealmPropertiesInput, storedJitsiUrl } from './realm-properties';
import { isRealmGroupSetting, REALM_GROUP_SETTING_NAMES, REALM_GROUP_SETTINGS, type RealmGroupSetting } from './realm-settings';
import { checkUpdateRealm, ENUM_SETTING_IDS, retentionDays, timeLimit } from './update-realm-checks';

/** Time limits, in the order the server reads them. */
const TIME_LIMITS = [
  'message_content_delete_limit_seconds',
  'message_content_edit_limit_seconds',
  'move_messages_within_stream_limit_seconds',
  'move_messages_between_streams_limit_seconds',
] as const;

type TimeLimit = (typeof TIME_LIMITS)[number];

/** The announcement channels (any channel the administrator can look up), in the server's order. */
const ANNOUNCEMENT_CHANNEL_SETTINGS = ['new_stream_announcements_stream_id', 'signup_announcements_stream_id', 'zulip_update_announcements_stream_id'] as const;

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
  /** One of the server's organization types (checked as the parameter is read). */
  readonly org_type?: number | undefined;
  /** Who may see users' real addresses, as servers below level 163 took it; see realm-email-visibility.ts. */
  readonly email_address_visibility?: number | undefined;
} & RealmPropertiesInput & { readonly [Name in TimeLimit]?: number | string | undefined } & {
  /** The policies older servers took where group settings now stand; see {@link REPLACED_POLICIES}. */
  readonly [Name in ReplacedPolicyName]?: number | undefined;
} & {
  readonly [Name in RealmGroupSetting]?: { readonly new: GroupSettingValue; readonly old?: GroupSettingValue | null | undefined } | undefined;
};

/**
 * One change: the setting, its new value, and how its event reads; `store`: the realm fields to
 * set instead, for a setting the mock keeps in other fields.
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
  /** The value before, for a follow-up that needs it. */
  readonly before?: unknown;
};

/** One step of the request: checks its setting against the realm as it is then, and gives its change (or none). */
type Step = () => Change | undefined;

/** A setting's change to a requested value, unless none is requested or it is already set. */
function changeTo(state: MockState, setting: keyof RealmSettings, value: unknown, event: 'update' | 'update_dict' = 'update'): Change | undefined {
  if (value === undefined || state.realm[setting] === value) return undefined;
  return { setting, value, event, wire: value };
}

/** A time limit's event: the edit limit keeps its historical `update_dict`, the others are plain updates. */
const timeLimitEvent = (name: TimeLimit) => (name === 'message_content_edit_limit_seconds' ? 'update_dict' : 'update');

/** One of the two enum settings: answered by number whenever sent, stored and sent only when it changes. */
function enumChange(state: MockState, setting: keyof typeof ENUM_SETTING_IDS, value: string | undefined, event: 'update' | 'update_dict', data?: Record<string, unknown>): Change | undefined {
  if (value === undefined) return undefined;
  const ids: Readonly<Record<string, number>> = ENUM_SETTING_IDS[setting];
  const unchanged = state.realm[setting] === value ? { unchanged: true as const } : {};
  return { setting, value, event, wire: value, answer: ids[value], ...(data ? { data } : {}), ...unchanged };
}

/**
 * The settings the server's loop over its `property_types` changes, in its order: the view's
 * parameters as 10.2 lists them (main sorts them alphabetically, which no feature level marks;
 * `topics_policy` takes the place of `mandatory_topics`, which it replaced, and the settings newer
 * than 10.2 follow in the order they arrived), then its own variables: the retention period, the
 * time limits given in seconds, and a Jitsi server URL.
 */
const PROPERTY_ORDER = [
  'name',
  'description',
  'emails_restricted_to_domains',
  'disallow_disposable_email_addresses',
  'invite_required',
  // Where servers below level 321 read it.
  'invite_to_realm_policy',
  'require_unique_names',
  'name_changes_disabled',
  'email_changes_disabled',
  'avatar_changes_disabled',
  'inline_image_preview',
  'inline_url_embed_preview',
  // The replaced policies where servers below their levels read them.
  'add_custom_emoji_policy',
  'delete_own_message_policy',
  'allow_message_editing',
  'edit_topic_policy',
  // Servers below level 392 read `mandatory_topics` where newer ones read `topics_policy`.
  'mandatory_topics',
  'topics_policy',
  'message_edit_history_visibility_policy',
  'default_language',
  'waiting_period_threshold',
  'send_welcome_emails',
  'digest_emails_enabled',
  'message_content_allowed_in_email_notifications',
  // Where servers below level 163 read it.
  'email_address_visibility',
  'bot_creation_policy',
  'create_stream_policy',
  'create_public_stream_policy',
  'create_private_stream_policy',
  'create_web_public_stream_policy',
  'invite_to_stream_policy',
  'move_messages_between_streams_policy',
  'user_group_edit_policy',
  'private_message_policy',
  'wildcard_mention_policy',
  'video_chat_provider',
  'giphy_rating',
  'default_code_block_language',
  'digest_weekday',
  'enable_spectator_access',
  'want_advertise_in_communities_directory',
  'enable_read_receipts',
  'enable_guest_user_dm_warning',
  'enable_guest_user_indicator',
  'require_e2ee_push_notifications',
  'welcome_message_custom_text',
  'send_channel_events_messages',
  'message_retention_days',
  ...TIME_LIMITS,
  'jitsi_server_url',
] as const satisfies readonly (keyof UpdateRealmInput)[];

/** The names {@link PROPERTY_ORDER} lists, for the test that it leaves none of the plain settings out. */
export const PROPERTY_STEP_NAMES: readonly string[] = PROPERTY_ORDER;

/** The change one setting of {@link PROPERTY_ORDER} asks for. */
function propertyChange(state: MockState, input: UpdateRealmInput, name: (typeof PROPERTY_ORDER)[number]): Change | undefined {
  if (isReplacedPolicyName(name)) return replacedPolicyChange(state, name, input[name]);
  switch (name) {
    case 'allow_message_editing':
      return changeTo(state, name, input[name], 'update_dict');
    case 'email_address_visibility': {
      // Kept as the new users' default (and every human's own, by the follow-up).
      const visibility = input.email_address_visibility;
      if (visibility === undefined || visibility === realmEmailAddressVisibility(state)) return undefined;
      const defaults = { ...state.realm.user_settings_defaults, email_address_visibility: visibility };
      return { setting: name, value: visibility, event: 'update', wire: visibility, store: { user_settings_defaults: defaults }, before: realmEmailAddressVisibility(state) };
    }
    case 'topics_policy': {
      // The server's event for it also carries the deprecated `mandatory_topics` it stands for.
      const topics = input.topics_policy;
      return enumChange(state, name, topics, 'update_dict', { topics_policy: topics, mandatory_topics: topics === 'disable_empty_topic' });
    }
    case 'mandatory_topics': {
      const mandatory = input.mandatory_topics;
      const required = mandatory ? ('disable_empty_topic' as const) : ('allow_empty_topic' as const);
      if (mandatory === undefined || state.realm.topics_policy === required) return undefined;
      return { setting: name, value: mandatory, event: 'update', wire: mandatory, store: { topics_policy: required } };
    }
    case 'message_edit_history_visibility_policy':
      return enumChange(state, name, input[name], 'update');
    case 'message_retention_days': {
      const days = input[name];
      return days === undefined ? undefined : changeTo(state, name, retentionDays(days));
    }
    case 'jitsi_server_url': {
      // Going back to the server's own (null) was an earlier step.
      const url = input[name];
      return url === undefined ? undefined : changeTo(state, name, storedJitsiUrl(url) ?? undefined);
    }
    case 'message_content_delete_limit_seconds':
    case 'message_content_edit_limit_seconds':
    case 'move_messages_within_stream_limit_seconds':
    case 'move_messages_between_streams_limit_seconds': {
      // `unlimited` was an earlier step; seconds are set here.
      const raw = input[name];
      return raw === undefined ? undefined : changeTo(state, name, timeLimit(name, raw) ?? undefined, timeLimitEvent(name));
    }
    default:
      return changeTo(state, name, input[name]);
  }
}

/** A replaced policy's change: the groups its number stands for, unless the realm's number is already that one. */
function replacedPolicyChange(state: MockState, name: ReplacedPolicyName, value: number | undefined): Change | undefined {
  if (value === undefined) return undefined;
  const store = replacedPolicyGroups(state, name, value);
  if (replacedPolicyValue(state, name) === value) return undefined;
  const policy: ReplacedPolicy = REPLACED_POLICIES[name];
  return { setting: name, value, event: policy.event, wire: value, store };
}

/**
 * A realm group setting's step: the expected `old` value, then the new one, checked as the server
 * does. The answer carries the value as requested (the server's parsed `new`: an anonymous group's
 * IDs in the order sent, repeats kept); the event carries it as stored.
 */
function groupSettingChange(state: MockState, input: UpdateRealmInput, setting: RealmGroupSetting): Change | undefined {
  const update = input[setting];
  if (update === undefined) return undefined;
  if (!settingValueChanges(state, settingForApi(state, state.realm[setting]), update)) return undefined;
  const next = checkGroupSettingValue(state, setting, update.new, REALM_GROUP_SETTINGS[setting]);
  const requested = normalizedSettingValue(state, update.new);
  const answer = typeof requested === 'number' ? requested : { direct_members: [...requested.direct_members], direct_subgroups: [...requested.direct_subgroups] };
  return { setting, value: next, event: 'update_dict', wire: next, answer };
}

/**
 * A channel setting's change as the server makes it: any request but the channel already set is
 * one, -1 included when none is set, and its event and answer carry the ID as requested (any
 * negative one meaning none).
 */
function channelChange(
  state: MockState,
  setting: 'moderation_request_channel_id' | (typeof ANNOUNCEMENT_CHANNEL_SETTINGS)[number],
  requested: number | undefined,
  channel: (requested: number) => number | null,
): Change | undefined {
  if (requested === undefined || state.realm[setting] === requested) return undefined;
  return { setting, value: channel(requested), event: 'update', wire: requested };
}

/**
 * The steps of a request after its first checks, in the server's order: each one's own checks,
 * then its change. The server has no transaction around them (each change commits, and its event
 * is sent, before the next step), so a refusal part-way keeps what the earlier steps did.
 */
function updateSteps(state: MockState, user: UserRecord, input: UpdateRealmInput): Step[] {
  return [
    // Each time limit is read in turn, `unlimited` set at once; seconds wait for the loop below.
    ...TIME_LIMITS.map((name) => () => {
      const raw = input[name];
      return raw === undefined || timeLimit(name, raw) !== null ? undefined : changeTo(state, name, null, timeLimitEvent(name));
    }),
    () => (input.jitsi_server_url === undefined || storedJitsiUrl(input.jitsi_server_url) !== null ? undefined : changeTo(state, 'jitsi_server_url', null)),
    ...PROPERTY_ORDER.map((name) => () => propertyChange(state, input, name)),
    ...REALM_GROUP_SETTING_NAMES.map((setting) => () => groupSettingChange(state, input, setting)),
    () => {
      const methods = input.authentication_methods;
      const settings = methods === undefined ? undefined : requestedAuthenticationMethods(state.realm, methods);
      if (settings === undefined) return undefined;
      const wire = authenticationMethodsForApi({ ...state.realm, ...settings });
      return { setting: 'authentication_methods', value: wire, event: 'update_dict', wire, store: settings, answer: methods };
    },
    () => channelChange(state, 'moderation_request_channel_id', input.moderation_request_channel_id, (id) => moderationRequestChannel(state, user, id)),
    ...ANNOUNCEMENT_CHANNEL_SETTINGS.map((setting) => () =>
      channelChange(state, setting, input[setting], (id) => (id < 0 ? null : realmSettingChannel(state, user, id).id)),
    ),
    () => {
      // Only a demo organization may change its subdomain, and the mock's realm never is one.
      if (input.string_id === undefined) return undefined;
      if (user.role !== ROLE_VALUES.owner) throw roleRequired('Must be an organization owner');
      throw badRequest('Must be a demo organization.');
    },
    // The server sets the type last, with its own action, whether or not it is the current one.
    () => (input.org_type === undefined ? undefined : { setting: 'org_type', value: input.org_type, event: 'update', wire: input.org_type }),
  ];
}

/**
 * What the server does right after storing a setting: a new waiting period recomputes
 * `role:fullmembers`; below level 163 the organization's address visibility becomes everyone's.
 */
const FOLLOW_UPS: Readonly<Partial<Record<string, (state: MockState, change: Change) => void>>> = {
  waiting_period_threshold: (state) => updateFullMembers(state),
  email_address_visibility: (state, change) => applyRealmEmailAddressVisibility(state, change.before as number),
};

/** Stores one change and sends its event (and what follows it), adding it to the answer. */
function applyChange(state: MockState, change: Change, answer: Record<string, unknown>): void {
  answer[change.setting] = change.answer ?? (typeof change.wire === 'string' ? 'updated' : change.wire);
  if (change.unchanged) return;
  if (isRealmGroupSetting(change.setting)) noteSettingValue(state, 'realm', change.setting, state.realm[change.setting], change.value as GroupSettingValue);
  if (change.store) Object.assign(state.realm, change.store);
  else (state.realm as unknown as Record<string, unknown>)[change.setting] = change.value;
  state.events.record(
    change.event === 'update'
      ? { kind: 'realm_changed', op: 'update', property: change.setting, value: change.wire }
      : { kind: 'realm_changed', op: 'update_dict', data: change.data ?? { [change.setting]: change.wire } },
  );
  FOLLOW_UPS[change.setting]?.(state, change);
}

/**
 * `PATCH /realm` (administrators; owners for the retention period, login methods, invitation
 * and email-domain rules, the waiting period, and who may create and manage groups, invite and
 * manage billing): changes the organization's settings the mock implements, as the server does.
 * First the checks of {@link checkUpdateRealm} (a refusal there changes nothing); then one step
 * at a time, each checked and made with its `realm` event (`update` with `property` and `value`,
 * or `update_dict` with `data` for the editing and permission settings), so a later refusal keeps
 * the earlier changes and their events, as on the server. A new waiting period moves members into
 * or out of `role:fullmembers` right after its event. Answers the changed values (strings as
 * `"updated"`; the two enum settings by number whenever sent; `org_type` whenever sent, with its
 * event), as the server does.
 */
export function updateRealm(state: MockState, user: UserRecord, input: UpdateRealmInput): Record<string, unknown> {
  checkUpdateRealm(state, user, input);
  const answer: Record<string, unknown> = {};
  for (const step of updateSteps(state, user, input)) {
    const change = step();
    if (change) applyChange(state, change, answer);
  }
  return answer;
}
