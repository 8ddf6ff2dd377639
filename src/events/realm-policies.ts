/** The deprecated policy numbers by system group (the server's `SYSTEM_GROUPS_ENUM_MAP`). */
const COMMON: Readonly<Record<string, number>> = {
  'role:members': 1,
  'role:administrators': 2,
  'role:fullmembers': 3,
  'role:moderators': 4,
  'role:everyone': 5,
  'role:nobody': 6,
  'role:owners': 7,
};

/** The wildcard mention policy's own numbers. */
const WILDCARD: Readonly<Record<string, number>> = {
  'role:everyone': 1,
  'role:members': 2,
  'role:fullmembers': 3,
  'role:administrators': 5,
  'role:nobody': 6,
  'role:moderators': 7,
};

/** Each deprecated policy key: the group setting it stands for, the numbers it has, and its number otherwise. */
const POLICIES = {
  can_create_public_channel_group: { key: 'realm_create_public_stream_policy', table: COMMON, allowed: [1, 2, 3, 4], fallback: 1 },
  can_create_private_channel_group: { key: 'realm_create_private_stream_policy', table: COMMON, allowed: [1, 2, 3, 4], fallback: 1 },
  can_create_web_public_channel_group: { key: 'realm_create_web_public_stream_policy', table: COMMON, allowed: [2, 4, 6, 7], fallback: 4 },
  can_mention_many_users_group: { key: 'realm_wildcard_mention_policy', table: WILDCARD, allowed: [1, 2, 3, 5, 6, 7], fallback: 1 },
  // Servers below feature level 321 have only the policy, never the group setting.
  can_invite_users_group: { key: 'realm_invite_to_realm_policy', table: COMMON, allowed: [1, 2, 3, 4, 6], fallback: 1 },
  // Servers below feature level 341 have only the policy.
  can_add_subscribers_group: { key: 'realm_invite_to_stream_policy', table: COMMON, allowed: [1, 2, 3, 4], fallback: 1 },
} as const;

/** A group setting that a deprecated policy key stands for. */
export type PolicyGroupSetting = keyof typeof POLICIES;

/**
 * A deprecated policy key and its number for a group setting's value, given the name of the
 * system group it is (undefined for any other group): the server's
 * `get_corresponding_policy_value_for_group_setting`.
 */
export function deprecatedPolicy(setting: PolicyGroupSetting, systemGroupName: string | undefined): { key: string; value: number } {
  const policy = POLICIES[setting];
  const mapped = systemGroupName === undefined ? undefined : policy.table[systemGroupName];
  const value = mapped !== undefined && (policy.allowed as readonly number[]).includes(mapped) ? mapped : policy.fallback;
  return { key: policy.key, value };
}

type GroupLike = { readonly id: number; readonly name: string; readonly is_system_group?: boolean };

/**
 * The deprecated policy keys that follow changed group settings, as the server recomputes them:
 * the setting's system group's number, else the one for the largest group the policy had. Needs
 * the state's `realm_user_groups` to name system groups; without them, nothing is recomputed.
 */
export function followingPolicies(state: Readonly<Record<string, unknown>>, changes: Readonly<Record<string, unknown>>): Record<string, number> {
  const groups = state['realm_user_groups'] as readonly GroupLike[] | undefined;
  if (!Array.isArray(groups)) return {};
  const result: Record<string, number> = {};
  for (const setting of Object.keys(POLICIES) as PolicyGroupSetting[]) {
    if (!(setting in changes) || !(POLICIES[setting].key in state)) continue;
    const value = changes[setting];
    const group = typeof value === 'number' ? groups.find((candidate) => candidate.id === value && candidate.is_system_group === true) : undefined;
    const { key, value: policy } = deprecatedPolicy(setting, group?.name);
    result[key] = policy;
  }
  return result;
}

/**
 * The system group a deprecated policy's number stands for (`role:members` for 1), or undefined
 * for a number the policy does not have.
 */
export function policySystemGroup(setting: PolicyGroupSetting, value: unknown): string | undefined {
  const policy = POLICIES[setting];
  if (typeof value !== 'number' || !(policy.allowed as readonly number[]).includes(value)) return undefined;
  return Object.entries(policy.table).find(([, number]) => number === value)?.[0];
}
