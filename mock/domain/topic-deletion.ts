import type { UserRecord } from '../store/store';
import { accessChannelById } from './channel-access';
import { removeMessages } from './messages/remove';
import type { MockState } from './state';
import { namesEmptyTopic } from './topics';
import { setVisibilityPolicy, VisibilityPolicy } from './user-topics';

/** The server deletes a topic's messages newest first, this many at a time (one event per batch). */
const TOPIC_DELETION_BATCH_SIZE = 100;

/**
 * `POST /streams/{stream_id}/delete_topic` (administrators only, checked by the route's access):
 * deletes the topic's messages the administrator can read, newest first in batches, then removes
 * the visibility policies users had for the topic (under protected history, only for users left
 * with no message of it). `(no topic)` and the realm's empty-topic display name name the empty
 * topic. The mock never times out, so the answer is always complete.
 */
export function deleteTopic(
  state: MockState,
  user: UserRecord,
  input: { stream_id: number; topic_name: string },
): { complete: boolean } {
  const { store } = state;
  const channel = accessChannelById(state, user, input.stream_id);
  const topic = namesEmptyTopic(state.realm, input.topic_name) ? '' : input.topic_name;
  const readable = (id: number) => channel.history_public_to_subscribers || store.userMessages.has(user.id, id);
  const ids = [...store.topicMessageIds(channel.id, topic)].filter(readable).sort((a, b) => b - a);
  for (let start = 0; start < ids.length; start += TOPIC_DELETION_BATCH_SIZE) {
    const batch = ids
      .slice(start, start + TOPIC_DELETION_BATCH_SIZE)
      .flatMap((id) => store.tables.message.get(id) ?? []);
    removeMessages(state, batch, user);
  }
  const remaining = [...store.topicMessageIds(channel.id, topic)];
  for (const record of store.userTopicsForTopic(channel.id, topic)) {
    const keepsAccess =
      !channel.history_public_to_subscribers && remaining.some((id) => store.userMessages.has(record.user_id, id));
    // The event names the topic as the request did, not as each record stored it.
    if (!keepsAccess) setVisibilityPolicy(state, record.user_id, channel.id, topic, VisibilityPolicy.INHERIT);
  }
  return { complete: true };
}
