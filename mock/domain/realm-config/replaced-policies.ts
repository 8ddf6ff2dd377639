import { badRequest } from '../errors';
import { hasLevel, LEVEL } from '../feature-levels';
import type { MockState, RealmSettings, SystemGroupName } from '../state';

/** The realm group settings a replaced policy's number sets, each to a system group. */
type PolicyGroups = Readonly<Partial<Record<keyof RealmSettings, SystemGroupName>>>;

/**
 * A `*_policy` integer of the realm that older servers had where group settings now stand: the
 * mock keeps it as the system groups each of its numbers stands for (the server's migration to
 * the group settings), so a server below `until` answers, takes and announces it as it did.
 */
export interface ReplacedPolicy {
  /** The level whose group setting(s) replaced it: servers below it have the policy. */
  readonly until: number;
  /** The level that added it, where newer than the oldest the mock can be (a boolean stood there before). */
  readonly since?: number;
  /** Each number and the groups it sets; the first group setting names it when the others differ. */
  readonly numbers: Readonly<Record<number, PolicyGroups>>;
  /** The number for groups no number stands for, where not the first (the largest group it allowed). */
  readonly fallback?: number;
  /** Numbers taken only from a level (`nobody` from 159). */
  readonly numberSince?: Readonly<Record<number, number>>;
  /** Its `realm` event: `update` (`property`, `value`), or `update_dict` for the message editing settings. */
  readonly event: 'update' | 'update_dict';
  /** Register has it at every level, deprecated from `until` (events/realm-policies.ts). */
  readonly deprecated?: true;
}

/** The numbers most of these policies share: 1 members, 2 administrators, 3 full members, 4 moderators. */
const COMMON = {
  1: 'role:members',
  2: 'role:administrators',
  3: 'role:fullmembers',
  4: 'role:moderators',
} as const satisfies Record<number, SystemGroupName>;

/** A policy of one group setting, by the system group of each number. */
function oneSetting(setting: keyof RealmSettings, groups: Readonly<Record<number, SystemGroupName>>): Record<number, PolicyGroups> {
  return Object.fromEntries(Object.entries(groups).map(([number, group]) => [number, { [setting]: group }]));
}

/** `nobody` (6) came to the message move policies at level 159. */
const NOBODY_SINCE_159 = { 6: 159 };

/**
 * The replaced policies by name (changelog and migrations of each group setting), in the order
 * the older servers' `PATCH /realm` read them.
 */
export const REPLACED_POLICIES = {
  // Owners only (update-realm-checks.ts).
  invite_to_realm_policy: {
    until: LEVEL.canInviteUsersGroup,
    numbers: oneSetting('can_invite_users_group', { ...COMMON, 6: 'role:nobody' }),
    numberSince: { 6: LEVEL.inviteToRealmPolicyNobody },
    event: 'update',
  },
  add_custom_emoji_policy: {
    until: 307,
    since: 85,
    numbers: oneSetting('can_add_custom_emoji_group', COMMON),
    event: 'update',
  },
  delete_own_message_policy: {
    until: 291,
    since: 101,
    numbers: oneSetting('can_delete_own_message_group', { ...COMMON, 5: 'role:everyone' }),
    event: 'update',
  },
  edit_topic_policy: {
    until: 316,
    since: 75,
    numbers: oneSetting('can_move_messages_between_topics_group', { ...COMMON, 5: 'role:everyone', 6: 'role:nobody' }),
    numberSince: NOBODY_SINCE_159,
    event: 'update_dict',
  },
  bot_creation_policy: {
    until: 344,
    // 2: only administrators create generic bots; members still create incoming webhooks.
    numbers: {
      1: { can_create_bots_group: 'role:members', can_create_write_only_bots_group: 'role:members' },
      2: { can_create_bots_group: 'role:administrators', can_create_write_only_bots_group: 'role:members' },
      3: { can_create_bots_group: 'role:administrators', can_create_write_only_bots_group: 'role:administrators' },
    },
    event: 'update',
  },
  // Split into the public and private channel policies (which came in its place) at level 102.
  create_stream_policy: {
    until: 102,
    numbers: Object.fromEntries(
      Object.entries(COMMON).map(([number, group]) => [number, { can_create_public_channel_group: group, can_create_private_channel_group: group }]),
    ),
    event: 'update',
  },
  create_public_stream_policy: { until: 264, since: 102, numbers: oneSetting('can_create_public_channel_group', COMMON), event: 'update', deprecated: true },
  create_private_stream_policy: { until: 266, since: 102, numbers: oneSetting('can_create_private_channel_group', COMMON), event: 'update', deprecated: true },
  create_web_public_stream_policy: {
    until: 280,
    since: 103,
    numbers: oneSetting('can_create_web_public_channel_group', { 2: 'role:administrators', 4: 'role:moderators', 6: 'role:nobody', 7: 'role:owners' }),
    // As register's deprecated number says (events/realm-policies.ts).
    fallback: 4,
    event: 'update',
    deprecated: true,
  },
  invite_to_stream_policy: { until: 341, numbers: oneSetting('can_add_subscribers_group', COMMON), event: 'update' },
  move_messages_between_streams_policy: {
    until: 310,
    numbers: oneSetting('can_move_messages_between_channels_group', { ...COMMON, 6: 'role:nobody' }),
    numberSince: NOBODY_SINCE_159,
    event: 'update',
  },
  // Until level 305 the group setting kept this policy's meaning: both groups follow it.
  user_group_edit_policy: {
    until: 299,
    numbers: Object.fromEntries(Object.entries(COMMON).map(([number, group]) => [number, { can_create_groups: group, can_manage_all_groups: group }])),
    event: 'update',
  },
  // 1 direct messages allowed, 2 disabled (the migration's `role:nobody` may use them fully).
  private_message_policy: { until: 270, numbers: oneSetting('direct_message_permission_group', { 1: 'role:everyone', 2: 'role:nobody' }), event: 'update' },
  // Its own numbers; 7 (moderators) from level 62. 4, channel administrators, which servers below
  // 133 took, stands for no group the mock has.
  wildcard_mention_policy: {
    until: 352,
    numbers: oneSetting('can_mention_many_users_group', {
      1: 'role:everyone',
      2: 'role:members',
      3: 'role:fullmembers',
      5: 'role:administrators',
      6: 'role:nobody',
      7: 'role:moderators',
    }),
    numberSince: { 7: 62 },
    event: 'update',
    deprecated: true,
  },
} as const satisfies Record<string, ReplacedPolicy>;

