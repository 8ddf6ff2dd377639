import type { UserRecord } from '../../store/store';
import { canSeeSubscribers } from '../subscriptions/access';
import { pythonSetOrder } from '../python-set';
import type { MockState } from '../state';
import { isGuest } from '../users';
import type { EventPayload } from './render';

/** One subscription that changed: whose, and to which channel. */
export type SubscriptionPair = { readonly userId: number; readonly channelId: number };

/** The changed users of each channel, channels in the order of their first change. */
function usersByChannel(pairs: readonly SubscriptionPair[]): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const { userId, channelId } of pairs) {
    const users = map.get(channelId) ?? [];
    if (!users.includes(userId)) users.push(userId);
    map.set(channelId, users);
  }
  return map;
}

/**
 * The public channels among those changed with an active guest subscriber: the server sends each
 * of them its own event. Found once per change, for every queue's events.
 */
export function publicChannelsWithGuests(state: MockState, pairs: readonly SubscriptionPair[]): ReadonlySet<number> {
  const found = new Set<number>();
  for (const channelId of new Set(pairs.map((pair) => pair.channelId))) {
    const channel = state.store.tables.channel.get(channelId);
    if (!channel || channel.invite_only || channel.is_web_public) continue;
    for (const userId of state.store.subscriberIds(channelId)) {
      const user = state.store.tables.user.get(userId);
      if (user?.is_active && isGuest(user)) {
        found.add(channelId);
        break;
      }
    }
  }
  return found;
}

function peerEvent(op: string, streamIds: readonly number[], userIds: readonly number[]): EventPayload {
  return { type: 'subscription', op, stream_ids: [...streamIds], user_ids: [...userIds] };
}

/**
 * The `peer_add`/`peer_remove` events one user gets, split as the server's
 * `send_peer_subscriber_events` splits them: one event per private channel; public channels
 * grouped by the set of users that changed, and within a group one event per channel with a guest
 * subscriber, then one for the web-public channels, then one for the other public channels. The
 * users that changed never hear of their own change; the viewer must see the channel's subscribers.
 * `guestChannels` is {@link publicChannelsWithGuests} of the same pairs.
 */
export function peerEventsFor(
  state: MockState,
  viewer: UserRecord,
  op: 'peer_add' | 'peer_remove',
  pairs: readonly SubscriptionPair[],
  guestChannels: ReadonlySet<number>,
): EventPayload[] {
  const events: EventPayload[] = [];
  const publicGroups = new Map<string, { userIds: number[]; channelIds: number[] }>();
  for (const [channelId, users] of usersByChannel(pairs)) {
    const channel = state.store.tables.channel.get(channelId);
    if (!channel) continue;
    const sorted = [...users].sort((a, b) => a - b);
    if (channel.invite_only) {
      if (!users.includes(viewer.id) && canSeeSubscribers(state, viewer, channel)) events.push(peerEvent(op, [channelId], sorted));
      continue;
    }
    const key = sorted.join(',');
    // The server rebuilds the users as a Python set from the sorted key and lists it as such.
    const group = publicGroups.get(key) ?? { userIds: pythonSetOrder(sorted), channelIds: [] };
    group.channelIds.push(channelId);
    publicGroups.set(key, group);
  }
  for (const { userIds, channelIds } of publicGroups.values()) {
    if (userIds.includes(viewer.id)) continue;
    const webPublic: number[] = [];
    const withoutGuests: number[] = [];
    for (const channelId of pythonSetOrder(channelIds)) {
      const channel = state.store.tables.channel.get(channelId);
      if (!channel || !canSeeSubscribers(state, viewer, channel)) continue;
      if (channel.is_web_public) webPublic.push(channelId);
      else if (!guestChannels.has(channelId)) withoutGuests.push(channelId);
      else events.push(peerEvent(op, [channelId], userIds));
    }
    if (webPublic.length > 0) events.push(peerEvent(op, webPublic.sort((a, b) => a - b), userIds));
    if (withoutGuests.length > 0) events.push(peerEvent(op, withoutGuests.sort((a, b) => a - b), userIds));
  }
  return events;
}
