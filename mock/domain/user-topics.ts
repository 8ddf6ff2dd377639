import { userTopicKey } from '../store/store';
import { unixSeconds } from './clock';
import type { MockState } from './state';

/** Values of a user's `visibility_policy` for a topic. */
export const VisibilityPolicy = {
  /** No policy: the channel's setting decides. Stored as the absence of a record. */
  INHERIT: 0,
  MUTED: 1,
  UNMUTED: 2,
  FOLLOWED: 3,
} as const;

/** A `visibility_policy` value. */
export type VisibilityPolicyValue = (typeof VisibilityPolicy)[keyof typeof VisibilityPolicy];

/** Values of `automatically_follow_topics_policy` and `automatically_unmute_topics_in_muted_streams_policy`. */
export const AutomaticPolicy = {
  ON_PARTICIPATION: 1,
  ON_SEND: 2,
  ON_INITIATION: 3,
  NEVER: 4,
} as const;

/** A user's visibility policy for a channel topic (topics compare case-insensitively). */
export function visibilityPolicyOf(state: MockState, userId: number, channelId: number, topic: string): number {
  return state.store.userTopic(userId, channelId, topic)?.visibility_policy ?? VisibilityPolicy.INHERIT;
}

/**
 * Whether the user muted the channel. Only a subscription they still hold counts: the server's
 * muting rules read active subscriptions, so muting stays behind, unheeded, after unsubscribing.
 */
export function isChannelMutedFor(state: MockState, userId: number, channelId: number): boolean {
  const subscription = state.store.subscription(userId, channelId);
  return subscription?.active === true && subscription.is_muted;
}

/**
 * Sets a user's visibility policy for a channel topic; INHERIT removes it. An existing record
 * keeps the topic's original casing, while the event names the topic as given (the server's).
 * Records the change for the event queues; returns whether anything changed.
 */
export function setVisibilityPolicy(
  state: MockState,
  userId: number,
  channelId: number,
  topic: string,
  policy: VisibilityPolicyValue,
  options: { readonly skipMutedTopicsEvent?: boolean } = {},
): boolean {
  const table = state.store.tables.userTopic;
  const key = userTopicKey(userId, channelId, topic);
  const existing = table.get(key);
  if ((existing?.visibility_policy ?? VisibilityPolicy.INHERIT) === policy) return false;
  const last_updated = unixSeconds(state.clock);
  // The event names the topic as asked; the record keeps its first casing.
  const topicName = topic;
  if (policy === VisibilityPolicy.INHERIT) table.delete(key);
  else if (existing) table.update(key, { visibility_policy: policy, last_updated });
  else {
    table.insert({ key, user_id: userId, channel_id: channelId, topic_name: topic, visibility_policy: policy, last_updated });
  }
  state.events.record({
    kind: 'user_topic_changed',
    userId,
    channelId,
    topicName,
    visibilityPolicy: policy,
    lastUpdated: last_updated,
    ...(options.skipMutedTopicsEvent ? { skipMutedTopicsEvent: true } : {}),
  });
  return true;
}

/** The users who follow a channel topic. */
export function topicFollowers(state: MockState, channelId: number, topic: string): Set<number> {
  const followers = new Set<number>();
  for (const record of state.store.userTopicsForTopic(channelId, topic)) {
    if (record.visibility_policy === VisibilityPolicy.FOLLOWED) followers.add(record.user_id);
  }
  return followers;
}
