import type { ParamRequirement, WireParams } from './feature-levels';

/** A `type` value new in `since`, which older servers call `older`. */
const newerType = (value: string, since: number, older: string): ParamRequirement => ({
  param: 'type',
  since,
  applies: (params) => params['type'] === value,
  downgrade: (params) => ({ ...params, type: older }),
});

/** `type: 'direct'` is new in level 174; older servers call direct messages `private`. */
export const DIRECT_TYPE = /* @__PURE__ */ newerType('direct', 174, 'private');

/** `type: 'channel'` is new in level 248; older servers take `stream`. */
export const CHANNEL_TYPE = /* @__PURE__ */ newerType('channel', 248, 'stream');

function isChannelType(type: unknown): boolean {
  return type === 'stream' || type === 'channel';
}

/** A channel message in the empty topic ("general chat") is new in level 334; older servers refuse it. */
export const EMPTY_TOPIC: ParamRequirement = {
  param: 'topic',
  since: 334,
  applies: (params) => isChannelType(params['type']) && typeof params['topic'] === 'string' && params['topic'].trim() === '',
};

/** Typing in a channel is new in level 58. */
export const CHANNEL_TYPING: ParamRequirement = {
  param: 'type',
  since: 58,
  applies: (params) => isChannelType(params['type']),
};

/** Channel typing names the channel in `stream_id` from level 215; before, `to` held its ID in a list. */
export const TYPING_STREAM_ID: ParamRequirement = {
  param: 'stream_id',
  since: 215,
  applies: (params) => isChannelType(params['type']) && params['stream_id'] != null,
  downgrade: ({ stream_id: channelId, ...rest }: WireParams) => ({ ...rest, to: [channelId] }),
};

/** `allow_empty_topic_name` is new in level 334; older servers have no empty topics, so it is dropped. */
export const ALLOW_EMPTY_TOPIC_NAME: ParamRequirement = {
  param: 'allow_empty_topic_name',
  since: 334,
  downgrade: ({ allow_empty_topic_name: _allow, ...rest }: WireParams) => rest,
};

/** `include_subscribers=partial` is new in level 412; older servers are asked for every subscriber. */
export const INCLUDE_PARTIAL_SUBSCRIBERS: ParamRequirement = {
  param: 'include_subscribers',
  since: 412,
  applies: (params) => params['include_subscribers'] === 'partial',
  downgrade: (params) => ({ ...params, include_subscribers: true }),
};

/** A playground template whose only expression, `{code}`, ends it: what a `url_prefix` can say. */
const endsWithCode = (params: WireParams) => /^[^{}]*\{code\}$/.test(String(params['url_template']));

/** Playgrounds took `url_prefix`, the URL before the code, until level 196. */
export const PLAYGROUND_URL_TEMPLATE: readonly ParamRequirement[] = [
  { param: 'url_template', since: 196, applies: (params) => !endsWithCode(params) },
  {
    param: 'url_template',
    since: 196,
    downgrade: ({ url_template: template, ...rest }: WireParams) => ({ ...rest, url_prefix: String(template).slice(0, -6) }),
  },
];

/** Linkifiers took a Python format string, `url_format_string`, until level 176. */
export const LINKIFIER_URL_TEMPLATE: readonly ParamRequirement[] = [{ param: 'url_template', since: 176 }];

/**
 * The owner role is new in level 8, the moderator role in 60; `new_email` in 285. Until 106 the
 * server read `full_name` as JSON (its issue #18409), so older servers get it JSON-encoded.
 */
export const USER_ROLE_LEVELS: readonly ParamRequirement[] = [
  { param: 'role', since: 8, applies: (params) => params['role'] === 100 },
  { param: 'role', since: 60, applies: (params) => params['role'] === 300 },
  { param: 'new_email', since: 285 },
  // With its condition: older servers did take `full_name`, only in another encoding.
  {
    param: 'full_name',
    since: 106,
    applies: (params) => typeof params['full_name'] === 'string',
    downgrade: (params) => ({ ...params, full_name: JSON.stringify(params['full_name']) }),
  },
];

/** `can_send_message_group` is new in level 333; older servers had only `stream_post_policy`. */
export const CAN_SEND_MESSAGE_GROUP: ParamRequirement = { param: 'can_send_message_group', since: 333 };

/** Channel settings newer than the operations that take them: web-public channels (98), default channels (200), the topics policy (392). */
export const NEWER_CHANNEL_SETTINGS: readonly ParamRequirement[] = [
  { param: 'is_web_public', since: 98 },
  { param: 'is_default_stream', since: 200 },
  { param: 'topics_policy', since: 392 },
];

