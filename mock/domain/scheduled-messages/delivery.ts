import type { ChannelRecord, UserRecord } from '../../store/store';
import { ApiFailure, RealmDeactivatedError, UserDeactivatedError } from '../errors';
import { type MessageAddressee, knownChannelAddressee } from '../messages/addressing';
import { checkMessage } from '../messages/check-message';
import { sendCheckedMessage } from '../messages/send';
import { postNotice } from '../notification-bot';
import type { MockState } from '../state';
import { type ScheduledMessageRecord, scheduledMessageToWire } from './wire';
import { DELIVERY_TYPE } from './delivery-type';
import { sendReminder } from '../reminders/delivery';

/**
 * The delivery time as a global time mention (the server's `datetime_to_global_time`: ISO 8601 to
 * the second, UTC): `<time:2025-01-01T12:05:00+00:00>`.
 */
function globalTime(seconds: number): string {
  return `<time:${new Date(seconds * 1000).toISOString().slice(0, 19)}+00:00>`;
}

/** The Notification Bot's direct message to a sender whose scheduled message could not be sent. */
function failureNotice(record: ScheduledMessageRecord, error: string): string {
  return [
    `The message you scheduled for ${globalTime(record.scheduled_timestamp)} was not sent because of the following error:`,
    `> ${error}`,
    '[View scheduled messages](#scheduled)',
  ].join('\n\n');
}

/**
 * Where the message goes now: the channel itself (as the server's `Addressee.for_stream`, so a
 * bot's owner is not told again that it is empty) and the topic, or the conversation's participants.
 */
function addresseeOf(state: MockState, record: ScheduledMessageRecord): MessageAddressee {
  if (record.type === 'stream') {
    const channel = state.store.tables.channel.get(record.to[0] as number) as ChannelRecord;
    return knownChannelAddressee(state, channel, record.topic);
  }
  return { type: 'private', userIds: [...record.to] };
}

/** Sends one due message as its sender, with the server's checks as they are now. */
function sendNow(state: MockState, record: ScheduledMessageRecord, sender: UserRecord): void {
  if (state.realm.deactivated) throw new RealmDeactivatedError();
  if (!sender.is_active) throw new UserDeactivatedError();
  const checked = checkMessage(state, sender, addresseeOf(state, record), record.content);
  const sent = sendCheckedMessage(state, sender, checked, { client: record.client, readBySender: record.read_by_sender });
  state.store.tables.scheduledMessage.update(record.id, { delivered: true, delivered_message_id: sent.id });
  state.events.record({ kind: 'scheduled_messages_changed', userId: sender.id, op: 'remove', scheduledMessageId: record.id });
}

/**
 * Marks a message that could not be sent as failed and tells its sender why, unless the
 * organization or the sender's account was deactivated, or it is a reminder (which has "its own
 * notification system", the server says, and sends nothing): then nobody hears of it.
 */
function markFailed(state: MockState, record: ScheduledMessageRecord, sender: UserRecord, error: unknown): void {
  if (!(error instanceof ApiFailure)) state.logger.error(`[teamchat-mock] sending scheduled message ${record.id} failed`, error);
  const failure = error instanceof ApiFailure ? error.msg : 'Internal server error';
  const failed = state.store.tables.scheduledMessage.update(record.id, { failed: true, failure_message: failure });
  if (record.delivery_type === DELIVERY_TYPE.remind) return;
  if (error instanceof RealmDeactivatedError || error instanceof UserDeactivatedError) return;
  state.events.record({ kind: 'scheduled_messages_changed', userId: sender.id, op: 'update', scheduledMessage: scheduledMessageToWire(failed) });
  postNotice(state, { type: 'private', userIds: [sender.id] }, failureNotice(failed, failure));
}

/** Sends one due message or reminder, or marks it failed. */
function deliverOne(state: MockState, record: ScheduledMessageRecord): void {
  const sender = state.store.tables.user.get(record.user_id) as UserRecord;
  try {
    if (record.delivery_type === DELIVERY_TYPE.remind) sendReminder(state, record, sender);
    else sendNow(state, record, sender);
  } catch (error) {
    markFailed(state, record, sender, error);
  }
}

/**
 * The server's delivery worker (`deliver_scheduled_messages`): sends every scheduled message and
 * reminder whose time has come and that neither was sent nor failed, in scheduling order. The mock runs it before
 * each request and on a timer of the realm's clock at each delivery time (see
 * {@link watchDeliveryTime}), so a `ManualClock` moved past a time sends the message at that time.
 */
export function deliverDueScheduledMessages(state: MockState): void {
  const pending = state.store.pendingScheduledMessageIds();
  if (pending.size === 0) return;
  const now = state.clock.now();
  const due = [...pending]
    .flatMap((id) => state.store.tables.scheduledMessage.get(id) ?? [])
    .filter((record) => record.scheduled_timestamp * 1000 <= now)
    .sort((a, b) => a.id - b.id);
  for (const record of due) deliverOne(state, record);
}

/**
 * Runs the delivery worker when the realm's clock reaches a delivery time (UNIX seconds): the
 * realm's delivery timer is moved to it unless it is already set for an earlier time.
 */
export function watchDeliveryTime(state: MockState, timestamp: number): void {
  const due = timestamp * 1000;
  if (due < state.deliveryTimer.due) setDeliveryTimer(state, due);
}

function setDeliveryTimer(state: MockState, due: number): void {
  state.deliveryTimer.set(state.clock, due, () => {
    // An `OffsetClock` set back meanwhile has not reached the time yet: wait the rest.
    if (state.clock.now() < due) return setDeliveryTimer(state, due);
    deliverDueScheduledMessages(state);
    // The time may have been edited or deleted since, or messages delivered by a request: the
    // next time is looked up again.
    watchPendingDeliveries(state);
  });
}

/** Sets the realm's delivery timer for the earliest time of a message waiting to be sent (none if none waits). */
export function watchPendingDeliveries(state: MockState): void {
  let earliest = Number.POSITIVE_INFINITY;
  for (const id of state.store.pendingScheduledMessageIds()) {
    const record = state.store.tables.scheduledMessage.get(id);
    if (record) earliest = Math.min(earliest, record.scheduled_timestamp * 1000);
  }
  if (Number.isFinite(earliest)) setDeliveryTimer(state, earliest);
  else state.deliveryTimer.cancel();
}
