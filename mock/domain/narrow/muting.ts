import type { ChannelRecord, MessageRecord, UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { isChannelMutedFor, VisibilityPolicy, visibilityPolicyOf } from '../user-topics';

/**
 * Whether a channel message is muted for the user (the server's `exclude_muting_conditions`): its
 * topic is muted, or its channel is muted (a subscription the user still holds) and the topic not
 * unmuted or followed. With `scope`, a channel the narrow names, only topics muted in that channel
 * count: users browse a muted channel on purpose, and the server reads the scope from the first
 * `channel` term even when it is negated, so messages of other channels are then never muted.
 */
export function isMutedFor(
  state: MockState,
  viewer: UserRecord,
  message: MessageRecord,
  scope?: ChannelRecord,
): boolean {
  if (message.channel_id === null) return false;
  const policy = visibilityPolicyOf(state, viewer.id, message.channel_id, message.topic);
  if (scope) return message.channel_id === scope.id && policy === VisibilityPolicy.MUTED;
  if (policy === VisibilityPolicy.MUTED) return true;
  if (policy === VisibilityPolicy.UNMUTED || policy === VisibilityPolicy.FOLLOWED) return false;
  return isChannelMutedFor(state, viewer.id, message.channel_id);
}