/**
 * A group setting a later level renamed: from `since` to `until` servers took a group's ID under
 * its name with `_id` (no anonymous group, no `old` to compare with), and before `since` not at all.
 */
function renamedGroupSetting(param: string, since: number, until: number): ParamRequirement[] {
  // The group's ID, if it is one: the value itself (subscribe, create) or an update's `new`.
  const idOf = (params: WireParams): unknown => (params[param] as { new?: unknown } | undefined)?.new ?? params[param];
  return [
    { param, since },
    { param, since: until, applies: (params) => params[param] !== undefined && typeof idOf(params) !== 'number' },
    {
      param,
      since: until,
      downgrade: (params) => {
        const { [param]: _renamed, ...rest } = params;
        return { ...rest, [`${param}_id`]: idOf(params) };
      },
    },
  ];
}

/** A channel's `can_remove_subscribers_group` (197), `can_remove_subscribers_group_id` from 161 (subscribe, update a channel). */
export const RENAMED_REMOVE_SUBSCRIBERS_GROUP = /* @__PURE__ */ renamedGroupSetting('can_remove_subscribers_group', 161, 197);

/** A user group's `can_mention_group` (198), `can_mention_group_id` from 191 (create, update a group). */
export const RENAMED_MENTION_GROUP = /* @__PURE__ */ renamedGroupSetting('can_mention_group', 191, 198);

/**
 * Channel permission settings newer than the operations that take them (subscribe, update a
 * channel): `can_administer_channel_group` (325), `can_add_subscribers_group` (342),
 * `can_subscribe_group` (357), the move groups (396), `can_resolve_topics_group` (402), the delete
 * groups (407). An older server ignores them, so they are refused below.
 * `can_remove_subscribers_group` (197) was `can_remove_subscribers_group_id` from 161:
 * `RENAMED_REMOVE_SUBSCRIBERS_GROUP`; a group's ID until 320: `REMOVE_SUBSCRIBERS_GROUP_VALUE_FORMS`,
 * `REMOVE_SUBSCRIBERS_GROUP_CHANGE_FORMS`.
 */
export const NEWER_CHANNEL_PERMISSIONS: readonly ParamRequirement[] = [
  { param: 'can_administer_channel_group', since: 325 },
  { param: 'can_add_subscribers_group', since: 342 },
  { param: 'can_subscribe_group', since: 357 },
  { param: 'can_move_messages_out_of_channel_group', since: 396 },
  { param: 'can_move_messages_within_channel_group', since: 396 },
  { param: 'can_resolve_topics_group', since: 402 },
  { param: 'can_delete_any_message_group', since: 407 },
  { param: 'can_delete_own_message_group', since: 407 },
];

/**
 * `include_anchor` is new in level 155; older servers always include the anchor, so `true` is
 * dropped and `false` cannot be said.
 */
export const INCLUDE_ANCHOR: readonly ParamRequirement[] = [
  { param: 'include_anchor', since: 155, applies: (params) => params['include_anchor'] === false },
  { param: 'include_anchor', since: 155, downgrade: ({ include_anchor: _include, ...rest }: WireParams) => rest },
];

/** `include_deactivated_groups` of `GET /user_groups` is new in level 294; older servers call it `allow_deactivated`. */
export const INCLUDE_DEACTIVATED_GROUPS: ParamRequirement = {
  param: 'include_deactivated_groups',
  since: 294,
  downgrade: ({ include_deactivated_groups: include, ...rest }: WireParams) => ({ ...rest, allow_deactivated: include }),
};

/**
 * Custom profile field settings newer than the operations that take them:
 * `display_in_profile_summary` (146), `required` (244), `editable_by_user` (296). An older server
 * ignores them, so they are refused below.
 */
export const NEWER_PROFILE_FIELD_SETTINGS: readonly ParamRequirement[] = [
  { param: 'display_in_profile_summary', since: 146 },
  { param: 'required', since: 244 },
  { param: 'editable_by_user', since: 296 },
];

/** The Pronouns custom profile field type (8) is new in level 151. */
export const PRONOUNS_FIELD_TYPE: ParamRequirement = {
  param: 'field_type',
  since: 151,
  applies: (params) => params['field_type'] === 8,
};

/**
 * Before level 252 a field's update replaced its name and hint whether given or not (an omitted
 * one was blank): leaving either out needs 252.
 */
export const PARTIAL_PROFILE_FIELD_UPDATE: readonly ParamRequirement[] = [
  { param: 'name', since: 252, applies: (params) => params['name'] === undefined },
  { param: 'hint', since: 252, applies: (params) => params['hint'] === undefined },
];

