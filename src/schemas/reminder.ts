import * as z from 'zod/mini';
import { Id, successBody } from './common';

/**
 * A reminder of a message the user scheduled and the server has not delivered yet: Notification
 * Bot will send the user `content` as a direct message (feature level 399; the server's
 * `to_reminder_dict`).
 */
export const Reminder = z.looseObject({
  /** Its ID as a reminder (the message Notification Bot sends gets another one). */
  reminder_id: Id,
  /** The message it reminds of. */
  reminder_target_message_id: Id,
  /** Always a direct message... */
  type: z.literal('private'),
  /** ... to the user alone: their own user ID. */
  to: z.array(Id),
  /** Markdown, as written when it was scheduled: the message's link, the note and a quote of it. */
  content: z.string(),
  rendered_content: z.string(),
  /** UNIX seconds (UTC). */
  scheduled_delivery_timestamp: z.int(),
  /** The server tried to send it and failed. */
  failed: z.boolean(),
});

/** An undelivered reminder. */
export type Reminder = z.output<typeof Reminder>;

/** Parameters of `GET /reminders`. */
export const GetRemindersParams = z.object({});

/** Success body of `GET /reminders`: the caller's undelivered reminders (failed ones included), soonest first. */
export const GetRemindersResponse = successBody({ reminders: z.array(Reminder) });

/** Parameters of `POST /reminders`. */
export const CreateReminderParams = z.object({
  /** A message the caller can read. */
  message_id: z.int(),
  /** UNIX seconds; must be in the future. */
  scheduled_delivery_timestamp: z.int(),
  /**
   * Shown with the reminder: trailing whitespace and leading line breaks are stripped, then at
   * most `max_reminder_note_length` (1000) characters. Feature level 415.
   */
  note: z.optional(z.string()),
});

/** Success body of `POST /reminders`. */
export const CreateReminderResponse = successBody({ reminder_id: Id });

/** Parameters of `DELETE /reminders/{reminder_id}`. */
export const DeleteReminderParams = z.object({ reminder_id: Id });

/** Success body of `DELETE /reminders/{reminder_id}`. */
export const DeleteReminderResponse = successBody({});
