import type * as z from 'zod/mini';
import type { UnreadMessages } from '../../../src/schemas/unread';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { displayTopic } from '../topics';
import { MAX_UNREAD_MESSAGES, newestUnreadEntries } from './unread';

type UnreadState = z.input<typeof UnreadMessages>;

interface Bucket<Key> {
  readonly key: Key;
  readonly ids: number[];
}

function bucketOf<Key>(buckets: Map<string, Bucket<Key>>, mapKey: string, key: Key): Bucket<Key> {
  let bucket = buckets.get(mapKey);
  if (!bucket) {
    bucket = { key, ids: [] };
    buckets.set(mapKey, bucket);
  }
  return bucket;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * `unread_msgs` of the register state, grouped as the server groups it: one-on-one direct
 * messages by the other user, group direct messages by participants, channel messages by
 * channel and topic (case-insensitively; the oldest message names the topic), each list sorted.
 */
export function unreadMessagesState(
  state: MockState,
  user: UserRecord,
  options: { readonly allowEmptyTopicName: boolean },
): UnreadState {
  const entries = newestUnreadEntries(state, user);
  const pms = new Map<string, Bucket<number>>();
  const huddles = new Map<string, Bucket<string>>();
  const streams = new Map<string, Bucket<{ channelId: number; topic: string }>>();
  const mentions: number[] = [];
  let count = 0;
  for (const { messageId, conversation, mentioned } of entries) {
    if (mentioned) mentions.push(messageId);
    if (conversation.kind === 'private') {
      count++;
      bucketOf(pms, String(conversation.otherUserId), conversation.otherUserId).ids.push(messageId);
    } else if (conversation.kind === 'huddle') {
      count++;
      const key = conversation.userIds.join(',');
      bucketOf(huddles, key, key).ids.push(messageId);
    } else {
      if (conversation.unmuted) count++;
      const topic = displayTopic(state.realm, conversation.topic, options.allowEmptyTopicName);
      const mapKey = `${conversation.channelId}\u0000${topic.toLowerCase()}`;
      bucketOf(streams, mapKey, { channelId: conversation.channelId, topic }).ids.push(messageId);
    }
  }
  return {
    pms: [...pms.values()]
      .sort((a, b) => a.key - b.key)
      .map(({ key, ids }) => ({ other_user_id: key, sender_id: key, unread_message_ids: ids })),
    streams: [...streams.values()]
      .sort((a, b) => a.key.channelId - b.key.channelId || compareText(a.key.topic.toLowerCase(), b.key.topic.toLowerCase()))
      .map(({ key, ids }) => ({ stream_id: key.channelId, topic: key.topic, unread_message_ids: ids })),
    huddles: [...huddles.values()]
      .sort((a, b) => compareText(a.key, b.key))
      .map(({ key, ids }) => ({ user_ids_string: key, unread_message_ids: ids })),
    mentions,
    count,
    old_unreads_missing: entries.length === MAX_UNREAD_MESSAGES,
  };
}
