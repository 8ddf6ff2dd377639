import { hasLevel, LEVEL } from '../feature-levels';
import type { MockState } from '../state';
import type { RemindersChanged } from './changes';
import type { EventQueue } from './queue';

/** `reminders` (add or remove), for the queues of the reminders' owner only, from feature level 399. */
export function renderRemindersEvent(state: MockState, queue: EventQueue, change: RemindersChanged) {
  if (queue.userId !== change.userId || !hasLevel(state, LEVEL.reminders)) return undefined;
  if (change.op === 'add') {
    return { type: 'reminders', op: 'add', reminders: change.reminders.map((reminder) => ({ ...reminder, to: [...reminder.to] })) };
  }
  return { type: 'reminders', op: 'remove', reminder_id: change.reminderId };
}
