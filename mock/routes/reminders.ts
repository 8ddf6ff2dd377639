import type { reminders } from '../../src/endpoints/index';
import { createReminder, deleteReminder, undeliveredReminders } from '../domain/reminders/operations';
import type { Implementation } from '../http/operation';

/** The caller's reminders: decode → domain → payload. */
export const reminderRoutes = {
  createReminder: ({ state, user, client, params }) => ({ reminder_id: createReminder(state, user, client, params) }),
  getReminders: ({ state, user }) => ({ reminders: undeliveredReminders(state, user) }),
  deleteReminder: ({ state, user, params }) => {
    deleteReminder(state, user, params.reminder_id);
    return {};
  },
} satisfies { [Name in keyof typeof reminders]: Implementation<(typeof reminders)[Name]> };
