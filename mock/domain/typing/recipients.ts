import type { MockState } from '../state';

/** The server sends no channel typing events for channels with more subscribers than this. */
export const MAX_CHANNEL_SIZE_FOR_TYPING = 100;

/** A channel's subscribers whose accounts are active. */
export function activeSubscriberIds(state: MockState, channelId: number): Set<number> {
  const ids = new Set<number>();
  for (const id of state.store.subscriberIds(channelId)) {
    if (state.store.tables.user.get(id)?.is_active) ids.add(id);
  }
  return ids;
}
