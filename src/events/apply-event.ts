import type { RegisterResponse } from '../schemas/event-queue';
import type { ChatEvent } from '../schemas/events';

/** A registered initial state, as `POST /register` answered it and events keep it current. */
export type RegisteredState = RegisterResponse;

type UserTopicEntry = NonNullable<RegisteredState['user_topics']>[number];

function sameTopic(entry: UserTopicEntry, streamId: number, topicName: string): boolean {
  return entry.stream_id === streamId && entry.topic_name.toLowerCase() === topicName.toLowerCase();
}

/**
 * Applies one event to a registered state and returns the new state (the input is not
 * changed). Sections the state does not hold, and event types without state, leave it as is.
 *
 * @example
 * let state = await client.events.register({ event_types: ['message', 'user_topic'] });
 * for (const event of (await client.events.get({ queue_id: state.queue_id ?? '', last_event_id: -1 })).events) {
 *   const typed = parseEvent(event);
 *   if (typed) state = applyEvent(state, typed);
 * }
 */
export function applyEvent(state: RegisteredState, event: ChatEvent): RegisteredState {
  switch (event.type) {
    case 'message':
      return state.max_message_id === undefined
        ? state
        : { ...state, max_message_id: Math.max(state.max_message_id, event.message.id) };
    case 'user_topic': {
      if (state.user_topics === undefined) return state;
      const { stream_id, topic_name, last_updated, visibility_policy } = event;
      const entry = { stream_id, topic_name, last_updated, visibility_policy };
      const index = state.user_topics.findIndex((existing) => sameTopic(existing, stream_id, topic_name));
      const topics = [...state.user_topics];
      if (visibility_policy === 0) {
        if (index >= 0) topics.splice(index, 1);
      } else if (index >= 0) topics[index] = entry;
      else topics.push(entry);
      return { ...state, user_topics: topics };
    }
    case 'update_message':
    case 'delete_message':
      // No section the state holds changes: moves send their topic policies as `user_topic` events.
      return state;
    default:
      return state;
  }
}
