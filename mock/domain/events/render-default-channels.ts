import { defaultChannelIds } from '../subscriptions/default-channels';
import type { MockState } from '../state';
import { isGuest } from '../users';
import type { EventQueue } from './queue';

/** `default_streams`, with every default channel's ID, for the queues of active non-guests. */
export function renderDefaultChannelsEvent(state: MockState, queue: EventQueue) {
  const user = state.store.tables.user.get(queue.userId);
  if (!user || !user.is_active || isGuest(user)) return undefined;
  return { type: 'default_streams', default_streams: defaultChannelIds(state) };
}
