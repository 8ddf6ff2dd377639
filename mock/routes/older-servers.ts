import * as z from 'zod/mini';
import { Id } from '../../src/schemas/common';
import { AddLinkifierParams, UpdateLinkifierParams } from '../../src/schemas/linkifier';
import { AddPlaygroundParams } from '../../src/schemas/realm-config';
import { SetTypingStatusParams, TypingOp } from '../../src/schemas/typing';
import { badRequest } from '../domain/errors';
import { parseOrjson } from '../domain/orjson';
import { LEVEL } from '../domain/feature-levels';
import type { MockState } from '../domain/state';
import { SubscribeParams, UpdateChannelParams } from '../../src/schemas/channel';
import { CreateUserGroupParams, UpdateUserGroupParams } from '../../src/schemas/user-group';
import type { Implementation } from '../http/operation';
import type { Endpoint } from '../../src/contract/endpoint';
import { UpdateSettingsParams } from '../../src/schemas/settings';
import { UpdateRealmParams, UpdateRealmUserSettingsDefaultsParams } from '../../src/schemas/realm-settings';
import { OLDER_SETTING_NAMES, SETTING_LEVELS, SETTING_REMOVAL_LEVELS, type UserSettingName } from '../domain/user-settings/catalog';
import { RegisterPushDeviceParams } from '../../src/schemas/push';
import { isBuiltInAccountField } from '../domain/profile-fields/manage';
import { REPLACED_POLICIES, REPLACED_POLICY_NAMES, type ReplacedPolicy } from '../domain/realm-config/replaced-policies';

type Params = Record<string, unknown>;

/** Before level 392 the organization required topics with `mandatory_topics` (now `topics_policy`). */
const RealmParamsBefore392 = z.object({ ...UpdateRealmParams.shape, mandatory_topics: z.optional(z.boolean()) });

/** Before level 321 who may invite was `invite_to_realm_policy` (now `can_invite_users_group`). */
const RealmParamsBefore321 = z.object({ ...RealmParamsBefore392.shape, invite_to_realm_policy: z.optional(z.int()) });

/** Before level 163 who may see users' real addresses was the organization's `email_address_visibility` (now each user's). */
const REALM_EMAIL_VISIBILITY_UNTIL = 163;
const RealmParamsBefore163 = z.object({ ...RealmParamsBefore321.shape, email_address_visibility: z.optional(z.int()) });

/**
 * The replaced policies a form's era had: those a server below `until` has (`until` one of
 * their levels), as integers.
 */
function replacedPolicyParams(until: number): Record<string, z.ZodMiniOptional<z.ZodMiniInt>> {
  return Object.fromEntries(
    REPLACED_POLICY_NAMES.filter((name) => {
      const policy: ReplacedPolicy = REPLACED_POLICIES[name];
      return policy.until >= until && (policy.since === undefined || policy.since < until);
    }).map((name) => [name, z.optional(z.int())]),
  );
}

/** The levels where a replaced policy came or went. */
const REPLACED_POLICY_LEVELS = REPLACED_POLICY_NAMES.flatMap((name) => {
  const policy: ReplacedPolicy = REPLACED_POLICIES[name];
  return policy.since === undefined ? [policy.until] : [policy.since, policy.until];
});

/**
 * Plain realm settings newer than the oldest level the mock can be for which the SDK declares no
 * level (those it declares are unknown below it already), by the changelog's level of each.
 */
const REALM_SETTING_LEVELS: Readonly<Record<string, number>> = {
  enable_read_receipts: 137,
  move_messages_between_streams_limit_seconds: 162,
  move_messages_within_stream_limit_seconds: 162,
  enable_guest_user_indicator: 216,
  moderation_request_channel_id: 331,
  message_edit_history_visibility_policy: 358,
};

/** Before level 241 the announcement channels were `notifications_stream` and `signup_notifications_stream` (the changelog). */
const ANNOUNCEMENT_CHANNELS_RENAMED = 241;
const OLDER_ANNOUNCEMENT_CHANNEL_PARAMS = {
  new_stream_announcements_stream_id: 'notifications_stream_id',
  signup_announcements_stream_id: 'signup_notifications_stream_id',
} as const;

