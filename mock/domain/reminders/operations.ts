import type { Reminder } from '../../../src/schemas/reminder';
import type { UserRecord } from '../../store/store';
import { ApiFailure } from '../errors';
import { checkMessage } from '../messages/check-message';
import { readableMessageOrFail } from '../messages/access';
import { DELIVERY_TYPE } from '../scheduled-messages/delivery-type';
import { watchDeliveryTime } from '../scheduled-messages/delivery';
import { undeliveredOfType } from '../scheduled-messages/list';
import { checkFuture } from '../scheduled-messages/operations';
import type { ScheduledMessageRecord } from '../scheduled-messages/wire';
import type { MockState } from '../state';
import { reminderContent } from './content';
import { reminderToWire } from './wire';

/** What scheduling a reminder takes, as decoded. */
export interface ReminderInput {
  readonly message_id: number;
  readonly scheduled_delivery_timestamp: number;
  /** Feature level 415; absent or `""` for none. */
  readonly note?: string | undefined;
}

/**
 * Schedules a reminder of a message (the server's `schedule_reminder_for_message`): the time must
 * be in the future, then the message readable by the caller, then the note short enough. The text
 * is written now and checked as a direct message to the caller alone. Returns its reminder ID,
 * from the scheduled messages' sequence.
 */
export function createReminder(state: MockState, user: UserRecord, client: string, input: ReminderInput): number {
  checkFuture(state, input.scheduled_delivery_timestamp);
  const message = readableMessageOrFail(state, user, input.message_id);
  const note = input.note ?? '';
  const checked = checkMessage(state, user, { type: 'private', userIds: [user.id] }, reminderContent(state, message, note));
  const record = state.store.tables.scheduledMessage.insert({
    id: state.store.ids.next('scheduledMessage'),
    user_id: user.id,
    type: 'private',
    to: [user.id],
    topic: '',
    content: checked.content,
    rendered_content: checked.rendered.html,
    client,
    scheduled_timestamp: input.scheduled_delivery_timestamp,
    read_by_sender: false,
    delivered: false,
    delivered_message_id: null,
    failed: false,
    failure_message: null,
    delivery_type: DELIVERY_TYPE.remind,
    reminder_target_message_id: input.message_id,
    // As given: delivery formats it again.
    reminder_note: note,
  });
  state.events.record({ kind: 'reminders_changed', userId: user.id, op: 'add', reminders: [reminderToWire(record)] });
  watchDeliveryTime(state, record.scheduled_timestamp);
  return record.id;
}

/** One of the user's reminders (delivered or not), or the server's 404 (`access_reminder`): a scheduled message's ID is none. */
function ownReminder(state: MockState, user: UserRecord, id: number): ScheduledMessageRecord {
  const record = state.store.tables.scheduledMessage.get(id);
  if (!record || record.user_id !== user.id || record.delivery_type !== DELIVERY_TYPE.remind) {
    throw new ApiFailure('Reminder does not exist', 'BAD_REQUEST', 404);
  }
  return record;
}

/** Deletes one of the user's reminders, so it is never sent (even one already sent: the server only looks it up). */
export function deleteReminder(state: MockState, user: UserRecord, id: number): void {
  ownReminder(state, user, id);
  state.store.tables.scheduledMessage.delete(id);
  state.events.record({ kind: 'reminders_changed', userId: user.id, op: 'remove', reminderId: id });
}

/** The user's undelivered reminders (failed ones included), soonest first: the list and the register state. */
export function undeliveredReminders(state: MockState, user: UserRecord): Reminder[] {
  return undeliveredOfType(state, user, DELIVERY_TYPE.remind).map(reminderToWire);
}
