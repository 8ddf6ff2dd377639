import type { UnreadEntry } from '../flags/unread';

/**
 * What a domain operation records after changing the store. The event layer turns each change
 * into the real server's events, per queue; operations never build payloads themselves.
 */
export type Change = MessageSent | UserTopicChanged | MessageFlagsChanged;

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

/** A user's flag changed on messages; `all` is mark-all-as-read (no IDs listed). */
export interface MessageFlagsChanged {
  readonly kind: 'message_flags_changed';
  readonly userId: number;
  readonly op: 'add' | 'remove';
  readonly flag: string;
  /** The IDs whose flag changed, in request order. */
  readonly messageIds: readonly number[];
  readonly all: boolean;
  /** Only when `read` was removed: the messages now unread, for `message_details`. */
  readonly unreadDetails?: readonly UnreadEntry[] | undefined;
}
