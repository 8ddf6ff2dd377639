import type { MockState } from '../state';
import { displayTopic } from '../topics';
import type { ChannelFirstMessageChanged, MessagesDeleted } from './changes';
import type { EventQueue } from './queue';

/**
 * The `delete_message` events for one queue: one event listing `message_ids` for clients with the
 * `bulk_message_deletion` capability, else one event per message with `message_id`. Channel
 * deletions carry `stream_id` and `topic` (the empty topic as its display name unless the client
 * declared `empty_topic_name`).
 */
export function renderDeleteMessageEvents(state: MockState, queue: EventQueue, change: MessagesDeleted) {
  if (!change.userIds.has(queue.userId)) return [];
  const where =
    change.messageType === 'stream'
      ? {
          stream_id: change.channelId,
          topic: displayTopic(state.realm, change.topic ?? '', queue.options.capabilities.has('empty_topic_name')),
        }
      : {};
  if (queue.options.capabilities.has('bulk_message_deletion')) {
    return [{ type: 'delete_message', message_ids: [...change.messageIds], message_type: change.messageType, ...where }];
  }
  return change.messageIds.map((message_id) => ({
    type: 'delete_message',
    message_id,
    message_type: change.messageType,
    ...where,
  }));
}

/** The `stream` `update` event of a channel's new `first_message_id`. */
export function renderChannelFirstMessageEvent(queue: EventQueue, change: ChannelFirstMessageChanged) {
  if (!change.userIds.has(queue.userId)) return undefined;
  return {
    type: 'stream',
    op: 'update',
    property: 'first_message_id',
    value: change.firstMessageId,
    stream_id: change.channelId,
    name: change.channelName,
  };
}