/** The announcement channels under their names before level 241, in place of the newer ones. */
function withOlderAnnouncementChannels(params: z.ZodMiniObject): z.ZodMiniObject {
  const newer = Object.keys(OLDER_ANNOUNCEMENT_CHANNEL_PARAMS);
  const older = Object.entries(OLDER_ANNOUNCEMENT_CHANNEL_PARAMS).map(([name, olderName]) => [olderName, UpdateRealmParams.shape[name as keyof typeof OLDER_ANNOUNCEMENT_CHANNEL_PARAMS]] as const);
  return z.extend(z.omit(params, Object.fromEntries(newer.map((name) => [name, true] as const))), Object.fromEntries(older));
}

/** The request with the announcement channels given under their older names as the newer settings. */
function upgradeOlderAnnouncementChannels(params: Params): Params {
  let upgraded = params;
  for (const [name, olderName] of Object.entries(OLDER_ANNOUNCEMENT_CHANNEL_PARAMS)) {
    if (!Object.hasOwn(upgraded, olderName)) continue;
    const { [olderName]: value, ...rest } = upgraded;
    upgraded = { ...rest, [name]: value };
  }
  return upgraded;
}

/**
 * Until level 314 `PATCH /realm` read these two group settings as a group's ID (`Json[int]`), not
 * as a group-setting change (the server's ceb0197c1b and 9f9d5b2f98).
 */
const GROUP_ID_SETTINGS_UNTIL = 314;
const GROUP_ID_SETTINGS = ['create_multiuse_invite_group', 'can_access_all_users_group'] as const;

/** The two settings as the group IDs servers below 314 read. */
function withGroupIdSettings(params: z.ZodMiniObject): z.ZodMiniObject {
  return z.extend(params, Object.fromEntries(GROUP_ID_SETTINGS.map((name) => [name, z.optional(z.int())])));
}

/**
 * Before each of {@link REALM_SETTING_LEVELS}, `PATCH /realm` did not know it (an ignored
 * parameter): one form per level (and at 163, 241, 314, 321 and where a replaced policy came or went,
 * where the base parameters change), the lowest first, each the parameters of its era without the settings
 * from that level on, with the replaced policies of that era, below 314 the two group settings
 * read as group IDs and, below 241, the older names of the announcement channels.
 */
function realmSettingsBeforeTheirLevels(): OlderForm[] {
  const levels = [
    ...new Set([
      ...Object.values(REALM_SETTING_LEVELS),
      LEVEL.canInviteUsersGroup,
      REALM_EMAIL_VISIBILITY_UNTIL,
      ANNOUNCEMENT_CHANNELS_RENAMED,
      GROUP_ID_SETTINGS_UNTIL,
      ...REPLACED_POLICY_LEVELS,
    ]),
  ].sort((a, b) => a - b);
  return levels.map((until) => {
    const newer = Object.entries(REALM_SETTING_LEVELS).filter(([, level]) => level >= until).map(([name]) => [name, true] as const);
    const base: z.ZodMiniObject = until <= REALM_EMAIL_VISIBILITY_UNTIL ? RealmParamsBefore163 : until <= LEVEL.canInviteUsersGroup ? RealmParamsBefore321 : RealmParamsBefore392;
    const params = z.extend(z.omit(base, Object.fromEntries(newer)), replacedPolicyParams(until));
    const withGroupIds = until <= GROUP_ID_SETTINGS_UNTIL ? withGroupIdSettings(params) : params;
    return { until, params: until <= ANNOUNCEMENT_CHANNELS_RENAMED ? withOlderAnnouncementChannels(withGroupIds) : withGroupIds };
  });
}

/**
 * How a server below `until` read an operation's parameters: `params` replaces the operation's
 * schema (when the old parameters differ), and `upgrade` turns what it decoded into the current
 * form or refuses it as that server did. Every form whose `until` is above the server's level
 * applies, in order.
 */
interface OlderForm {
  readonly until: number;
  readonly params?: z.ZodMiniObject;
  readonly upgrade?: (params: Params, level: number, state: MockState) => Params;
}

