import { defaultChannelIds } from '../subscriptions/default-channels';
import { defaultChannelRefs } from '../subscriptions/default-channel-refs';
import type { MockState } from '../state';
import { isGuest } from '../users';
import type { DefaultChannelGroupsChanged } from './changes';
import type { EventQueue } from './queue';

/** `default_streams`, with every default channel's ID, for the queues of active non-guests. */
export function renderDefaultChannelsEvent(state: MockState, queue: EventQueue) {
  if (!isActiveNonGuest(state, queue.userId)) return undefined;
  return { type: 'default_streams', default_streams: defaultChannelRefs(state, defaultChannelIds(state)) };
}

/** `default_stream_groups`, with every group, for the queues of active non-guests. */
export function renderDefaultChannelGroupsEvent(state: MockState, queue: EventQueue, change: DefaultChannelGroupsChanged) {
  if (!isActiveNonGuest(state, queue.userId)) return undefined;
  return { type: 'default_stream_groups', default_stream_groups: structuredClone(change.groups) };
}

/** The server's `active_non_guest_user_ids`: who hears about default channels and their groups. */
function isActiveNonGuest(state: MockState, userId: number): boolean {
  const user = state.store.tables.user.get(userId);
  return user !== undefined && user.is_active && !isGuest(user);
}
