import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { channelAddressee, checkRecipientIds, type MessageAddressee } from '../messages/addressing';
import { pythonSetOrder } from '../python-set';
import type { MockState } from '../state';

/** A scheduled message's kind as stored: the API's `channel` and `direct` are `stream` and `private`. */
export type ScheduledType = 'stream' | 'private';

/** The stored kind of a `type` parameter. */
export function scheduledType(type: 'direct' | 'private' | 'channel' | 'stream'): ScheduledType {
  return type === 'channel' || type === 'stream' ? 'stream' : 'private';
}

/** `to` of a channel message: one channel ID, never a list (the server's `extract_stream_id`). */
function channelIdOf(to: number | readonly number[]): number {
  if (Array.isArray(to)) throw badRequest('Invalid data type for channel ID');
  return to as number;
}

/**
 * `to` of a direct message: a list of user IDs, deduplicated in Python's set order, as the
 * server's `extract_direct_message_recipient_ids` leaves them (the first unknown ID it meets is
 * the one it names).
 */
function userIdsOf(to: number | readonly number[]): number[] {
  if (!Array.isArray(to)) throw badRequest('Invalid data type for recipients');
  return pythonSetOrder(to);
}

/** Checks `to` for its type before anything else is looked at, as the views do. */
export function checkedTo(type: ScheduledType, to: number | readonly number[]): number[] {
  return type === 'stream' ? [channelIdOf(to)] : userIdsOf(to);
}

/**
 * The addressee of a scheduled message (the server's `Addressee.legacy_build` with IDs): a
 * channel message needs a topic, a direct one recipients that exist.
 */
export function scheduledAddressee(state: MockState, type: ScheduledType, to: readonly number[], topic: string | undefined): MessageAddressee {
  if (type === 'stream') return channelAddressee(state, { kind: 'id', id: to[0] as number }, topic);
  return { type: 'private', userIds: checkRecipientIds(state, to) };
}

/**
 * The `to` the API shows for a checked message: the channel's ID, or the participants other than
 * the sender, ascending (the sender alone for a message to themselves).
 */
export function wireTo(sender: UserRecord, destination: { type: 'stream'; channel: { id: number } } | { type: 'private'; userIds: readonly number[] }): number[] {
  if (destination.type === 'stream') return [destination.channel.id];
  const others = [...new Set(destination.userIds)].filter((id) => id !== sender.id).sort((a, b) => a - b);
  return others.length > 0 ? others : [sender.id];
}
