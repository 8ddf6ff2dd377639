import type { ChannelRecord, UserRecord } from '../../store/store';
import { channelByNameOrFail } from '../channels';
import { ApiFailure, badRequest } from '../errors';
import type { MockState } from '../state';
import { hasMetadataAccess } from './access';
import { canRemoveSubscribers } from './permissions';
import { resolvePrincipals } from './principals';

/** The answer of `DELETE /users/me/subscriptions`: one name per (user, channel) removed or not subscribed. */
export type UnsubscribeResult = {
  removed: string[];
  not_removed: string[];
};

function channelToLeave(state: MockState, actor: UserRecord, name: string): ChannelRecord {
  const channel = channelByNameOrFail(state, name);
  if (!hasMetadataAccess(state, actor, channel)) {
    // As for a channel that does not exist, so as not to reveal it.
    throw new ApiFailure(`Channel '${name.trim()}' does not exist`, 'STREAM_DOES_NOT_EXIST', 400, { stream: name.trim() });
  }
  return channel;
}

/** Ends one user's subscription; false if they were not subscribed. */
export function removeSubscription(state: MockState, user: UserRecord, channel: ChannelRecord): boolean {
  const subscription = state.store.subscription(user.id, channel.id);
  if (!subscription?.active) return false;
  state.store.tables.subscription.update(subscription.id, { active: false });
  return true;
}

/**
 * `DELETE /users/me/subscriptions`: unsubscribes the caller, or `principals` (which needs
 * permission to remove subscribers from each channel unless they are the caller and the
 * caller's own bots).
 */
export function unsubscribe(
  state: MockState,
  actor: UserRecord,
  names: readonly string[],
  principals?: readonly (string | number)[],
): UnsubscribeResult {
  const users = principals === undefined ? [actor] : resolvePrincipals(state, principals);
  const channels = names.map((name) => channelToLeave(state, actor, name));
  // The caller and the caller's own bots are not "others" (the server's user_directly_controls_user).
  const othersIncluded = users.some((user) => user.id !== actor.id && !(user.is_bot && user.bot_owner_id === actor.id));
  if (othersIncluded && channels.some((channel) => !canRemoveSubscribers(state, actor, channel))) {
    throw badRequest('Insufficient permission');
  }
  const result: UnsubscribeResult = { removed: [], not_removed: [] };
  const removals: { userId: number; channelId: number }[] = [];
  for (const user of users) {
    for (const channel of new Set(channels)) {
      if (removeSubscription(state, user, channel)) {
        result.removed.push(channel.name);
        removals.push({ userId: user.id, channelId: channel.id });
      } else result.not_removed.push(channel.name);
    }
  }
  if (removals.length > 0) state.events.record({ kind: 'subscriptions_removed', removals });
  return result;
}
