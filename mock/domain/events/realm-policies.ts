import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { MockState, SystemGroupName } from '../state';

/** The deprecated role-based policies (`CommonPolicyEnum` and kin) by system group. */
const POLICY_OF_GROUP: Partial<Record<SystemGroupName, number>> = {
  'role:members': 1,
  'role:administrators': 2,
  'role:fullmembers': 3,
  'role:moderators': 4,
  'role:everyone': 5,
  'role:nobody': 6,
  'role:owners': 7,
};

/** The wildcard mention policy's own numbering. */
const WILDCARD_POLICY_OF_GROUP: Partial<Record<SystemGroupName, number>> = {
  'role:everyone': 1,
  'role:members': 2,
  'role:fullmembers': 3,
  'role:administrators': 5,
  'role:nobody': 6,
  'role:moderators': 7,
};

function systemGroupOf(state: MockState, value: GroupSettingValue): SystemGroupName | undefined {
  if (typeof value !== 'number') return undefined;
  return (Object.entries(state.realm.system_groups) as [SystemGroupName, number][]).find(([, id]) => id === value)?.[0];
}

/** A policy for a group setting: its system group's, when the policy has it, else the policy for the largest group it had. */
function policy(state: MockState, value: GroupSettingValue, allowed: readonly number[], fallback: number): number {
  const name = systemGroupOf(state, value);
  const mapped = name === undefined ? undefined : POLICY_OF_GROUP[name];
  return mapped !== undefined && allowed.includes(mapped) ? mapped : fallback;
}

/**
 * The deprecated policy keys of register that stand for group settings (the server's
 * `get_corresponding_policy_value_for_group_setting`), each at the levels that have it.
 */
export function deprecatedPolicies(state: MockState, since: (level: number) => boolean): Record<string, number> {
  const { realm } = state;
  const common = [1, 2, 3, 4];
  const mention = systemGroupOf(state, realm.can_mention_many_users_group);
  return {
    ...(since(102)
      ? {
          realm_create_public_stream_policy: policy(state, realm.can_create_public_channel_group, common, 1),
          realm_create_private_stream_policy: policy(state, realm.can_create_private_channel_group, common, 1),
        }
      : {}),
    ...(since(103) ? { realm_create_web_public_stream_policy: policy(state, realm.can_create_web_public_channel_group, [2, 4, 6, 7], 4) } : {}),
    realm_wildcard_mention_policy: (mention === undefined ? undefined : WILDCARD_POLICY_OF_GROUP[mention]) ?? 1,
  };
}
