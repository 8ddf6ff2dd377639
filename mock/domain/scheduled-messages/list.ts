import type { ScheduledMessage } from '../../../src/schemas/scheduled-message';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { type ScheduledMessageRecord, scheduledMessageAtLevel, scheduledMessageToWire } from './wire';
import { DELIVERY_TYPE, type DeliveryType } from './delivery-type';

/** Soonest delivery first; the mock breaks ties by scheduling order. */
function bySchedule(a: ScheduledMessageRecord, b: ScheduledMessageRecord): number {
  return a.scheduled_timestamp - b.scheduled_timestamp || a.id - b.id;
}

/**
 * The sender's undelivered records of one delivery type (failed ones included), soonest first:
 * what the scheduled-message and the reminder lists and register states show.
 */
export function undeliveredOfType(state: MockState, sender: UserRecord, type: DeliveryType): ScheduledMessageRecord[] {
  return state.store
    .scheduledMessagesOf(sender.id)
    .filter((record) => !record.delivered && record.delivery_type === type)
    .sort(bySchedule);
}

/** The sender's undelivered scheduled messages (failed ones included, reminders not), soonest first: the list and the register state. */
export function undeliveredScheduledMessages(state: MockState, sender: UserRecord): ScheduledMessage[] {
  return undeliveredOfType(state, sender, DELIVERY_TYPE.sendLater)
    .map((record) => scheduledMessageAtLevel(state, scheduledMessageToWire(record)));
}
