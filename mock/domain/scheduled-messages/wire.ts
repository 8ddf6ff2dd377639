import type { ScheduledMessage } from '../../../src/schemas/scheduled-message';
import type { RecordOf } from '../../store/models';
import type { UserRecord } from '../../store/store';
import { ApiFailure } from '../errors';
import type { MockState } from '../state';

/** A stored scheduled message. */
export type ScheduledMessageRecord = RecordOf<'scheduledMessage'>;

/** A scheduled message on the wire (the server's `to_dict`): a channel's ID alone, a topic for channels only. */
export function scheduledMessageToWire(record: ScheduledMessageRecord): ScheduledMessage {
  const common = {
    scheduled_message_id: record.id,
    content: record.content,
    rendered_content: record.rendered_content,
    scheduled_delivery_timestamp: record.scheduled_timestamp,
    failed: record.failed,
  };
  if (record.type === 'private') return { ...common, to: [...record.to], type: 'private' };
  return { ...common, to: record.to[0] as number, type: 'stream', topic: record.topic };
}

/** Soonest delivery first; the mock breaks ties by scheduling order. */
function bySchedule(a: ScheduledMessageRecord, b: ScheduledMessageRecord): number {
  return a.scheduled_timestamp - b.scheduled_timestamp || a.id - b.id;
}

/** The sender's undelivered scheduled messages (failed ones included), soonest first: the list and the register state. */
export function undeliveredScheduledMessages(state: MockState, sender: UserRecord): ScheduledMessage[] {
  return state.store
    .scheduledMessagesOf(sender.id)
    .filter((record) => !record.delivered)
    .sort(bySchedule)
    .map(scheduledMessageToWire);
}

/** One of the sender's scheduled messages (delivered or not), or the server's 404. */
export function ownScheduledMessage(state: MockState, sender: UserRecord, id: number): ScheduledMessageRecord {
  const record = state.store.tables.scheduledMessage.get(id);
  if (!record || record.user_id !== sender.id) throw new ApiFailure('Scheduled message does not exist', 'BAD_REQUEST', 404);
  return record;
}