/** A replaced policy's name. */
export type ReplacedPolicyName = keyof typeof REPLACED_POLICIES;

/** The replaced policies' names, in the order older servers read them. */
export const REPLACED_POLICY_NAMES = Object.keys(REPLACED_POLICIES) as ReplacedPolicyName[];

/** Whether a name is a replaced policy's (the table's, not a property inherited by every object). */
export function isReplacedPolicyName(name: string): name is ReplacedPolicyName {
  return Object.hasOwn(REPLACED_POLICIES, name);
}

/** Whether a server at the realm's level has the group settings that replaced the policy. */
export function isPolicyReplaced(state: Pick<MockState, 'featureLevel'>, name: ReplacedPolicyName): boolean {
  return hasLevel(state, REPLACED_POLICIES[name].until);
}

/** Whether a server at the realm's level has the policy. */
function hasReplacedPolicy(state: Pick<MockState, 'featureLevel'>, name: ReplacedPolicyName): boolean {
  const policy: ReplacedPolicy = REPLACED_POLICIES[name];
  return !hasLevel(state, policy.until) && (policy.since === undefined || hasLevel(state, policy.since));
}

function holds(state: MockState, groups: PolicyGroups, only?: keyof RealmSettings): boolean {
  return (Object.entries(groups) as [keyof RealmSettings, SystemGroupName][]).every(
    ([setting, group]) => (only !== undefined && setting !== only) || state.realm[setting] === state.realm.system_groups[group],
  );
}

/**
 * The policy's number for the realm's groups: the number whose groups they all are, else the one
 * whose first group setting is (the others set apart), else its fallback (the first number).
 */
export function replacedPolicyValue(state: MockState, name: ReplacedPolicyName): number {
  const policy: ReplacedPolicy = REPLACED_POLICIES[name];
  const entries = Object.entries(policy.numbers);
  const first = Object.keys(entries[0]![1])[0] as keyof RealmSettings;
  const found = entries.find(([, groups]) => holds(state, groups)) ?? entries.find(([, groups]) => holds(state, groups, first));
  return found === undefined ? (policy.fallback ?? Number(entries[0]![0])) : Number(found[0]);
}

function groupIds(state: MockState, groups: PolicyGroups): Partial<RealmSettings> {
  return Object.fromEntries(Object.entries(groups).map(([setting, group]) => [setting, state.realm.system_groups[group]]));
}

/**
 * Sets the realm's group settings to those of the number each policy its server has shows: an
 * older server kept only that number, so a realm it answers for (a new one, whose settings are
 * today's defaults, or a restored snapshot) has no groups but a number's, and a number the realm
 * shows always means the same permissions.
 */
export function alignReplacedPolicies(state: MockState): void {
  for (const name of REPLACED_POLICY_NAMES) {
    if (!hasReplacedPolicy(state, name)) continue;
    const policy: ReplacedPolicy = REPLACED_POLICIES[name];
    Object.assign(state.realm, groupIds(state, policy.numbers[replacedPolicyValue(state, name)]!));
  }
}

/**
 * The realm's group settings a policy's number sets (system group IDs), refused as the older
 * server refused a number it did not have: `Invalid <name>`.
 *
 * @example
 * replacedPolicyGroups(state, 'delete_own_message_policy', 2); // { can_delete_own_message_group: <role:administrators' ID> }
 */
export function replacedPolicyGroups(state: MockState, name: ReplacedPolicyName, value: number): Partial<RealmSettings> {
  const policy: ReplacedPolicy = REPLACED_POLICIES[name];
  const groups = Object.hasOwn(policy.numbers, value) ? policy.numbers[value] : undefined;
  const since = policy.numberSince?.[value];
  if (groups === undefined || (since !== undefined && !hasLevel(state, since))) throw badRequest(`Invalid ${name}`);
  return groupIds(state, groups);
}

/** Register's `realm_<policy>` of each policy the realm's server has (the deprecated ones are sent at every level elsewhere). */
export function replacedPoliciesState(state: MockState): Record<string, number> {
  const result: Record<string, number> = {};
  for (const name of REPLACED_POLICY_NAMES) {
    const policy: ReplacedPolicy = REPLACED_POLICIES[name];
    if (!policy.deprecated && hasReplacedPolicy(state, name)) result[`realm_${name}`] = replacedPolicyValue(state, name);
  }
  return result;
}
