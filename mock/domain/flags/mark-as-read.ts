import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { accessChannelById } from '../channel-access';
import { EMPTY_TOPIC_FALLBACK_NAME, namesEmptyTopic } from '../topics';

/** Sets `read` on the user's copies; records the change unless nothing changed. */
function markRead(state: MockState, user: UserRecord, unreadIds: readonly number[]): void {
  if (unreadIds.length === 0) return;
  for (const id of unreadIds) state.store.userMessages.setFlag(user.id, id, 'read', true);
  state.events.record({
    kind: 'message_flags_changed',
    userId: user.id,
    op: 'add',
    flag: 'read',
    messageIds: unreadIds,
    all: false,
  });
}

/**
 * Marks every unread message of the user as read, those of channels they left included. The
 * event is sent even when nothing was unread, with `all: true` and no IDs. The mock finishes in
 * one pass, so `complete` is always true.
 */
export function markAllAsRead(state: MockState, user: UserRecord): { complete: boolean } {
  for (const id of state.store.userMessages.messageIdsWithFlag(user.id, 'read', false)) {
    state.store.userMessages.setFlag(user.id, id, 'read', true);
  }
  state.events.record({ kind: 'message_flags_changed', userId: user.id, op: 'add', flag: 'read', messageIds: [], all: true });
  return { complete: true };
}

/** The user's unread IDs, listed only if some channel is worth it (see {@link unreadInChannel}). */
interface UnreadIds {
  /** What walking this side costs: the length of the list once listed, before that every copy of the user. */
  readonly walkLength: number;
  /** The IDs, ascending: listed on first read by one walk of all the user's copies, then kept. */
  readonly ids: readonly number[];
}

/**
 * The user's unread IDs for one request, listed lazily. Kept across the channels of a leave: a
 * message is in one channel, so IDs that an earlier channel marked read never match a later one.
 */
function unreadIds(state: MockState, user: UserRecord): UnreadIds {
  const copies = state.store.userMessages;
  let listed: readonly number[] | undefined;
  return {
    get walkLength() {
      return listed?.length ?? copies.count(user.id);
    },
    get ids() {
      listed ??= copies.messageIdsWithFlag(user.id, 'read', false);
      return listed;
    },
  };
}

/**
 * The user's unread messages in a channel, ascending. Walks the shorter side: the channel's
 * messages, checking the user's copy of each (binary searches), when the channel has fewer
 * messages than the other side has entries; else the user's unread IDs, listing them first if
 * this request has not yet. So a small channel costs its own size however many copies the user
 * has, and a bigger channel costs one walk of the user's copies (once per request) and of their
 * unread IDs, never its own size.
 */
function unreadInChannel(state: MockState, user: UserRecord, unread: UnreadIds, channelId: number): number[] {
  const inChannel = state.store.channelMessageIds(channelId);
  if (inChannel.size >= unread.walkLength) return unread.ids.filter((id) => inChannel.has(id));
  const copies = state.store.userMessages;
  return inChannel.ascending().filter((id) => copies.has(user.id, id) && !copies.hasFlag(user.id, id, 'read'));
}

/**
 * What the server's deferred work does after a user leaves channels: marks their unread messages
 * there as read, one event per channel that had any. No access check: they are no longer subscribed.
 */
export function markLeftChannelsAsRead(state: MockState, user: UserRecord, channelIds: readonly number[]): void {
  const unread = unreadIds(state, user);
  for (const channelId of channelIds) markRead(state, user, unreadInChannel(state, user, unread, channelId));
}

/** Marks the user's unread messages in a channel they may access as read (no event if none). */
export function markChannelAsRead(state: MockState, user: UserRecord, channelId: number): Record<string, never> {
  const channel = accessChannelById(state, user, channelId);
  markRead(state, user, unreadInChannel(state, user, unreadIds(state, user), channel.id));
  return {};
}

/**
 * Marks the user's unread messages in a channel topic as read. The topic compares
 * case-insensitively and must hold a message the user received, else "No such topic".
 * `general chat` (the server's fallback name), `(no topic)` and the realm's display name (the
 * spec's rule for every topic parameter) name the empty topic. As on the server, the empty topic
 * marks the whole channel: `""` itself without any check, a name of it once the user is found
 * to have received a message of it (the server filters by topic only for a non-empty name).
 */
export function markTopicAsRead(
  state: MockState,
  user: UserRecord,
  channelId: number,
  topicName: string,
): Record<string, never> {
  const channel = accessChannelById(state, user, channelId);
  const topic = topicName === EMPTY_TOPIC_FALLBACK_NAME || namesEmptyTopic(state.realm, topicName) ? '' : topicName;
  const copies = state.store.userMessages;
  const received = [...state.store.topicMessageIds(channel.id, topic)].filter((id) => copies.has(user.id, id));
  if (topicName !== '' && received.length === 0) throw badRequest(`No such topic '${topic}'`);
  const unread =
    topic === ''
      ? unreadInChannel(state, user, unreadIds(state, user), channel.id)
      : received.filter((id) => !copies.hasFlag(user.id, id, 'read')).sort((a, b) => a - b);
  markRead(state, user, unread);
  return {};
}
