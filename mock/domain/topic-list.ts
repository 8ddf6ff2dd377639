import type * as z from 'zod/mini';
import type { ChannelTopic } from '../../src/schemas/topic';
import type { UserRecord } from '../store/store';
import { accessChannelById } from './channel-access';
import type { MockState } from './state';
import { displayTopic } from './topics';

/** One entry of `GET /users/me/{stream_id}/topics`. */
export type TopicSummary = z.input<typeof ChannelTopic>;

/**
 * The topics of a channel the user may read, newest first (by the ID of their latest message),
 * each named as its latest message writes it. With protected history only the messages the user
 * received count. Reads the channel's topic index, never the whole message table.
 */
export function channelTopics(
  state: MockState,
  user: UserRecord,
  input: { stream_id: number; allow_empty_topic_name?: boolean | undefined },
): TopicSummary[] {
  const { store } = state;
  const channel = accessChannelById(state, user, input.stream_id);
  const readable = channel.history_public_to_subscribers
    ? () => true
    : (messageId: number) => store.userMessages.has(user.id, messageId);
  const topics: TopicSummary[] = [];
  for (const topic of store.channelTopicNamesLowerCased(channel.id)) {
    let maxId = -1;
    for (const id of store.topicMessageIds(channel.id, topic)) {
      if (id > maxId && readable(id)) maxId = id;
    }
    const latest = maxId < 0 ? undefined : store.tables.message.get(maxId);
    if (!latest) continue;
    topics.push({
      name: displayTopic(state.realm, latest.topic, input.allow_empty_topic_name ?? false),
      max_id: maxId,
    });
  }
  return topics.sort((a, b) => b.max_id - a.max_id);
}
