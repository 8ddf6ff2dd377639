import type { ChannelRecord } from '../../store/store';
import { canSeeSubscribers, hasMetadataAccess } from '../subscriptions/access';
import { byName } from '../subscriptions/read';
import { channelDict, subscriptionDict } from '../subscriptions/serialize';
import { activeSubscriberIds } from '../subscriptions/subscribers';
import type { MockState } from '../state';
import type { ChannelAccessChanged, ChannelArchived, ChannelCreated, ChannelUnarchived, ChannelUpdated, SubscriptionPropertyChanged, SubscriptionsAdded, SubscriptionsRemoved } from './changes';
import type { EventPayload } from './render';
import type { EventQueue } from './queue';

type Pair = { readonly userId: number; readonly channelId: number };

function viewerOf(state: MockState, queue: EventQueue) {
  const viewer = state.store.tables.user.get(queue.userId);
  return viewer?.is_active ? viewer : undefined;
}

function usersByChannel(pairs: readonly Pair[]): Map<number, Set<number>> {
  const map = new Map<number, Set<number>>();
  for (const { userId, channelId } of pairs) {
    const users = map.get(channelId) ?? new Set<number>();
    users.add(userId);
    map.set(channelId, users);
  }
  return map;
}

/**
 * The `peer_add`/`peer_remove` events for one queue: for each channel whose subscribers its user
 * sees, the other users that changed; channels with the same users share one event.
 */
function peerEvents(
  state: MockState,
  queue: EventQueue,
  op: 'peer_add' | 'peer_remove',
  pairs: readonly Pair[],
  skipOwnChannels: boolean,
): EventPayload[] {
  const viewer = viewerOf(state, queue);
  if (!viewer) return [];
  const groups = new Map<string, { stream_ids: number[]; user_ids: number[] }>();
  for (const [channelId, users] of usersByChannel(pairs)) {
    const channel = state.store.tables.channel.get(channelId);
    if (!channel || (skipOwnChannels && users.has(viewer.id)) || !canSeeSubscribers(state, viewer, channel)) continue;
    const others = [...users].filter((userId) => userId !== viewer.id).sort((a, b) => a - b);
    if (others.length === 0) continue;
    const key = others.join(',');
    const group = groups.get(key) ?? { stream_ids: [], user_ids: others };
    group.stream_ids.push(channelId);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => ({
    type: 'subscription',
    op,
    stream_ids: group.stream_ids.sort((a, b) => a - b),
    user_ids: group.user_ids,
  }));
}

/** `subscription` `add` for the users subscribed (full objects with subscribers), `peer_add` for the others. */
export function renderSubscriptionsAdded(state: MockState, queue: EventQueue, change: SubscriptionsAdded): EventPayload[] {
  const own = change.additions.flatMap(({ userId, channelId }) => {
    if (userId !== queue.userId) return [];
    const channel = state.store.tables.channel.get(channelId);
    const subscription = state.store.subscription(userId, channelId);
    if (!channel || !subscription) return [];
    return [subscriptionDict(state, channel, subscription, { subscribers: activeSubscriberIds(state, channelId) })];
  });
  const added: EventPayload[] = own.length > 0 ? [{ type: 'subscription', op: 'add', subscriptions: byName(own) }] : [];
  return [...added, ...peerEvents(state, queue, 'peer_add', change.additions, true)];
}

/** `subscription` `remove` for the users unsubscribed, `peer_remove` for the others who see the subscribers. */
export function renderSubscriptionsRemoved(state: MockState, queue: EventQueue, change: SubscriptionsRemoved): EventPayload[] {
  const own = change.removals.flatMap(({ userId, channelId }) => {
    const channel = state.store.tables.channel.get(channelId);
    return userId === queue.userId && channel ? [{ name: channel.name, stream_id: channel.id }] : [];
  });
  const removed: EventPayload[] = own.length > 0 ? [{ type: 'subscription', op: 'remove', subscriptions: own }] : [];
  // A channel the user may no longer see unsubscribed (a guest's public channel) is deleted for them.
  const viewer = viewerOf(state, queue);
  const lost = own.flatMap(({ stream_id }) => {
    const channel = state.store.tables.channel.get(stream_id);
    return viewer && channel && !hasMetadataAccess(state, viewer, channel) ? [channel.id] : [];
  });
  if (lost.length > 0) removed.push({ type: 'stream', op: 'delete', streams: lost.map((id) => ({ stream_id: id })), stream_ids: lost });
  // The users removed are told by `remove`, never by `peer_remove` (the server leaves them out of the peers).
  return [...removed, ...peerEvents(state, queue, 'peer_remove', change.removals, true)];
}