function isChannelType(type: unknown): boolean {
  return type === 'stream' || type === 'channel';
}

/** Before level 412 `include_subscribers` was a JSON boolean: `partial` is no JSON. */
function refusePartialSubscribers(params: Params): Params {
  if (params['include_subscribers'] === 'partial') throw badRequest('include_subscribers is not valid JSON');
  return params;
}

/** Before level 334 a channel message needed a topic. */
function refuseEmptyTopic(params: Params): Params {
  if (isChannelType(params['type']) && typeof params['topic'] === 'string' && params['topic'].trim() === '') {
    throw badRequest("Topic can't be empty!");
  }
  return params;
}

/** `type` values a server had not learned yet. */
function refuseNewerType(message: string) {
  return (params: Params, level: number): Params => {
    const type = params['type'];
    if ((type === 'direct' && level < LEVEL.directType) || (type === 'channel' && level < LEVEL.channelType)) {
      throw badRequest(message);
    }
    return params;
  };
}

/** Before level 215, channel typing named the channel as the one ID in `to`, and `private` was valid. */
const TypingBefore215 = z.object({
  ...SetTypingStatusParams.shape,
  type: z.optional(z.enum(['direct', 'private', 'stream', 'channel'])),
  op: TypingOp,
  to: z.optional(z.nullable(z.array(Id))),
});

function upgradeTypingBefore215({ stream_id: _ignored, ...params }: Params): Params {
  const type = params['type'] === 'private' ? 'direct' : params['type'];
  if (!isChannelType(type)) return { ...params, type };
  const to = params['to'];
  if (!Array.isArray(to)) throw badRequest("Missing 'to' argument");
  if (to.length !== 1) throw badRequest('Invalid data for typing notification');
  return { ...params, type, to: undefined, stream_id: to[0] };
}

/** Before level 432 the client sent its own public key, `push_public_key`, where `push_key` is now. */
const { push_key: _pushKey, ...registrationShape } = RegisterPushDeviceParams.shape;
const PushRegistrationBefore432 = z.object({
  token_kind: registrationShape.token_kind,
  push_account_id: registrationShape.push_account_id,
  push_public_key: z.string(),
  bouncer_public_key: registrationShape.bouncer_public_key,
  encrypted_push_registration: registrationShape.encrypted_push_registration,
});

/** `%(name)s` format strings, as linkifiers took them before `url_template`. */
function formatStringToTemplate(format: unknown): string {
  return String(format)
    .replace(/%\(([a-z0-9_]+)\)s/gi, '{$1}')
    .replace(/%%/g, '%');
}

const PlaygroundBefore196 = z.object({
  name: AddPlaygroundParams.shape.name,
  pygments_language: AddPlaygroundParams.shape.pygments_language,
  url_prefix: z.string(),
});

function linkifierBefore176(schema: z.ZodMiniObject): OlderForm {
  const { url_template: _template, ...shape } = schema.shape;
  return {
    until: 176,
    params: z.object({ ...shape, url_format_string: z.string() }),
    upgrade: ({ url_format_string: format, ...params }) => ({ ...params, url_template: formatStringToTemplate(format) }),
  };
}

/** Before level 333 who may post was `stream_post_policy`: 1 anyone, 2 administrators, 3 full members, 4 moderators. */
const POST_POLICY_GROUPS = { 1: 'role:everyone', 2: 'role:administrators', 3: 'role:fullmembers', 4: 'role:moderators' } as const;

/** The system group a `stream_post_policy` names, or the old server's refusal. */
function postPolicyGroup(state: MockState, policy: unknown): number {
  const name = POST_POLICY_GROUPS[policy as keyof typeof POST_POLICY_GROUPS];
  if (name === undefined) throw badRequest('Invalid stream_post_policy');
  return state.realm.system_groups[name];
}

