import { defineEndpoint } from '../contract/endpoint';
import {
  CreateReminderParams,
  CreateReminderResponse,
  DeleteReminderParams,
  DeleteReminderResponse,
  GetRemindersParams,
  GetRemindersResponse,
} from '../schemas/reminder';

/** `POST /reminders`: have Notification Bot remind the caller of a message at a given time. */
export const createReminder = defineEndpoint({
  id: 'create-message-reminder',
  method: 'POST',
  path: '/reminders',
  params: CreateReminderParams,
  response: CreateReminderResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 381,
  requires: [{ param: 'note', since: 415 }],
});

/** `GET /reminders`: the caller's undelivered reminders. */
export const getReminders = defineEndpoint({
  id: 'get-reminders',
  method: 'GET',
  path: '/reminders',
  params: GetRemindersParams,
  response: GetRemindersResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 399,
});

/** `DELETE /reminders/{reminder_id}`: cancel one of the caller's reminders. */
export const deleteReminder = defineEndpoint({
  id: 'delete-reminder',
  method: 'DELETE',
  path: '/reminders/{reminder_id}',
  params: DeleteReminderParams,
  response: DeleteReminderResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 399,
});
