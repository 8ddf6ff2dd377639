import type { MockState } from '../state';
import { displayTopic } from '../topics';
import type { UserTopicChanged } from './changes';
import type { EventQueue } from './queue';

/** The `user_topic` event, for the queues of the user whose policy changed. */
export function renderUserTopicEvent(state: MockState, queue: EventQueue, change: UserTopicChanged) {
  if (queue.userId !== change.userId) return undefined;
  return {
    type: 'user_topic',
    stream_id: change.channelId,
    topic_name: displayTopic(state.realm, change.topicName, queue.options.capabilities.has('empty_topic_name')),
    last_updated: change.lastUpdated,
    visibility_policy: change.visibilityPolicy,
  };
}