/** `subscription` `update` for the user whose personal setting changed. */
export function renderSubscriptionUpdate(queue: EventQueue, change: SubscriptionPropertyChanged): EventPayload | undefined {
  if (queue.userId !== change.userId) return undefined;
  return { type: 'subscription', op: 'update', stream_id: change.channelId, property: change.property, value: change.value };
}

function created(state: MockState, channel: ChannelRecord): EventPayload {
  return { type: 'stream', op: 'create', streams: [channelDict(state, channel)] };
}

function deleted(channel: ChannelRecord): EventPayload {
  return { type: 'stream', op: 'delete', streams: [{ stream_id: channel.id }], stream_ids: [channel.id] };
}

/** `stream` `create` for the users who may see a new channel. */
export function renderChannelCreated(state: MockState, queue: EventQueue, change: ChannelCreated): EventPayload | undefined {
  const viewer = viewerOf(state, queue);
  const channel = state.store.tables.channel.get(change.channelId);
  if (!viewer || !channel || !hasMetadataAccess(state, viewer, channel)) return undefined;
  return created(state, channel);
}

/**
 * What a user who gained or lost sight of a channel is told, as the server's metadata access
 * changes do: `create` and then `peer_add` with every subscriber (even none) for those who gained
 * it, `delete` for those who lost it; nothing when it did not change.
 */
function accessChangeEvents(state: MockState, channel: ChannelRecord, before: boolean, after: boolean): EventPayload[] {
  if (before === after) return [];
  if (before) return [deleted(channel)];
  return [
    created(state, channel),
    { type: 'subscription', op: 'peer_add', stream_ids: [channel.id], user_ids: activeSubscriberIds(state, channel.id) },
  ];
}

/**
 * `stream` `update` for users who saw the channel before and after the change; those who now see
 * it for the first time get `stream` `create` (and its subscribers), those who no longer do, `delete`.
 */
export function renderChannelUpdated(state: MockState, queue: EventQueue, change: ChannelUpdated): EventPayload[] {
  const viewer = viewerOf(state, queue);
  const channel = state.store.tables.channel.get(change.channelId);
  if (!viewer || !channel) return [];
  const before = change.hadAccess.has(viewer.id);
  const after = hasMetadataAccess(state, viewer, channel);
  if (before && after) {
    return [
      { type: 'stream', op: 'update', stream_id: channel.id, name: change.name, property: change.property, value: change.value, ...change.extra },
    ];
  }
  return accessChangeEvents(state, channel, before, after);
}

/** A group membership change: `create` (and subscribers) for users who now see the channel, `delete` for those who no longer do. */
export function renderChannelAccessChanged(state: MockState, queue: EventQueue, change: ChannelAccessChanged): EventPayload[] {
  const viewer = viewerOf(state, queue);
  const channel = state.store.tables.channel.get(change.channelId);
  if (!viewer || !channel) return [];
  return accessChangeEvents(state, channel, change.hadAccess.has(viewer.id), hasMetadataAccess(state, viewer, channel));
}

/** Archiving: `stream` `update` of `is_archived` for clients that handle archived channels, `delete` for the others. */
export function renderChannelArchived(state: MockState, queue: EventQueue, change: ChannelArchived): EventPayload | undefined {
  const viewer = viewerOf(state, queue);
  const channel = state.store.tables.channel.get(change.channelId);
  if (!viewer || !channel || !hasMetadataAccess(state, viewer, channel)) return undefined;
  if (!queue.options.capabilities.has('archived_channels')) return deleted(channel);
  return { type: 'stream', op: 'update', stream_id: channel.id, name: change.name, property: 'is_archived', value: true };
}

/** Unarchiving: `stream` `update` of `is_archived` for clients that handle archived channels, `create` for the others. */
export function renderChannelUnarchived(state: MockState, queue: EventQueue, change: ChannelUnarchived): EventPayload | undefined {
  const viewer = viewerOf(state, queue);
  const channel = state.store.tables.channel.get(change.channelId);
  if (!viewer || !channel || !hasMetadataAccess(state, viewer, channel)) return undefined;
  if (!queue.options.capabilities.has('archived_channels')) return created(state, channel);
  return { type: 'stream', op: 'update', stream_id: channel.id, name: channel.name, property: 'is_archived', value: false };
}
