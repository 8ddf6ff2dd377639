import { receivesMessageActionEvents } from '../messages/event-recipients';
import type { MockState } from '../state';
import type { SubmessageAdded } from './changes';
import type { EventQueue } from './queue';

/**
 * The `submessage` event, for the queues of users who get events about the message (the
 * server's `event_recipient_ids_for_action_on_messages`, as for a reaction).
 */
export function renderSubmessageEvent(state: MockState, queue: EventQueue, change: SubmessageAdded) {
  const message = state.store.tables.message.get(change.messageId);
  if (!message || !receivesMessageActionEvents(state, queue.userId, message)) return undefined;
  const { id, sender_id, msg_type, content } = change.submessage;
  return { type: 'submessage', msg_type, message_id: message.id, submessage_id: id, sender_id, content };
}
