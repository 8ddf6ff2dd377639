import type { ScheduledMessage } from '../../../src/schemas/scheduled-message';
import type { ScheduledMessagesChanged } from './changes';
import type { EventQueue } from './queue';

function copyOf(message: ScheduledMessage): ScheduledMessage {
  return { ...message, to: Array.isArray(message.to) ? [...message.to] : message.to };
}

/** `scheduled_messages` (add, update or remove), for the queues of the sender only. */
export function renderScheduledMessagesEvent(queue: EventQueue, change: ScheduledMessagesChanged) {
  if (queue.userId !== change.userId) return undefined;
  switch (change.op) {
    case 'add':
      return { type: 'scheduled_messages', op: 'add', scheduled_messages: change.scheduledMessages.map(copyOf) };
    case 'update':
      return { type: 'scheduled_messages', op: 'update', scheduled_message: copyOf(change.scheduledMessage) };
    case 'remove':
      return { type: 'scheduled_messages', op: 'remove', scheduled_message_id: change.scheduledMessageId };
  }
}
