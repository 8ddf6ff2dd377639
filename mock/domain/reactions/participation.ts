import type { MessageRecord, UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { followPolicyOf, unmutePolicyOf } from '../automatic-policies';
import { AutomaticPolicy, setVisibilityPolicy, VisibilityPolicy, visibilityPolicyOf } from '../user-topics';

/**
 * Reacting takes part in a topic: a (human) subscriber whose setting is "on participation"
 * follows it, or, in a muted channel with that unmute setting, unmutes it. Like the server, this
 * only ever raises visibility: a followed topic stays followed.
 */
export function applyParticipationPolicy(state: MockState, user: UserRecord, message: MessageRecord): void {
  if (message.channel_id === null || user.is_bot) return;
  const subscription = state.store.subscription(user.id, message.channel_id);
  if (!subscription?.active) return;
  let policy: typeof VisibilityPolicy.FOLLOWED | typeof VisibilityPolicy.UNMUTED | undefined;
  if (followPolicyOf(state, user) === AutomaticPolicy.ON_PARTICIPATION) policy = VisibilityPolicy.FOLLOWED;
  else if (
    subscription.is_muted &&
    unmutePolicyOf(state, user) === AutomaticPolicy.ON_PARTICIPATION
  ) {
    policy = VisibilityPolicy.UNMUTED;
  }
  if (policy === undefined) return;
  const current = visibilityPolicyOf(state, user.id, message.channel_id, message.topic);
  if (current === VisibilityPolicy.FOLLOWED) return;
  setVisibilityPolicy(state, user.id, message.channel_id, message.topic, policy);
}
