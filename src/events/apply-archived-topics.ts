import type { RegisterResponse } from '../schemas/event-queue';
import type { ChatEvent } from '../schemas/events';

type State = Pick<RegisterResponse, 'user_topics' | 'muted_topics'>;
type StreamEvent = Extract<ChatEvent, { type: 'stream' }>;

/**
 * `user_topics` and `muted_topics` after a channel is archived: the server lists neither for an
 * archived channel, and sends no event for them when it archives one. Only the `is_archived`
 * update (from feature level 378, to clients with the `archived_channels` capability) says so; a `stream` `delete` may also
 * mean the user lost access, which keeps them, so it changes nothing here.
 */
export function topicsAfterArchiving<S extends State>(state: S, event: StreamEvent): S {
  if (event.op !== 'update' || event.property !== 'is_archived' || event.value !== true) return state;
  const { stream_id: channelId, name } = event;
  const next = { ...state };
  if (state.user_topics !== undefined) next.user_topics = state.user_topics.filter((entry) => entry.stream_id !== channelId);
  if (state.muted_topics !== undefined) next.muted_topics = state.muted_topics.filter(([channelName]) => channelName !== name);
  return next;
}
