import { scheduledMessageAtLevel } from '../scheduled-messages/wire';
import type { MockState } from '../state';
import type { ScheduledMessagesChanged } from './changes';
import type { EventQueue } from './queue';

/** `scheduled_messages` (add, update or remove), for the queues of the sender only. */
export function renderScheduledMessagesEvent(state: MockState, queue: EventQueue, change: ScheduledMessagesChanged) {
  if (queue.userId !== change.userId) return undefined;
  switch (change.op) {
    case 'add':
      return { type: 'scheduled_messages', op: 'add', scheduled_messages: change.scheduledMessages.map((message) => scheduledMessageAtLevel(state, message)) };
    case 'update':
      return { type: 'scheduled_messages', op: 'update', scheduled_message: scheduledMessageAtLevel(state, change.scheduledMessage) };
    case 'remove':
      return { type: 'scheduled_messages', op: 'remove', scheduled_message_id: change.scheduledMessageId };
  }
}
