import type { RegisterResponse } from '../schemas/event-queue';
import type { ChatEvent } from '../schemas/events';
import type { ScheduledMessage } from '../schemas/scheduled-message';

/** The server's order: soonest delivery first (ties: scheduled first). */
function bySchedule(a: ScheduledMessage, b: ScheduledMessage): number {
  return a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp || a.scheduled_message_id - b.scheduled_message_id;
}

function copyOf(message: ScheduledMessage): ScheduledMessage {
  return { ...message, to: Array.isArray(message.to) ? [...message.to] : message.to };
}

/**
 * A `scheduled_messages` event on the registered list: added and updated messages take their
 * place by delivery time; a removed one (deleted or sent) leaves.
 */
export function applyScheduledMessages(
  state: RegisterResponse,
  event: Extract<ChatEvent, { type: 'scheduled_messages' }>,
): RegisterResponse {
  if (state.scheduled_messages === undefined) return state;
  const changed = event.op === 'add' ? event.scheduled_messages : event.op === 'update' ? [event.scheduled_message] : [];
  const gone = new Set(changed.map((message) => message.scheduled_message_id));
  if (event.op === 'remove') gone.add(event.scheduled_message_id);
  const kept = state.scheduled_messages.filter((message) => !gone.has(message.scheduled_message_id));
  // An update of a message the state no longer lists (sent meanwhile) adds nothing.
  const known = new Set(state.scheduled_messages.map((message) => message.scheduled_message_id));
  const added = event.op === 'update' ? changed.filter((message) => known.has(message.scheduled_message_id)) : changed;
  return { ...state, scheduled_messages: [...kept, ...added.map(copyOf)].sort(bySchedule) };
}
