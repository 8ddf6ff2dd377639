import type { ScheduledMessageRecord } from './wire';
import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { type CheckedMessage, checkMessage } from '../messages/check-message';
import { defaultReadBySender } from '../messages/send';
import { pydanticStrip } from '../python-strip';
import type { MockState } from '../state';
import { checkTopicCharacters, truncateTopic } from '../topics';
import { checkedTo, scheduledAddressee, scheduledType, wireTo } from './addressee';
import { watchDeliveryTime } from './delivery';
import { ownScheduledMessage } from './access';
import { scheduledMessageToWire } from './wire';
import { DELIVERY_TYPE } from './delivery-type';

type TypeParam = 'direct' | 'private' | 'channel' | 'stream';

/** What scheduling a message takes, as decoded. */
export interface ScheduleInput {
  readonly type: TypeParam;
  readonly to: number | readonly number[];
  readonly content: string;
  readonly topic?: string | undefined;
  readonly scheduled_delivery_timestamp: number;
  readonly read_by_sender?: boolean | undefined;
}

/** What editing a scheduled message may change, as decoded. */
export interface ScheduleChange {
  readonly type?: TypeParam | undefined;
  readonly to?: number | readonly number[] | undefined;
  readonly content?: string | undefined;
  readonly topic?: string | undefined;
  readonly scheduled_delivery_timestamp?: number | undefined;
}

/** 9999-12-31T23:59:59Z in UNIX seconds: the last second a Python `datetime` holds. */
const LAST_DATETIME_SECOND = 253_402_300_799;

/**
 * The views' first check of a delivery time (`DeliveryTimeNotInFutureError`): UNIX seconds after
 * the clock's now, and no later than a Python `datetime` holds.
 */
export function checkFuture(state: MockState, timestamp: number): void {
  // Past the last second of Python's datetime the server's timestamp_to_datetime fails (HTTP 500,
  // "year is out of range"); the mock, which answers no request with a 500, refuses as the
  // server's parameter checks word a value too large. Milliseconds for seconds are the usual cause.
  if (timestamp > LAST_DATETIME_SECOND) throw badRequest('scheduled_delivery_timestamp is too large');
  if (timestamp * 1000 <= state.clock.now()) throw badRequest('Scheduled delivery time must be in the future.');
}

/** The topic parameter as the server's `OptionalTopic` reads it: Unicode whitespace stripped. */
function topicParam(topic: string | undefined): string | undefined {
  return topic === undefined ? undefined : pydanticStrip(topic);
}

/** Where a checked message goes, as stored: its kind, `to` as the API shows it, its topic. */
function addressedAs(sender: UserRecord, checked: CheckedMessage): Pick<ScheduledMessageRecord, 'type' | 'to' | 'topic'> {
  const { destination } = checked;
  return { type: destination.type, to: wireTo(sender, destination), topic: destination.type === 'stream' ? destination.topic : '' };
}

/**
 * Stores a checked message to be sent at `timestamp` (UNIX seconds) by `sender`, and arms its
 * delivery (the server's `do_schedule_messages`); no event, as with its `skip_events`.
 */
export function storeScheduledMessage(
  state: MockState,
  sender: UserRecord,
  client: string,
  checked: CheckedMessage,
  timestamp: number,
  readBySender: boolean,
): ScheduledMessageRecord {
  const record = state.store.tables.scheduledMessage.insert({
    id: state.store.ids.next('scheduledMessage'),
    user_id: sender.id,
    ...addressedAs(sender, checked),
    content: checked.content,
    rendered_content: checked.rendered.html,
    client,
    scheduled_timestamp: timestamp,
    read_by_sender: readBySender,
    delivered: false,
    delivered_message_id: null,
    failed: false,
    failure_message: null,
    delivery_type: DELIVERY_TYPE.sendLater,
    reminder_target_message_id: null,
    reminder_note: null,
  });
  watchDeliveryTime(state, record.scheduled_timestamp);
  return record;
}

/**
 * Schedules a message (the server's `check_schedule_message`): the delivery time must be in the
 * future, then `to` is read for the type, then the message is checked as if sent now. Returns its
 * scheduled message ID.
 */
