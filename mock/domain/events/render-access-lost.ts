import type { MockState } from '../state';
import { displayTopic } from '../topics';
import type { MessagesAccessLost } from './changes';
import type { EventQueue } from './queue';

/**
 * `delete_message` for users who can no longer read moved messages: one event listing them for
 * clients with `bulk_message_deletion`, else one event per message with `message_id`.
 */
export function renderAccessLostEvents(state: MockState, queue: EventQueue, change: MessagesAccessLost) {
  if (!change.userIds.has(queue.userId)) return [];
  const common = {
    type: 'delete_message',
    message_type: 'stream',
    stream_id: change.channelId,
    topic: displayTopic(state.realm, change.topic, queue.options.capabilities.has('empty_topic_name')),
  };
  if (queue.options.capabilities.has('bulk_message_deletion')) return [{ ...common, message_ids: [...change.messageIds] }];
  return change.messageIds.map((id) => ({ ...common, message_id: id }));
}
