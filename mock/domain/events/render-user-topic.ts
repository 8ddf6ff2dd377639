import { mutedTopicsOf } from '../muted-topics';
import { hasLevel, LEVEL } from '../feature-levels';
import type { MockState } from '../state';
import { displayTopic } from '../topics';
import type { UserTopicChanged } from './changes';
import type { EventQueue } from './queue';

/** The `user_topic` event (from {@link LEVEL.userTopicEvents}), for the queues of the user whose policy changed. */
export function renderUserTopicEvent(state: MockState, queue: EventQueue, change: UserTopicChanged) {
  if (queue.userId !== change.userId || !hasLevel(state, LEVEL.userTopicEvents)) return undefined;
  return {
    type: 'user_topic',
    stream_id: change.channelId,
    topic_name: displayTopic(state.realm, change.topicName, queue.options.capabilities.has('empty_topic_name')),
    last_updated: change.lastUpdated,
    visibility_policy: change.visibilityPolicy,
  };
}

/**
 * The deprecated `muted_topics` event (all of the user's muted topics), sent before `user_topic`
 * on a policy change (unless the change says to skip it), to the user's queues that did not name `user_topic` in their
 * `event_types` (a queue with no list gets both, as on the server; below {@link LEVEL.userTopicEvents}
 * every queue of the user gets it).
 */
export function renderMutedTopicsEvent(state: MockState, queue: EventQueue, change: UserTopicChanged) {
  if (queue.userId !== change.userId || change.skipMutedTopicsEvent) return undefined;
  if (queue.options.eventTypes?.has('user_topic') && hasLevel(state, LEVEL.userTopicEvents)) return undefined;
  return { type: 'muted_topics', muted_topics: mutedTopicsOf(state, change.userId) };
}
