import type { ChannelRecord } from '../../store/store';
import { pythonSetOrder } from '../python-set';
import type { MockState } from '../state';
import { channelDict } from '../subscriptions/serialize';
import { activeSubscriberIds } from '../subscriptions/subscribers';
import type { RoleChannelSightChanged } from './changes';
import type { EventQueue } from './queue';
import type { EventPayload } from './render';

/** `stream` `create` describing the channels, in the order given. */
export function channelsCreated(state: MockState, channels: readonly ChannelRecord[]): EventPayload {
  return { type: 'stream', op: 'create', streams: channels.map((channel) => channelDict(state, channel)) };
}

/** `stream` `delete` of the channels, in the order given (`streams` is the deprecated form of `stream_ids`). */
export function channelsDeleted(channels: readonly ChannelRecord[]): EventPayload {
  return { type: 'stream', op: 'delete', streams: channels.map((channel) => ({ stream_id: channel.id })), stream_ids: channels.map((channel) => channel.id) };
}

/** Every active subscriber of a channel (even none), for a user who has just come to see it. */
function subscribersOf(state: MockState, channel: ChannelRecord): EventPayload {
  return { type: 'subscription', op: 'peer_add', stream_ids: [channel.id], user_ids: activeSubscriberIds(state, channel.id) };
}

/**
 * What a user who gained or lost sight of one channel is told, as the server's metadata access
 * changes (channel settings, group membership) do: `create` and then `peer_add` with every
 * subscriber (even none) for those who gained it, `delete` for those who lost it; nothing when
 * it did not change.
 */
export function sightChangeEvents(state: MockState, channel: ChannelRecord, before: boolean, after: boolean): EventPayload[] {
  if (before === after) return [];
  if (before) return [channelsDeleted([channel])];
  return [channelsCreated(state, [channel]), subscribersOf(state, channel)];
}

function channelsByIds(state: MockState, ids: readonly number[]): ChannelRecord[] {
  return ids.flatMap((id) => state.store.tables.channel.get(id) ?? []);
}

/**
 * The server's `send_stream_events_for_role_update`: one `create` for every channel gained, then
 * a `peer_add` for each, private channels first and each kind in the order Python iterates the
 * sets `bulk_get_subscriber_peer_info` keeps them in; then one `delete` for every channel lost.
 * Only the user whose role changed is told.
 */
export function renderRoleChannelSight(state: MockState, queue: EventQueue, change: RoleChannelSightChanged): EventPayload[] {
  if (queue.userId !== change.userId || state.store.tables.user.get(queue.userId)?.is_active !== true) return [];
  const events: EventPayload[] = [];
  const gained = channelsByIds(state, change.gained);
  if (gained.length > 0) {
    events.push(channelsCreated(state, gained));
    const privateIds = pythonSetOrder(gained.filter((channel) => channel.invite_only).map((channel) => channel.id));
    const publicIds = pythonSetOrder(gained.filter((channel) => !channel.invite_only).map((channel) => channel.id));
    events.push(...channelsByIds(state, [...privateIds, ...publicIds]).map((channel) => subscribersOf(state, channel)));
  }
  const lost = channelsByIds(state, change.lost);
  if (lost.length > 0) events.push(channelsDeleted(lost));
  return events;
}
