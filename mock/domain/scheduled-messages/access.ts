import type { UserRecord } from '../../store/store';
import { ApiFailure } from '../errors';
import type { MockState } from '../state';
import type { ScheduledMessageRecord } from './wire';
import { DELIVERY_TYPE } from './delivery-type';

/**
 * One of the sender's scheduled messages (delivered or not), or the server's 404
 * (`access_scheduled_message`): a reminder's ID is none.
 */
export function ownScheduledMessage(state: MockState, sender: UserRecord, id: number): ScheduledMessageRecord {
  const record = state.store.tables.scheduledMessage.get(id);
  if (!record || record.user_id !== sender.id || record.delivery_type !== DELIVERY_TYPE.sendLater) throw new ApiFailure('Scheduled message does not exist', 'BAD_REQUEST', 404);
  return record;
}
