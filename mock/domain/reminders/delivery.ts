import type { UserRecord } from '../../store/store';
import { ApiFailure } from '../errors';
import { readableMessageOrFail } from '../messages/access';
import { postNotice } from '../notification-bot';
import type { ScheduledMessageRecord } from '../scheduled-messages/wire';
import type { MockState } from '../state';
import { reminderContent } from './content';

/** The text as of now, or the one written at scheduling when the message can no longer be read (deleted, or access lost). */
function currentText(state: MockState, record: ScheduledMessageRecord, owner: UserRecord): string {
  try {
    const message = readableMessageOrFail(state, owner, record.reminder_target_message_id as number);
    return reminderContent(state, message, record.reminder_note ?? '');
  } catch (error) {
    if (error instanceof ApiFailure) return record.content;
    throw error;
  }
}

/**
 * Sends a due reminder (the server's `send_reminder`): Notification Bot writes its owner the text
 * again from the message as it is now. Unlike a scheduled message it has no lateness limit and no
 * deactivation checks; a message the server cannot send (an owner or organization deactivated
 * since) is dropped, and the reminder still counts as delivered.
 */
export function sendReminder(state: MockState, record: ScheduledMessageRecord, owner: UserRecord): void {
  const text = currentText(state, record, owner);
  const sendable = owner.is_active && !state.realm.deactivated;
  const sent = sendable ? postNotice(state, { type: 'private', userIds: [owner.id] }, text) : null;
  state.store.tables.scheduledMessage.update(record.id, { delivered: true, delivered_message_id: sent });
  state.events.record({ kind: 'reminders_changed', userId: owner.id, op: 'remove', reminderId: record.id });
}
