import type { ReactionRecord } from '../../store/reactions';

/**
 * What a domain operation records after changing the store. The event layer turns each change
 * into the real server's events, per queue; operations never build payloads themselves.
 */
export type Change = MessageSent | UserTopicChanged | ReactionChanged;

/** A message was stored (its recipients' copies and flags included). */
export interface MessageSent {
  readonly kind: 'message_sent';
  readonly messageId: number;
  /** The sending client's queue and local ID, for `local_message_id` (local echo). */
  readonly localEcho?: { readonly queueId: string; readonly localId: string } | undefined;
}

/** A user's visibility policy for a topic changed (0 = back to inherit). */
export interface UserTopicChanged {
  readonly kind: 'user_topic_changed';
  readonly userId: number;
  readonly channelId: number;
  readonly topicName: string;
  readonly visibilityPolicy: number;
  /** UNIX seconds. */
  readonly lastUpdated: number;
}

/** A user added or removed an emoji reaction on a message. */
export interface ReactionChanged {
  readonly kind: 'reaction_changed';
  readonly op: 'add' | 'remove';
  readonly messageId: number;
  /** The reaction added, or the one removed (no longer in the store). */
  readonly reaction: ReactionRecord;
}