/** A term's operator and operand, read from the object form or the legacy `[operator, operand]` pair. */
function termParts(term: unknown): [unknown, unknown] {
  if (Array.isArray(term)) return [term[0], term[1]];
  const { operator, operand } = (term ?? {}) as { operator?: unknown; operand?: unknown };
  return [operator, operand];
}

/**
 * Narrow terms new in `since` that older servers know by other names with the same results:
 * `rename` gives a term's older operator and operand, or undefined to keep it. Only operators
 * (and the operand of `is`) are renamed, never a channel name or an address.
 */
function olderNarrowNames(since: number, rename: (operator: unknown, operand: unknown) => [string, unknown] | undefined): ParamRequirement {
  const renamedTerm = (term: unknown): unknown => {
    const older = rename(...termParts(term));
    if (!older) return term;
    return Array.isArray(term) ? older : { ...(term as object), operator: older[0], operand: older[1] };
  };
  const terms = (params: WireParams): unknown[] => (Array.isArray(params['narrow']) ? params['narrow'] : []);
  return {
    param: 'narrow',
    since,
    applies: (params) => terms(params).some((term) => rename(...termParts(term)) !== undefined),
    downgrade: (params) => ({ ...params, narrow: terms(params).map(renamedTerm) }),
  };
}

const CHANNEL_OPERATORS: Readonly<Record<string, string>> = { channel: 'stream', channels: 'streams' };

/**
 * Narrow operators older servers refuse (`Invalid narrow operator: unknown operator`) but know by
 * their older names: `channel` and `channels` are new in level 250 (`stream`, `streams`), `dm` and
 * `is:dm` in 177 (`pm-with`, `is:private`).
 */
export const NARROW_OPERATORS: readonly ParamRequirement[] = [
  /* @__PURE__ */ olderNarrowNames(250, (operator, operand) =>
    typeof operator === 'string' && Object.hasOwn(CHANNEL_OPERATORS, operator) ? [CHANNEL_OPERATORS[operator] ?? operator, operand] : undefined,
  ),
  /* @__PURE__ */ olderNarrowNames(177, (operator, operand) =>
    operator === 'dm' ? ['pm-with', operand] : operator === 'is' && operand === 'dm' ? ['is', 'private'] : undefined,
  ),
];

/** A setting renamed at `since`: older servers take the same value under `older`. */
const renamedSetting = (param: string, since: number, older: string): ParamRequirement => ({
  param,
  since,
  downgrade: ({ [param]: value, ...rest }: WireParams) => ({ ...rest, [older]: value }),
});

/**
 * Personal settings older servers know by another name (`PATCH /settings`,
 * `PATCH /realm/user_settings_defaults`): `web_home_view` and `web_escape_navigates_to_home_view`
 * were `default_view` and `escape_navigates_to_default_view` until 219;
 * `realm_name_in_email_notifications_policy` was the boolean `realm_name_in_notifications` until
 * 168, true for "always" (2), false for "automatic" (1), with no "never" (3).
 */
export const RENAMED_SETTINGS: readonly ParamRequirement[] = [
  /* @__PURE__ */ renamedSetting('web_home_view', 219, 'default_view'),
  /* @__PURE__ */ renamedSetting('web_escape_navigates_to_home_view', 219, 'escape_navigates_to_default_view'),
  {
    param: 'realm_name_in_email_notifications_policy',
    since: 168,
    applies: (params) => params['realm_name_in_email_notifications_policy'] === 3,
  },
  {
    param: 'realm_name_in_email_notifications_policy',
    since: 168,
    downgrade: ({ realm_name_in_email_notifications_policy: policy, ...rest }: WireParams) => ({ ...rest, realm_name_in_notifications: policy === 2 }),
  },
];

/**
 * Realm settings older servers know by another name (`PATCH /realm`): the announcement channels
 * were `notifications_stream_id` and `signup_notifications_stream_id` until 241.
 */
export const RENAMED_REALM_SETTINGS: readonly ParamRequirement[] = [
  /* @__PURE__ */ renamedSetting('new_stream_announcements_stream_id', 241, 'notifications_stream_id'),
  /* @__PURE__ */ renamedSetting('signup_announcements_stream_id', 241, 'signup_notifications_stream_id'),
];

/** Below `since` a group setting's value that is no group's ID (an anonymous group) is refused. */
const groupIdValueRefusal = (param: string, since: number): ParamRequirement => ({
  param,
  since,
  applies: (params) => params[param] !== undefined && !Number.isInteger(params[param]),
});

