import type { UnreadEntry } from '../flags/unread';
import type { MockState } from '../state';
import { displayTopic } from '../topics';
import type { MessageFlagsChanged } from './changes';
import type { EventQueue } from './queue';

/** `message_details` of one message marked unread, as the queue's client reads topics. */
function detailsOf(state: MockState, queue: EventQueue, userId: number, entry: UnreadEntry) {
  const mentioned = entry.mentioned ? { mentioned: true } : {};
  const { conversation } = entry;
  switch (conversation.kind) {
    case 'stream':
      return {
        type: 'stream',
        stream_id: conversation.channelId,
        topic: displayTopic(state.realm, conversation.topic, queue.options.capabilities.has('empty_topic_name')),
        unmuted_stream_msg: conversation.unmuted,
        ...mentioned,
      };
    case 'private':
      return { type: 'private', user_ids: conversation.otherUserId === userId ? [] : [conversation.otherUserId], ...mentioned };
    case 'huddle':
      return { type: 'private', user_ids: conversation.userIds.filter((id) => id !== userId), ...mentioned };
  }
}

/** The `update_message_flags` event, for the queues of the user whose flags changed. */
export function renderMessageFlagsEvent(state: MockState, queue: EventQueue, change: MessageFlagsChanged) {
  if (queue.userId !== change.userId) return undefined;
  const details = change.unreadDetails;
  return {
    type: 'update_message_flags',
    op: change.op,
    operation: change.op,
    flag: change.flag,
    messages: [...change.messageIds],
    all: change.all,
    ...(details === undefined
      ? {}
      : {
          message_details: Object.fromEntries(
            details.map((entry) => [String(entry.messageId), detailsOf(state, queue, change.userId, entry)]),
          ),
        }),
  };
}
