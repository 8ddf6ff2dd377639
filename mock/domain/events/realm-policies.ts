import { deprecatedPolicy, type PolicyGroupSetting } from '../../../src/events/realm-policies';
import type { MockState, SystemGroupName } from '../state';

function systemGroupOf(state: MockState, setting: PolicyGroupSetting): SystemGroupName | undefined {
  const value = state.realm[setting];
  if (typeof value !== 'number') return undefined;
  return (Object.entries(state.realm.system_groups) as [SystemGroupName, number][]).find(([, id]) => id === value)?.[0];
}

/** A deprecated policy key's number: its system group's, else the one for the largest group it had. */
function policy(state: MockState, setting: PolicyGroupSetting): number {
  return deprecatedPolicy(setting, systemGroupOf(state, setting)).value;
}

/**
 * The deprecated policy keys of register that stand for group settings (the server's
 * `get_corresponding_policy_value_for_group_setting`, shared with the SDK's reducer), each at the
 * levels that have it (the policies removed where group settings replaced them are
 * realm-config/replaced-policies.ts's).
 */
export function deprecatedPolicies(state: MockState, since: (level: number) => boolean): Record<string, number> {
  return {
    ...(since(102)
      ? {
          realm_create_public_stream_policy: policy(state, 'can_create_public_channel_group'),
          realm_create_private_stream_policy: policy(state, 'can_create_private_channel_group'),
        }
      : {}),
    ...(since(103) ? { realm_create_web_public_stream_policy: policy(state, 'can_create_web_public_channel_group') } : {}),
    realm_wildcard_mention_policy: policy(state, 'can_mention_many_users_group'),
  };
}
