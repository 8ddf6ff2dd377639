import type { ChannelRecord, MessageRecord, UserRecord } from '../../store/store';
import { canRead } from './access';
import type { MockState } from '../state';
import { followPolicyOf, followsWhereMentioned, unmutePolicyOf } from '../automatic-policies';
import {
  AutomaticPolicy,
  isChannelMutedFor,
  setVisibilityPolicy,
  VisibilityPolicy,
  type VisibilityPolicyValue,
  visibilityPolicyOf,
} from '../user-topics';

/** A channel message just stored, as the automatic follow rules see it. */
export interface SentChannelMessage {
  readonly sender: UserRecord;
  readonly channel: ChannelRecord;
  readonly topic: string;
  /** Whether the sender could see no earlier message in the topic: they started it. */
  readonly initiatesTopic: boolean;
  /**
   * Users mentioned non-silently, directly or as active members of a mentioned group (the
   * server's `mentions_user_ids`); wildcard mentions do not count.
   */
  readonly mentionedUserIds: ReadonlySet<number>;
}

/** Whether the user could see any message of the topic before this one. */
export function sawEarlierMessageInTopic(
  state: MockState,
  user: UserRecord,
  channel: ChannelRecord,
  topic: string,
): boolean {
  const ids = state.store.topicMessageIds(channel.id, topic);
  if (channel.history_public_to_subscribers) return ids.size > 0;
  for (const id of ids) if (state.store.userMessages.has(user.id, id)) return true;
  return false;
}

function isOneOf(value: number, ...accepted: number[]): boolean {
  return accepted.includes(value);
}

/**
 * The policy sending should give the sender, or undefined when it would not raise visibility.
 * Following wins over unmuting whenever both settings apply, as on the server.
 */
function senderPolicyAfterSend(state: MockState, message: SentChannelMessage): VisibilityPolicyValue | undefined {
  const { sender, channel, topic } = message;
  const current = visibilityPolicyOf(state, sender.id, channel.id, topic);
  if (current === VisibilityPolicy.FOLLOWED) return undefined;
  const follow = followPolicyOf(state, sender);
  const unmute = unmutePolicyOf(state, sender);
  if (isOneOf(follow, AutomaticPolicy.ON_PARTICIPATION, AutomaticPolicy.ON_SEND)) return VisibilityPolicy.FOLLOWED;
  const channelMuted = isChannelMutedFor(state, sender.id, channel.id);
  const unmuteOnSend = channelMuted && isOneOf(unmute, AutomaticPolicy.ON_PARTICIPATION, AutomaticPolicy.ON_SEND);
  const onSend = unmuteOnSend ? VisibilityPolicy.UNMUTED : undefined;
  // A topic with a policy already set cannot be one the sender is starting.
  if (current !== VisibilityPolicy.INHERIT) return onSend === current ? undefined : onSend;
  if (!message.initiatesTopic) return onSend;
  if (follow === AutomaticPolicy.ON_INITIATION) return VisibilityPolicy.FOLLOWED;
  if (channelMuted && unmute === AutomaticPolicy.ON_INITIATION) return VisibilityPolicy.UNMUTED;
  return onSend;
}

/**
 * Mentioned humans who received the message follow its topic: the server intersects the mentions
 * with the message's active recipients, so a mentioned user outside the channel does not.
 */
function followForMentions(state: MockState, message: SentChannelMessage): void {
  for (const userId of message.mentionedUserIds) {
    const user = state.store.tables.user.get(userId);
    if (!user?.is_active || user.is_bot || !followsWhereMentioned(state, user)) continue;
    if (!state.store.isSubscribed(userId, message.channel.id)) continue;
    const current = visibilityPolicyOf(state, userId, message.channel.id, message.topic);
    if (current === VisibilityPolicy.FOLLOWED || current === VisibilityPolicy.MUTED) continue;
    setVisibilityPolicy(state, userId, message.channel.id, message.topic, VisibilityPolicy.FOLLOWED);
  }
}

/**
 * Applies the automatic topic policies after a channel message: the (human) sender's follow
 * or unmute settings, then following for the users it mentions. Returns the sender's new
 * policy when it changed, for `automatic_new_visibility_policy`.
 */
export function applyAutomaticVisibility(state: MockState, message: SentChannelMessage): VisibilityPolicyValue | undefined {
  let senderPolicy: VisibilityPolicyValue | undefined;
  if (!message.sender.is_bot) {
    senderPolicy = senderPolicyAfterSend(state, message);
    if (senderPolicy !== undefined) {
      setVisibilityPolicy(state, message.sender.id, message.channel.id, message.topic, senderPolicy);
    }
  }
  followForMentions(state, message);
  return senderPolicy;
}

/**
 * A move of part of a topic (the editor's view) that makes a message the first its sender can see
 * in the target topic counts as its sender starting that topic: a human sender with
 * `automatically_follow_topics_policy` "on initiation" follows it, else one with the unmute policy
 * "on initiation" in a muted channel unmutes it, as the server's
 * `apply_automatic_unmute_follow_topics_policy` does.
 */
export function applyInitiationPolicyAfterMove(
  state: MockState,
  moved: MessageRecord,
  channel: ChannelRecord,
  topic: string,
  otherMovedIds: ReadonlySet<number>,
): void {
  const sender = state.store.tables.user.get(moved.sender_id);
  if (!sender || sender.is_bot) return;
  for (const id of state.store.topicMessageIds(channel.id, topic)) {
    if (id === moved.id || otherMovedIds.has(id) || id > moved.id) continue;
    const other = state.store.tables.message.get(id);
    if (other && canRead(state, sender, other)) return;
  }
  if (followPolicyOf(state, sender) === AutomaticPolicy.ON_INITIATION) {
    setVisibilityPolicy(state, sender.id, channel.id, topic, VisibilityPolicy.FOLLOWED);
  } else if (
    unmutePolicyOf(state, sender) === AutomaticPolicy.ON_INITIATION &&
    // The server reads the sender's subscription among those of active users only.
    sender.is_active &&
    isChannelMutedFor(state, sender.id, channel.id)
  ) {
    setVisibilityPolicy(state, sender.id, channel.id, topic, VisibilityPolicy.UNMUTED);
  }
}