function postPolicyForm(schema: z.ZodMiniObject, asSetting: (group: number) => unknown): OlderForm {
  return {
    until: LEVEL.canSendMessageGroup,
    params: z.object({ ...schema.shape, stream_post_policy: z.optional(z.int()) }),
    upgrade: ({ stream_post_policy: policy, ...params }, _level, state) =>
      policy === undefined ? params : { ...params, can_send_message_group: asSetting(postPolicyGroup(state, policy)) },
  };
}

/** The parameter a setting's older name was: `realm_name_in_notifications` a boolean, the others as the setting. */
function olderParam(schema: z.ZodMiniObject, name: UserSettingName): z.ZodMiniType {
  return name === 'realm_name_in_email_notifications_policy' ? z.optional(z.boolean()) : (schema.shape[name] as z.ZodMiniType);
}

/** The request with each setting given under its older name as that setting. */
function upgradeOlderSettingNames(params: Params): Params {
  let upgraded = params;
  for (const [name, older] of Object.entries(OLDER_SETTING_NAMES)) {
    const value = upgraded[older.name];
    if (value === undefined) continue;
    const { [older.name]: _older, ...rest } = upgraded;
    upgraded = { ...rest, [name]: older.fromOlder ? older.fromOlder(value) : value };
  }
  return upgraded;
}

/**
 * A group setting a later level renamed (`can_remove_subscribers_group` at 197,
 * `can_mention_group` at 198): from `since` to the rename a server took a group's ID under the
 * older name, and before `since` neither. `schema` is what the next era took (for the channel
 * operations, the form with `stream_post_policy` before 333): both forms keep it, without the
 * newer name.
 */
function renamedGroupSettingForms(
  schema: z.ZodMiniObject,
  setting: string,
  older: { readonly name: string; readonly since: number; readonly until: number },
  asSetting: (group: number) => unknown,
): OlderForm[] {
  const withoutNewer = z.omit(schema, { [setting]: true });
  return [
    { until: older.since, params: withoutNewer },
    {
      until: older.until,
      params: z.extend(withoutNewer, { [older.name]: z.optional(Id) }),
      upgrade: ({ [older.name]: group, ...params }) => (group === undefined ? params : { ...params, [setting]: asSetting(group as number) }),
    },
  ];
}

/**
 * Below `until` the server read `setting` as a group's ID (`Json[int]`, or `Json[int | None]` when
 * `nullable`: an anonymous group or a change is `<setting> is not an integer`): `schema` with the
 * setting so typed.
 */
function groupIdForm(schema: z.ZodMiniObject, setting: string, until: number, options: { nullable?: boolean; upgrade?: OlderForm['upgrade'] } = {}): OlderForm {
  const params = z.extend(schema, { [setting]: z.optional(options.nullable ? z.nullable(z.int()) : z.int()) });
  return options.upgrade ? { until, params, upgrade: options.upgrade } : { until, params };
}

/** Whether a parameter's value is a group setting's change (`{new, old?}`), not its value. */
function isChange(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, 'new');
}

/** The upgrade of a group setting given as its value (a group's ID, an anonymous group) to the change to it. */
function valueAsChange(setting: string): NonNullable<OlderForm['upgrade']> {
  return (params) => (params[setting] === undefined || isChange(params[setting]) ? params : { ...params, [setting]: { new: params[setting] } });
}

/** Below 320 `Json[int | None]`: a null was no group given (subscribe: the default; update: no change). */
function withoutNullSetting(setting: string): NonNullable<OlderForm['upgrade']> {
  return (params) => {
    if (params[setting] !== null) return params;
    const { [setting]: _null, ...rest } = params;
    return rest;
  };
}

/** Until 320 a channel's `can_remove_subscribers_group` was a group's ID (subscribe, update a channel). */
const REMOVE_SUBSCRIBERS_GROUP_ANONYMOUS = 320;
/**
 * Until 275 that ID was `REQ(json_validator=check_int)`, which refuses a null as it did
 * `can_remove_subscribers_group_id`'s; `Json[int | None]` from the typed_endpoint conversion (8b489f4b96).
 */
