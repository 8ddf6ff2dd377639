import type { MessageRecord, UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { isChannelMutedFor, VisibilityPolicy, visibilityPolicyOf } from '../user-topics';

/** The server counts at most this many unread messages, the newest (its `MAX_UNREAD_MESSAGES`). */
export const MAX_UNREAD_MESSAGES = 50_000;

/** The conversation an unread message belongs to, as the unread state groups it. */
type UnreadConversation =
  | {
      readonly kind: 'stream';
      readonly channelId: number;
      readonly topic: string;
      /** Not muted for the user: counted in `count`, and its wildcard mentions count. */
      readonly unmuted: boolean;
    }
  | { readonly kind: 'private'; readonly otherUserId: number }
  | { readonly kind: 'huddle'; readonly userIds: readonly number[] };

/** One unread message of a user, classified. */
export interface UnreadEntry {
  readonly messageId: number;
  readonly conversation: UnreadConversation;
  /** In `mentions`: mentioned directly or by group, or by a wildcard where not muted. */
  readonly mentioned: boolean;
}

/**
 * Whether a channel topic counts as not muted for the user: in a muted channel only topics the
 * user unmuted or follows; elsewhere every topic the user did not mute.
 */
function isUnmutedFor(state: MockState, userId: number, channelId: number, topic: string): boolean {
  const channelMuted = isChannelMutedFor(state, userId, channelId);
  const policy = visibilityPolicyOf(state, userId, channelId, topic);
  if (channelMuted) return policy === VisibilityPolicy.UNMUTED || policy === VisibilityPolicy.FOLLOWED;
  return policy !== VisibilityPolicy.MUTED;
}

/** Messages of channels the user unsubscribed from never count as unread (the server's rule). */
function inLeftChannel(state: MockState, userId: number, message: MessageRecord): boolean {
  if (message.channel_id === null) return false;
  return state.store.subscription(userId, message.channel_id)?.active === false;
}

function conversationOf(state: MockState, user: UserRecord, message: MessageRecord): UnreadConversation {
  if (message.channel_id !== null) {
    const unmuted = isUnmutedFor(state, user.id, message.channel_id, message.topic);
    return { kind: 'stream', channelId: message.channel_id, topic: message.topic, unmuted };
  }
  if (message.dm_user_ids.length > 2) return { kind: 'huddle', userIds: message.dm_user_ids };
  const other = message.dm_user_ids.find((id) => id !== user.id) ?? user.id;
  return { kind: 'private', otherUserId: other };
}

function entryFor(state: MockState, user: UserRecord, message: MessageRecord): UnreadEntry {
  const conversation = conversationOf(state, user, message);
  const copies = state.store.userMessages;
  const wildcard =
    copies.hasFlag(user.id, message.id, 'stream_wildcard_mentioned') ||
    copies.hasFlag(user.id, message.id, 'topic_wildcard_mentioned');
  const mentioned =
    copies.hasFlag(user.id, message.id, 'mentioned') ||
    (wildcard && (conversation.kind !== 'stream' || conversation.unmuted));
  return { messageId: message.id, conversation, mentioned };
}

/**
 * The user's unread messages among `messageIds` (ascending), classified; messages without an
 * unread copy, and those of channels the user left, are skipped.
 */
export function unreadEntries(state: MockState, user: UserRecord, messageIds: readonly number[]): UnreadEntry[] {
  const entries: UnreadEntry[] = [];
  for (const id of messageIds) {
    const message = state.store.tables.message.get(id);
    if (!message || !state.store.userMessages.has(user.id, id)) continue;
    if (state.store.userMessages.hasFlag(user.id, id, 'read') || inLeftChannel(state, user.id, message)) continue;
    entries.push(entryFor(state, user, message));
  }
  return entries;
}

/** The user's newest unread messages, at most {@link MAX_UNREAD_MESSAGES}, ascending. */
export function newestUnreadEntries(state: MockState, user: UserRecord): UnreadEntry[] {
  const entries = unreadEntries(state, user, state.store.userMessages.messageIdsWithFlag(user.id, 'read', false));
  return entries.slice(Math.max(0, entries.length - MAX_UNREAD_MESSAGES));
}
