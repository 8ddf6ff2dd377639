import type { MessageRecord, UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { isChannelMutedFor, VisibilityPolicy, visibilityPolicyOf } from '../user-topics';

/**
 * Whether a channel message is muted for the user: its topic is muted, or its channel is muted (a
 * subscription the user still holds) and the topic not unmuted or followed. `ignoreChannelMute`
 * applies only topic mutes, as a view of a single channel does (users browse muted channels on purpose).
 */
export function isMutedFor(
  state: MockState,
  viewer: UserRecord,
  message: MessageRecord,
  ignoreChannelMute = false,
): boolean {
  if (message.channel_id === null) return false;
  const policy = visibilityPolicyOf(state, viewer.id, message.channel_id, message.topic);
  if (policy === VisibilityPolicy.MUTED) return true;
  if (ignoreChannelMute || policy === VisibilityPolicy.UNMUTED || policy === VisibilityPolicy.FOLLOWED) return false;
  return isChannelMutedFor(state, viewer.id, message.channel_id);
}