const REMOVE_SUBSCRIBERS_GROUP_NULLABLE = 275;
const withoutNullRemoveSubscribersGroup = withoutNullSetting('can_remove_subscribers_group');
const removeSubscribersGroupAsChange = valueAsChange('can_remove_subscribers_group');
/** An update's group ID as the change to that group (a null: no change). */
const removeSubscribersGroupIdAsChange: NonNullable<OlderForm['upgrade']> = (params, level, state) =>
  removeSubscribersGroupAsChange(withoutNullRemoveSubscribersGroup(params, level, state), level, state);

/** Until 258 `can_mention_group` was a group's ID; `PATCH /user_groups/{id}` took the value, not a change, until 260. */
const MENTION_GROUP_ANONYMOUS = 258;
const MENTION_GROUP_CHANGE = 260;

/** Before 197 a channel's `can_remove_subscribers_group` was `can_remove_subscribers_group_id` (parameters from 161). */
const REMOVE_SUBSCRIBERS_GROUP_ID = { name: 'can_remove_subscribers_group_id', since: 161, until: 197 } as const;

/** Before 198 a group's `can_mention_group` was `can_mention_group_id` (from 191). */
const MENTION_GROUP_ID = { name: 'can_mention_group_id', since: 191, until: 198 } as const;

/** The settings a later level removed, as the parameters servers before it took (each a JSON boolean). */
const REMOVED_SETTING_PARAMS: Readonly<Record<string, z.ZodMiniType>> = { dense_mode: z.optional(z.boolean()) };

/**
 * Before each personal setting's level, `PATCH /settings` and `PATCH /realm/user_settings_defaults`
 * did not know it (an ignored parameter), or knew it by its older name
 * (`OLDER_SETTING_NAMES`); before a removal (`SETTING_REMOVAL_LEVELS`) they took the removed
 * setting: one form per level, the lowest first, each without the settings from that level on,
 * with the older names of those among them and the settings removed from that level on.
 */
function settingsBeforeTheirLevels(schema: z.ZodMiniObject): OlderForm[] {
  const olderSince = Object.values(OLDER_SETTING_NAMES).flatMap((older) => (older.since === undefined ? [] : [older.since]));
  const levels = [...new Set([...Object.values(SETTING_LEVELS), ...Object.values(SETTING_REMOVAL_LEVELS), ...olderSince])].sort((a, b) => a - b);
  return levels.map((until) => {
    // A setting the operation does not take at all (not every personal setting has an organization default) is left alone.
    const newer = (Object.entries(SETTING_LEVELS) as [UserSettingName, number][])
      .filter(([name, level]) => level >= until && Object.hasOwn(schema.shape, name))
      .map(([name]) => name);
    // An older name from its own level on (the form's levels start at a `since` or above it).
    const older = newer.flatMap((name) => {
      const renamed = OLDER_SETTING_NAMES[name];
      return renamed && (renamed.since ?? 0) < until ? [[renamed.name, olderParam(schema, name)] as const] : [];
    });
    const removed = Object.entries(SETTING_REMOVAL_LEVELS)
      .filter(([, level]) => level >= until)
      .map(([name]) => [name, REMOVED_SETTING_PARAMS[name]!] as const);
    const params = z.extend(z.omit(schema, Object.fromEntries(newer.map((name) => [name, true] as const))), Object.fromEntries([...older, ...removed]));
    return older.length > 0 ? { until, params, upgrade: upgradeOlderSettingNames } : { until, params };
  });
}

/**
 * Before level 252 a field's update replaced its settings whether given or not: the name, hint
 * and data blank, the summary and required flags false (each from its own level).
 */
function profileFieldUpdateBefore252(params: Params, level: number): Params {
  return {
    ...params,
    name: params['name'] ?? '',
    hint: params['hint'] ?? '',
    field_data: params['field_data'] ?? {},
    ...(level >= LEVEL.profileFieldSummary ? { display_in_profile_summary: params['display_in_profile_summary'] ?? false } : {}),
    ...(level >= LEVEL.profileFieldRequired ? { required: params['required'] ?? false } : {}),
  };
}

