import type { ChatEvent } from '../schemas/events';
import type { RegisterResponse } from '../schemas/event-queue';

type UserTopicEntry = NonNullable<RegisterResponse['user_topics']>[number];

function sameTopic(entry: UserTopicEntry, streamId: number, topicName: string): boolean {
  return entry.stream_id === streamId && entry.topic_name.toLowerCase() === topicName.toLowerCase();
}

/**
 * A `user_topic` event on `user_topics`: policy 0 drops the topic's entry, another policy replaces
 * it (keeping the topic's first casing) or appends it; a channel's topics match case-insensitively.
 */
export function applyUserTopic(state: RegisterResponse, event: Extract<ChatEvent, { type: 'user_topic' }>): RegisterResponse {
  if (state.user_topics === undefined) return state;
  const { stream_id, topic_name, last_updated, visibility_policy } = event;
  const entry = { stream_id, topic_name, last_updated, visibility_policy };
  const index = state.user_topics.findIndex((existing) => sameTopic(existing, stream_id, topic_name));
  const topics = [...state.user_topics];
  if (visibility_policy === 0) {
    if (index >= 0) topics.splice(index, 1);
  } else if (index >= 0) {
    // The server keeps a topic's first casing; the event names it as the client asked.
    topics[index] = { ...entry, topic_name: topics[index]?.topic_name ?? topic_name };
  } else topics.push(entry);
  return { ...state, user_topics: topics };
}
