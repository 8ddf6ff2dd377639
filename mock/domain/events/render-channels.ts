import type { ChannelRecord, UserRecord } from '../../store/store';
import { hasGroupContentAccess } from '../channel-access';
import { canAdministerChannel, hasMetadataAccess, receivesChannelEvents } from '../subscriptions/access';
import { isGuest } from '../users';
import { byName } from '../subscriptions/read';
import { subscriptionDict } from '../subscriptions/serialize';
import { activeSubscriberIds } from '../subscriptions/subscribers';
import type { MockState } from '../state';
import { LEVEL, hasLevel } from '../feature-levels';
import type { ChannelAccessChanged, ChannelArchived, ChannelCreated, ChannelUnarchived, ChannelUpdated, SubscriptionPropertyChanged, SubscriptionsAdded, SubscriptionsRemoved } from './changes';
import type { EventPayload } from './render';
import type { EventQueue } from './queue';
import { channelsCreated, channelsDeleted, sightChangeEvents } from './render-channel-sight';
import { type SubscriptionPair, peerEventsFor, publicChannelsWithGuests } from './render-peer-events';

function viewerOf(state: MockState, queue: EventQueue) {
  const viewer = state.store.tables.user.get(queue.userId);
  return viewer?.is_active ? viewer : undefined;
}

// Every queue's events for a change are rendered at once, on the same state.
const guestChannelsByChange = new WeakMap<SubscriptionsAdded | SubscriptionsRemoved, ReadonlySet<number>>();

/** The `peer_add`/`peer_remove` events for one queue ({@link peerEventsFor}). */
function peerEvents(state: MockState, queue: EventQueue, op: 'peer_add' | 'peer_remove', change: SubscriptionsAdded | SubscriptionsRemoved): EventPayload[] {
  const viewer = viewerOf(state, queue);
  if (!viewer) return [];
  const pairs: readonly SubscriptionPair[] = change.kind === 'subscriptions_added' ? change.additions : change.removals;
  let guestChannels = guestChannelsByChange.get(change);
  if (!guestChannels) {
    guestChannels = publicChannelsWithGuests(state, pairs);
    guestChannelsByChange.set(change, guestChannels);
  }
  return peerEventsFor(state, viewer, op, pairs, guestChannels);
}

/**
 * Whether a newly subscribed user is first told the channel exists (the server's
 * `send_stream_creation_events_for_previously_inaccessible_streams`): for a private channel,
 * everyone but administrators and the non-guest members of its administer, add-subscribers and
 * subscribe groups; for a public channel that is not web-public, guests.
 */
function needsCreationBeforeAdd(state: MockState, user: UserRecord, channel: ChannelRecord): boolean {
  if (!channel.invite_only) return !channel.is_web_public && isGuest(user);
  return !canAdministerChannel(state, user, channel) && !hasGroupContentAccess(state, user, channel);
}

/**
 * `stream` `create` (one event per channel) for the users subscribed, `subscription` `add` for
 * them (full objects with subscribers), `peer_add` for the others.
 */
export function renderSubscriptionsAdded(state: MockState, queue: EventQueue, change: SubscriptionsAdded): EventPayload[] {
  const peers = change.audience === 'subscribed' ? [] : peerEvents(state, queue, 'peer_add', change);
  if (change.audience === 'peers') return peers;
  const viewer = viewerOf(state, queue);
  const creations = change.additions.flatMap(({ userId, channelId }) => {
    const channel = state.store.tables.channel.get(channelId);
    if (!viewer || userId !== viewer.id || !channel || !needsCreationBeforeAdd(state, viewer, channel)) return [];
    return [channelsCreated(state, [channel])];
  });
  const own = change.additions.flatMap(({ userId, channelId }) => {
    if (userId !== queue.userId) return [];
    const channel = state.store.tables.channel.get(channelId);
    const subscription = state.store.subscription(userId, channelId);
    if (!channel || !subscription) return [];
    return [subscriptionDict(state, channel, subscription, { subscribers: activeSubscriberIds(state, channelId) })];
  });
  const added: EventPayload[] = own.length > 0 ? [{ type: 'subscription', op: 'add', subscriptions: byName(own) }] : [];
  return [...creations, ...added, ...peers];
}

/**
 * `subscription` `remove` for the users unsubscribed, then `stream` `delete` of the channels they
 * may no longer see (the server's `send_subscription_remove_events`); `peer_remove` for the
 * others who see the subscribers.
 */