/** Before level 146 a built-in external account field (GitHub, X) could not be updated at all. */
function refuseBuiltInAccountUpdate(params: Params, _level: number, state: MockState): Params {
  const field = state.store.tables.customProfileField.get(Number(params['field_id']));
  if (field && isBuiltInAccountField(field)) throw badRequest('Default custom field cannot be updated.');
  return params;
}

/**
 * Before level 106 an administrator's `PATCH /users/{user_id}` read `full_name` as JSON (the
 * server's issue #18409), as the reference Python client still sends it to such a server.
 */
function fullNameAsJson(params: Params): Params {
  const text = params['full_name'];
  if (text === undefined) return params;
  let name: unknown;
  try {
    // REQ's json_validator read it with orjson (lone surrogates and 1e400 are no JSON there).
    name = parseOrjson(String(text));
  } catch {
    throw badRequest('Argument "full_name" is not valid JSON.');
  }
  if (typeof name !== 'string') throw badRequest('full_name is not a string');
  return { ...params, full_name: name };
}

/** A group's ID as a setting's value, and as its update. */
const asValue = (group: number): unknown => group;
const asUpdate = (group: number): unknown => ({ new: group });

/** The channel operations before 333 (`stream_post_policy`), the forms before them built on these. */
const UPDATE_STREAM_BEFORE_333 = postPolicyForm(UpdateChannelParams, asUpdate);
const SUBSCRIBE_BEFORE_333 = postPolicyForm(SubscribeParams, asValue);

