import type { ChannelRecord } from '../../store/store';
import type { MockState } from '../state';
import type { SubscriberFields } from './serialize';

/** Channels with at least this many subscribers get `partial_subscribers` under `include_subscribers=partial`. */
const PARTIAL_SUBSCRIBERS_THRESHOLD = 250;

const RECENT_ACTIVITY_MS = 14 * 24 * 3600 * 1000;

/** How a request wants subscriber lists: none, complete, or partial for large channels. */
export type SubscriberMode = 'none' | 'all' | 'partial';

/** IDs of a channel's active subscribers whose accounts are active, ascending. */
export function activeSubscriberIds(state: MockState, channelId: number): number[] {
  return [...state.store.subscriberIds(channelId)]
    .filter((userId) => state.store.tables.user.get(userId)?.is_active)
    .sort((a, b) => a - b);
}

/** The subscriber fields of one channel for a mode (the caller checked that the lists may be seen). */
export function subscriberFields(state: MockState, channel: ChannelRecord, mode: SubscriberMode): SubscriberFields {
  if (mode === 'none') return {};
  const ids = activeSubscriberIds(state, channel.id);
  if (mode === 'all' || ids.length < PARTIAL_SUBSCRIBERS_THRESHOLD) return { subscribers: ids };
  const since = state.clock.now() - RECENT_ACTIVITY_MS;
  const partial = ids.filter((userId) => {
    const user = state.store.tables.user.get(userId);
    return user?.is_bot || (state.store.lastActiveAt.get(userId) ?? -Infinity) >= since;
  });
  return { partial_subscribers: partial };
}