export function renderSubscriptionsRemoved(state: MockState, queue: EventQueue, change: SubscriptionsRemoved): EventPayload[] {
  if (change.audience === 'peers') return peerEvents(state, queue, 'peer_remove', change);
  const own = change.removals.flatMap(({ userId, channelId }) => {
    const channel = state.store.tables.channel.get(channelId);
    return userId === queue.userId && channel ? [channel] : [];
  });
  const removed: EventPayload[] = own.length > 0 ? [{ type: 'subscription', op: 'remove', subscriptions: own.map((channel) => ({ name: channel.name, stream_id: channel.id })) }] : [];
  const viewer = viewerOf(state, queue);
  const unseen = viewer ? own.filter((channel) => !hasMetadataAccess(state, viewer, channel)) : [];
  if (unseen.length > 0) removed.push(channelsDeleted(unseen));
  // The users removed are told by `remove`, never by `peer_remove` (the server leaves them out of the peers).
  return [...removed, ...peerEvents(state, queue, 'peer_remove', change)];
}

/** `subscription` `update` for the user whose personal setting changed. */
export function renderSubscriptionUpdate(queue: EventQueue, change: SubscriptionPropertyChanged): EventPayload | undefined {
  if (queue.userId !== change.userId) return undefined;
  return { type: 'subscription', op: 'update', stream_id: change.channelId, property: change.property, value: change.value };
}

/** `stream` `create` for the users who may see a new channel. */
export function renderChannelCreated(state: MockState, queue: EventQueue, change: ChannelCreated): EventPayload | undefined {
  const viewer = viewerOf(state, queue);
  const channel = state.store.tables.channel.get(change.channelId);
  if (!viewer || !channel || !hasMetadataAccess(state, viewer, channel)) return undefined;
  return channelsCreated(state, [channel]);
}

/**
 * `stream` `update` for the users sent the channel's events ({@link receivesChannelEvents}) who
 * saw it before. A privacy change (`do_change_stream_permission`) tells only those who see it
 * after: non-guests who gain it when it turns public get `stream` `create` and its subscribers,
 * those who lose it are told nothing. After other changes (its group settings), those who gain
 * sight of it get `create`, those who lose it `delete`.
 */
export function renderChannelUpdated(state: MockState, queue: EventQueue, change: ChannelUpdated): EventPayload[] {
  const viewer = viewerOf(state, queue);
  const channel = state.store.tables.channel.get(change.channelId);
  if (!viewer || !channel) return [];
  const before = change.hadAccess.has(viewer.id);
  const update: EventPayload = { type: 'stream', op: 'update', stream_id: channel.id, name: change.name, property: change.property, value: change.value, ...change.extra };
  if (change.property === 'invite_only') {
    if (!receivesChannelEvents(state, viewer, channel)) return [];
    return before ? [update] : sightChangeEvents(state, channel, false, true);
  }
  const after = hasMetadataAccess(state, viewer, channel);
  if (before && after) return receivesChannelEvents(state, viewer, channel) ? [update] : [];
  return sightChangeEvents(state, channel, before, after);
}

/** A group membership change: `create` (and subscribers) for users who now see the channel, `delete` for those who no longer do. */
export function renderChannelAccessChanged(state: MockState, queue: EventQueue, change: ChannelAccessChanged): EventPayload[] {
  const viewer = viewerOf(state, queue);
  const channel = state.store.tables.channel.get(change.channelId);
  if (!viewer || !channel) return [];
  return sightChangeEvents(state, channel, change.hadAccess.has(viewer.id), hasMetadataAccess(state, viewer, channel));
}

/**
 * Archiving: `stream` `update` of `is_archived` for clients that handle archived channels, `delete`
 * for the others (for every client below level 378).
 */
export function renderChannelArchived(state: MockState, queue: EventQueue, change: ChannelArchived): EventPayload | undefined {
  const viewer = viewerOf(state, queue);
  const channel = state.store.tables.channel.get(change.channelId);
  if (!viewer || !channel || !receivesChannelEvents(state, viewer, channel)) return undefined;
  if (!queue.options.capabilities.has('archived_channels') || !hasLevel(state, LEVEL.archivingUpdates)) return channelsDeleted([channel]);
  return { type: 'stream', op: 'update', stream_id: channel.id, name: change.name, property: 'is_archived', value: true };
}

/**
 * Unarchiving: `stream` `update` of `is_archived` for clients that handle archived channels,
 * `create` for the others; told to the same users as archiving (a web-public channel's guests
 * who are not subscribed are not).
 */
export function renderChannelUnarchived(state: MockState, queue: EventQueue, change: ChannelUnarchived): EventPayload | undefined {
  const viewer = viewerOf(state, queue);
  const channel = state.store.tables.channel.get(change.channelId);
  if (!viewer || !channel || !receivesChannelEvents(state, viewer, channel)) return undefined;
  if (!queue.options.capabilities.has('archived_channels')) return channelsCreated(state, [channel]);
  return { type: 'stream', op: 'update', stream_id: channel.id, name: channel.name, property: 'is_archived', value: false };
}
