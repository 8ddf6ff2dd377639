import type { ScheduledMessage } from '../../../src/schemas/scheduled-message';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { type ScheduledMessageRecord, scheduledMessageAtLevel, scheduledMessageToWire } from './wire';

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
    .map((record) => scheduledMessageAtLevel(state, scheduledMessageToWire(record)));
}