/** The operations older servers read differently, by operation id. */
const OLDER_FORMS: Readonly<Record<string, readonly OlderForm[]>> = {
  'send-message': [
    { until: LEVEL.channelType, upgrade: refuseNewerType('Invalid message type') },
    { until: LEVEL.emptyTopic, upgrade: refuseEmptyTopic },
  ],
  'set-typing-status': [
    { until: LEVEL.channelType, upgrade: refuseNewerType('Invalid type') },
    { until: LEVEL.typingByStreamId, params: TypingBefore215, upgrade: upgradeTypingBefore215 },
    { until: LEVEL.emptyTopic, upgrade: refuseEmptyTopic },
  ],
  'create-scheduled-message': [
    { until: LEVEL.channelType, upgrade: refuseNewerType('Invalid type') },
    { until: LEVEL.emptyTopic, upgrade: refuseEmptyTopic },
  ],
  'update-scheduled-message': [
    { until: LEVEL.channelType, upgrade: refuseNewerType('Invalid type') },
    { until: LEVEL.emptyTopic, upgrade: refuseEmptyTopic },
  ],
  'get-subscriptions': [{ until: LEVEL.partialSubscribers, upgrade: refusePartialSubscribers }],
  'register-queue': [{ until: LEVEL.partialSubscribers, upgrade: refusePartialSubscribers }],
  'add-code-playground': [
    {
      until: 196,
      params: PlaygroundBefore196,
      upgrade: ({ url_prefix: prefix, ...params }) => ({ ...params, url_template: `${String(prefix)}{code}` }),
    },
  ],
  'get-user-groups': [
    {
      until: LEVEL.includeDeactivatedGroups,
      params: z.object({ allow_deactivated: z.optional(z.boolean()) }),
      upgrade: ({ allow_deactivated: include, ...params }) => ({ ...params, include_deactivated_groups: include }),
    },
  ],
  'register-push-device': [
    {
      until: LEVEL.pushKey,
      params: PushRegistrationBefore432,
      upgrade: ({ push_public_key: key, ...params }) => ({ ...params, push_key: key }),
    },
  ],
  'update-stream': [
    ...renamedGroupSettingForms(UPDATE_STREAM_BEFORE_333.params!, 'can_remove_subscribers_group', REMOVE_SUBSCRIBERS_GROUP_ID, asUpdate),
    groupIdForm(UPDATE_STREAM_BEFORE_333.params!, 'can_remove_subscribers_group', REMOVE_SUBSCRIBERS_GROUP_NULLABLE),
    groupIdForm(UPDATE_STREAM_BEFORE_333.params!, 'can_remove_subscribers_group', REMOVE_SUBSCRIBERS_GROUP_ANONYMOUS, {
      nullable: true,
      upgrade: removeSubscribersGroupIdAsChange,
    }),
    UPDATE_STREAM_BEFORE_333,
  ],
  subscribe: [
    ...renamedGroupSettingForms(SUBSCRIBE_BEFORE_333.params!, 'can_remove_subscribers_group', REMOVE_SUBSCRIBERS_GROUP_ID, asValue),
    groupIdForm(SUBSCRIBE_BEFORE_333.params!, 'can_remove_subscribers_group', REMOVE_SUBSCRIBERS_GROUP_NULLABLE),
    groupIdForm(SUBSCRIBE_BEFORE_333.params!, 'can_remove_subscribers_group', REMOVE_SUBSCRIBERS_GROUP_ANONYMOUS, {
      nullable: true,
      upgrade: withoutNullRemoveSubscribersGroup,
    }),
    SUBSCRIBE_BEFORE_333,
  ],
  'create-user-group': [
    ...renamedGroupSettingForms(CreateUserGroupParams, 'can_mention_group', MENTION_GROUP_ID, asValue),
    groupIdForm(CreateUserGroupParams, 'can_mention_group', MENTION_GROUP_ANONYMOUS),
  ],
  'update-user-group': [
    ...renamedGroupSettingForms(UpdateUserGroupParams, 'can_mention_group', MENTION_GROUP_ID, asUpdate),
    groupIdForm(UpdateUserGroupParams, 'can_mention_group', MENTION_GROUP_ANONYMOUS),
    {
      until: MENTION_GROUP_CHANGE,
      params: z.extend(UpdateUserGroupParams, { can_mention_group: CreateUserGroupParams.shape.can_mention_group }),
      upgrade: valueAsChange('can_mention_group'),
    },
  ],
  'update-settings': settingsBeforeTheirLevels(UpdateSettingsParams),
  'update-realm-user-settings-defaults': settingsBeforeTheirLevels(UpdateRealmUserSettingsDefaultsParams),
  'add-linkifier': [linkifierBefore176(AddLinkifierParams)],
  'update-linkifier': [linkifierBefore176(UpdateLinkifierParams)],
  'update-custom-profile-field': [
    { until: LEVEL.profileFieldSummary, upgrade: refuseBuiltInAccountUpdate },
    { until: LEVEL.profileFieldPartialUpdate, upgrade: profileFieldUpdateBefore252 },
  ],
  // Who may invite was `invite_to_realm_policy`, required topics `mandatory_topics`, and other
  // permissions the replaced policies: the domain keeps each as the settings that replaced it. The
  // first form's parameters are those of its era.
  'update-realm': [
    ...realmSettingsBeforeTheirLevels(),
    { until: ANNOUNCEMENT_CHANNELS_RENAMED, upgrade: upgradeOlderAnnouncementChannels },
    ...GROUP_ID_SETTINGS.map((name) => ({ until: GROUP_ID_SETTINGS_UNTIL, upgrade: valueAsChange(name) })),
    { until: LEVEL.canInviteUsersGroup, params: RealmParamsBefore321 },
    { until: LEVEL.topicsPolicy, params: RealmParamsBefore392 },
  ],
  'update-user': [{ until: LEVEL.userFullNameText, upgrade: fullNameAsJson }],
};

/** The implementation of an operation as a server at `level` runs it: older parameters first upgraded. */
export function asOlderServer<E extends Endpoint>(
  endpoint: E,
  implementation: Implementation<E>,
  level: number,
): { endpoint: E; implementation: Implementation<E> } {
  const forms = (OLDER_FORMS[endpoint.id] ?? []).filter((form) => level < form.until);
  if (forms.length === 0) return { endpoint, implementation };
  const params = forms.find((form) => form.params)?.params;
  const upgrade = (decoded: Params, state: MockState) =>
    forms.reduce((current, form) => form.upgrade?.(current, level, state) ?? current, decoded);
  return {
    endpoint: params ? { ...endpoint, params } : endpoint,
    implementation: (context) => implementation({ ...context, params: upgrade(context.params as Params, context.state) } as Parameters<Implementation<E>>[0]),
  };
}
