import type { Reminder } from '../../../src/schemas/reminder';
import type { ScheduledMessageRecord } from '../scheduled-messages/wire';

/**
 * A reminder on the wire (the server's `to_reminder_dict`): a direct message to its owner alone,
 * with the message it reminds of.
 */
export function reminderToWire(record: ScheduledMessageRecord): Reminder {
  return {
    reminder_id: record.id,
    to: [...record.to],
    type: 'private',
    content: record.content,
    rendered_content: record.rendered_content,
    scheduled_delivery_timestamp: record.scheduled_timestamp,
    failed: record.failed,
    reminder_target_message_id: record.reminder_target_message_id as number,
  };
}
