import type { UserRecord } from '../../store/store';
import { hasLevel, LEVEL } from '../feature-levels';
import type { MockState } from '../state';

/**
 * Tells the channels' peers that a user being deactivated left the subscribers of every channel
 * they were subscribed to (the server's `send_events_for_user_deactivation`), as unsubscribing
 * would; archived channels too from the level that added them. Recorded after the account is
 * inactive (its own queues hear nothing) and before its `realm_user` update.
 */
export function recordDeactivationPeerRemovals(state: MockState, user: UserRecord): void {
  if (!hasLevel(state, LEVEL.deactivationPeerRemove)) return;
  const withArchived = hasLevel(state, LEVEL.deactivationPeerRemoveArchived);
  const removals = state.store.subscriptionsOfUser(user.id).flatMap((subscription) => {
    const channel = state.store.tables.channel.get(subscription.channel_id);
    if (!subscription.active || !channel || (channel.is_archived && !withArchived)) return [];
    return [{ userId: user.id, channelId: channel.id }];
  });
  if (removals.length > 0) state.events.record({ kind: 'subscriptions_removed', removals, audience: 'peers' });
}