/** Below `since` a group setting's change with an expected old value (not null) is refused. */
const oldValueRefusal = (param: string, since: number): ParamRequirement => ({
  param,
  since,
  applies: (params) => (params[param] as { old?: unknown } | undefined)?.old != null,
});

/**
 * The new value of a group setting's change (`{new, old?}`); undefined for anything else (a `null`
 * or a bare value, outside the SDK's types), which is sent as it is, for the server to answer.
 */
const newValueOf = (change: unknown): unknown => (change as { new?: unknown } | null | undefined)?.new;

/** Below `since` a group setting's change with a new value that is no group's ID is refused. */
const groupIdNewRefusal = (param: string, since: number): ParamRequirement => ({
  param,
  since,
  applies: (params) => newValueOf(params[param]) !== undefined && !Number.isInteger(newValueOf(params[param])),
});

/** Below `since` a group setting's change is sent as its new value (a group's ID, or the group-setting value). */
const changeAsNewValue = (param: string, since: number): ParamRequirement => ({
  param,
  since,
  // An explicit `applies`: the parameter itself is not newer (the mock ignores those below `since`).
  applies: (params) => newValueOf(params[param]) !== undefined,
  downgrade: ({ [param]: change, ...rest }: WireParams) => ({ ...rest, [param]: newValueOf(change) }),
});

/**
 * Each group setting's change as servers read it below `changeSince`: its new value alone, which
 * below `valueSince` had to be a group's ID. An expected old value (not null, as on the server)
 * needs `changeSince`; a new value that is no group's ID (an anonymous group) needs `valueSince`.
 */
const changeAsOlderValue = (params: readonly string[], valueSince: number, changeSince: number): ParamRequirement[] =>
  params.flatMap((param) => [oldValueRefusal(param, changeSince), groupIdNewRefusal(param, valueSince), changeAsNewValue(param, changeSince)]);

/**
 * Realm group settings `PATCH /realm` took as a group's ID (`Json[int]`, no expected old value)
 * until 314: `create_multiuse_invite_group` and `can_access_all_users_group`. A named group is
 * sent as its ID there; an anonymous group or an expected old value needs 314.
 */
export const GROUP_ID_REALM_SETTINGS: readonly ParamRequirement[] = /* @__PURE__ */ changeAsOlderValue(
  ['create_multiuse_invite_group', 'can_access_all_users_group'],
  314,
  314,
);

/**
 * `POST /user_groups/create` took `can_mention_group` as a group's ID (`Json[int]`) until 258: an
 * anonymous group needs 258. Declared before `RENAMED_MENTION_GROUP`, which renames the ID below 198.
 */
export const MENTION_GROUP_VALUE_FORMS: readonly ParamRequirement[] = [/* @__PURE__ */ groupIdValueRefusal('can_mention_group', 258)];

/**
 * `PATCH /user_groups/{id}` took `can_mention_group` as a group's ID (`Json[int]`) until 258, then
 * as the group-setting value until the change `{new, old}` at 260: below 260 the change's `new` is
 * sent; an anonymous group needs 258 and an expected old value 260. Declared before
 * `RENAMED_MENTION_GROUP`, which renames the ID below 198.
 */
export const MENTION_GROUP_CHANGE_FORMS: readonly ParamRequirement[] = /* @__PURE__ */ changeAsOlderValue(['can_mention_group'], 258, 260);

/**
 * Subscribing took `can_remove_subscribers_group` as a group's ID (`Json[int]`, with a null as the
 * default from 275) until 320: an anonymous group needs 320. Declared before
 * `RENAMED_REMOVE_SUBSCRIBERS_GROUP`, which renames the ID below 197.
 */
export const REMOVE_SUBSCRIBERS_GROUP_VALUE_FORMS: readonly ParamRequirement[] = [
  /* @__PURE__ */ groupIdValueRefusal('can_remove_subscribers_group', 320),
];

/**
 * `PATCH /streams/{id}` took `can_remove_subscribers_group` as a group's ID (`Json[int]`, with a
 * null as no change from 275) until 320: a named group is sent as its ID there; an anonymous
 * group or an expected old value needs 320. Declared before `RENAMED_REMOVE_SUBSCRIBERS_GROUP`,
 * which renames the ID below 197.
 */
export const REMOVE_SUBSCRIBERS_GROUP_CHANGE_FORMS: readonly ParamRequirement[] = /* @__PURE__ */ changeAsOlderValue(['can_remove_subscribers_group'], 320, 320);
