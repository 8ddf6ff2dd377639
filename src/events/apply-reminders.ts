import type { RegisterResponse } from '../schemas/event-queue';
import type { ChatEvent } from '../schemas/events';
import type { Reminder } from '../schemas/reminder';

/** The server's order: soonest delivery first (ties: scheduled first). */
function bySchedule(a: Reminder, b: Reminder): number {
  return a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp || a.reminder_id - b.reminder_id;
}

/** A `reminders` event on the registered list: added reminders take their place by delivery time; a removed one (deleted or sent) leaves. */
export function applyReminders(state: RegisterResponse, event: Extract<ChatEvent, { type: 'reminders' }>): RegisterResponse {
  if (state.reminders === undefined) return state;
  const added = event.op === 'add' ? event.reminders.map((reminder) => ({ ...reminder, to: [...reminder.to] })) : [];
  const gone = new Set(event.op === 'add' ? added.map((reminder) => reminder.reminder_id) : [event.reminder_id]);
  const kept = state.reminders.filter((reminder) => !gone.has(reminder.reminder_id));
  return { ...state, reminders: [...kept, ...added].sort(bySchedule) };
}