export function scheduleMessage(state: MockState, sender: UserRecord, client: string, input: ScheduleInput): number {
  const type = scheduledType(input.type);
  checkFuture(state, input.scheduled_delivery_timestamp);
  const to = checkedTo(type, input.to);
  const checked = checkMessage(state, sender, scheduledAddressee(state, type, to, topicParam(input.topic)), input.content);
  const addressed = addressedAs(sender, checked);
  const toSelfOnly = addressed.type === 'private' && addressed.to.length === 1 && addressed.to[0] === sender.id;
  // The server's legacy default: read when sent from an interactive client, unless to oneself only.
  const readBySender = input.read_by_sender ?? (defaultReadBySender(client) && !toSelfOnly);
  const record = storeScheduledMessage(state, sender, client, checked, input.scheduled_delivery_timestamp, readBySender);
  state.events.record({ kind: 'scheduled_messages_changed', userId: sender.id, op: 'add', scheduledMessages: [scheduledMessageToWire(record)] });
  return record.id;
}

/** The view's checks, before the message is even looked up. */
function checkChange(state: MockState, change: ScheduleChange): void {
  const { type, to, topic, content, scheduled_delivery_timestamp: timestamp } = change;
  if (type === undefined && to === undefined && topic === undefined && content === undefined && timestamp === undefined) {
    throw badRequest('Nothing to change');
  }
  if (type !== undefined && to === undefined) throw badRequest('Recipient required when updating type of scheduled message.');
  if (type !== undefined && scheduledType(type) === 'stream' && topic === undefined) {
    throw badRequest('Topic required when updating scheduled message type to channel.');
  }
  if (timestamp !== undefined) checkFuture(state, timestamp);
}

/**
 * Edits one of the sender's scheduled messages (the server's `edit_scheduled_message`): a new
 * type, recipients or content check the whole message again; a topic alone is only checked for
 * characters and truncated. A failed message needs a new time and is tried again.
 */
export function editScheduledMessage(state: MockState, sender: UserRecord, client: string, id: number, change: ScheduleChange): void {
  checkChange(state, change);
  const record = ownScheduledMessage(state, sender, id);
  if (record.delivered) throw badRequest('Scheduled message was already sent');
  if (record.failed && change.scheduled_delivery_timestamp === undefined) throw badRequest('Scheduled delivery time must be in the future.');
  const topic = topicParam(change.topic);
  const readdressed = change.type !== undefined || change.to !== undefined;
  let checked: CheckedMessage | undefined;
  if (readdressed || change.content !== undefined) {
    const type = change.type === undefined ? (record.type as 'stream' | 'private') : scheduledType(change.type);
    const to = change.to === undefined ? record.to : checkedTo(type, change.to);
    const addressee = scheduledAddressee(state, type, to, topic ?? record.topic);
    checked = checkMessage(state, sender, addressee, change.content ?? record.content);
  }
  let updates: Partial<ScheduledMessageRecord> = {};
  if (readdressed && checked) updates = addressedAs(sender, checked);
  else if (topic !== undefined && record.type === 'stream') {
    checkTopicCharacters(topic);
    updates = { topic: truncateTopic(state.realm, topic) };
  }
  if (change.content !== undefined && checked) updates = { ...updates, content: checked.content, rendered_content: checked.rendered.html };
  const timestamp = change.scheduled_delivery_timestamp;
  if (timestamp !== undefined) updates = { ...updates, scheduled_timestamp: timestamp };
  const updated = state.store.tables.scheduledMessage.update(id, { ...updates, client, failed: false, failure_message: null });
  state.events.record({ kind: 'scheduled_messages_changed', userId: sender.id, op: 'update', scheduledMessage: scheduledMessageToWire(updated) });
  watchDeliveryTime(state, updated.scheduled_timestamp);
}

/** Deletes one of the sender's scheduled messages (even one already sent: the server only looks it up). */
export function deleteScheduledMessage(state: MockState, sender: UserRecord, id: number): void {
  ownScheduledMessage(state, sender, id);
  state.store.tables.scheduledMessage.delete(id);
  state.events.record({ kind: 'scheduled_messages_changed', userId: sender.id, op: 'remove', scheduledMessageId: id });
}
