import { policySystemGroup } from '../../../src/events/realm-policies';
import { badRequest } from '../errors';
import { hasLevel, LEVEL } from '../feature-levels';
import type { MockState, SystemGroupName } from '../state';

/** The policy's number for nobody, which servers took only from {@link LEVEL.inviteToRealmPolicyNobody}. */
const NOBODY = 6;

/**
 * The system group an `invite_to_realm_policy` stands for (servers below level 321, whose
 * `PATCH /realm` took it), checked as such a server checked it: the realm keeps it as that group
 * in `can_invite_users_group`, which has the same members as the policy allowed.
 *
 * @example
 * inviteToRealmPolicyGroup(state, 2); // the ID of role:administrators
 */
export function inviteToRealmPolicyGroup(state: MockState, policy: number): number {
  const name = policySystemGroup('can_invite_users_group', policy) as SystemGroupName | undefined;
  if (name === undefined || (policy === NOBODY && !hasLevel(state, LEVEL.inviteToRealmPolicyNobody))) {
    throw badRequest('Invalid invite_to_realm_policy');
  }
  return state.realm.system_groups[name];
}
