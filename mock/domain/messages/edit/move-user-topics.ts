import type { MockState } from '../../state';
import { setVisibilityPolicy, VisibilityPolicy, type VisibilityPolicyValue, visibilityPolicyOf } from '../../user-topics';

/** A channel topic. */
export interface TopicLocation {
  readonly channelId: number;
  readonly topic: string;
}

/** When two topics merge, the more visible policy wins (followed, unmuted, none, muted). */
function policyAfterMerge(orig: number, target: number): VisibilityPolicyValue {
  const policies = new Set([orig, target]);
  if (policies.has(VisibilityPolicy.FOLLOWED)) return VisibilityPolicy.FOLLOWED;
  if (policies.has(VisibilityPolicy.UNMUTED)) return VisibilityPolicy.UNMUTED;
  if (policies.has(VisibilityPolicy.INHERIT)) return VisibilityPolicy.INHERIT;
  return VisibilityPolicy.MUTED;
}

function asPolicy(value: number): VisibilityPolicyValue {
  return value as VisibilityPolicyValue;
}

/**
 * Moves users' visibility policies with a whole topic, as the server does: the old topic's policy
 * is cleared and carried to the new one (merged with the new topic's own when it already had
 * messages); users who can no longer read the messages just lose the old topic's policy.
 */
export function moveUserTopics(
  state: MockState,
  from: TopicLocation,
  to: TopicLocation,
  targetHadMessages: boolean,
  usersLosingAccess: ReadonlySet<number>,
): void {
  // No shortcut for a case-only rename, as on the server: the old and new topic name the same
  // record (names compare case-insensitively), so the policy is cleared under the old name and,
  // being already the "new" topic's policy, never set again. The user ends with no policy.
  for (const user of state.store.tables.user.all()) {
    const orig = visibilityPolicyOf(state, user.id, from.channelId, from.topic);
    const target = visibilityPolicyOf(state, user.id, to.channelId, to.topic);
    if (orig === VisibilityPolicy.INHERIT && target === VisibilityPolicy.INHERIT) continue;
    if (usersLosingAccess.has(user.id)) {
      setVisibilityPolicy(state, user.id, from.channelId, from.topic, VisibilityPolicy.INHERIT);
      continue;
    }
    // The server sends no muted_topics event for this reset: the one after the new policy follows.
    if (orig !== VisibilityPolicy.INHERIT) {
      setVisibilityPolicy(state, user.id, from.channelId, from.topic, VisibilityPolicy.INHERIT, { skipMutedTopicsEvent: true });
    }
    const next = targetHadMessages ? policyAfterMerge(orig, target) : asPolicy(orig);
    if (next !== target) setVisibilityPolicy(state, user.id, to.channelId, to.topic, next);
  }
}
