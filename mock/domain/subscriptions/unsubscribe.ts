import type { ChannelRecord, UserRecord } from '../../store/store';
import { checkChannelName } from '../channels';
import { badRequest } from '../errors';
import { pythonStrip } from '../python-strip';
import type { MockState } from '../state';
import { LEVEL, hasLevel } from '../feature-levels';
import { canCreateChannel, canRemoveSubscribersFromAll } from './permissions';
import { resolvePrincipals } from './principals';
import { guestAccess, recordGuestAccessChanges } from '../accounts/user-access-events';
import { markLeftChannelsAsRead } from '../flags/mark-as-read';

/** The answer of `DELETE /users/me/subscriptions`: one name per (user, channel) removed or not subscribed. */
export type UnsubscribeResult = {
  removed: string[];
  not_removed: string[];
};

/** Ends one user's subscription; false if they were not subscribed. */
function removeSubscription(state: MockState, user: UserRecord, channel: ChannelRecord): boolean {
  const subscription = state.store.subscription(user.id, channel.id);
  if (!subscription?.active) return false;
  state.store.tables.subscription.update(subscription.id, { active: false });
  return true;
}

/** Whether a principal is someone other than the caller and the caller's own bots (the server's `user_directly_controls_user`). */
function isOther(actor: UserRecord, user: UserRecord): boolean {
  return user.id !== actor.id && !(user.is_bot && user.bot_owner_id === actor.id);
}

/**
 * The named channels, as the server's `list_to_streams` finds them for leaving: names stripped
 * (Python's `str.strip()`) and checked, archived channels included, whether or not the caller may
 * see them (a channel they cannot see is one they are not subscribed to). Permission to remove others is checked on the channels
 * found before any missing name is reported. Below {@link LEVEL.leavingSkipsCreationCheck}, as
 * 10.2, a missing name first needs permission to create a public channel (`Insufficient permission`).
 */
function channelsToLeave(state: MockState, actor: UserRecord, names: readonly string[], removingOthers: boolean): ChannelRecord[] {
  const stripped = names.map(pythonStrip);
  for (const name of new Set(stripped)) checkChannelName(state, name);
  const found = stripped.map((name) => state.store.channelByName(name));
  const existing = found.filter((channel): channel is ChannelRecord => channel !== undefined);
  if (removingOthers && !canRemoveSubscribersFromAll(state, actor, [...new Set(existing)])) throw badRequest('Insufficient permission');
  const missing = stripped.filter((_name, index) => found[index] === undefined);
  if (missing.length > 0 && !hasLevel(state, LEVEL.leavingSkipsCreationCheck) && !canCreateChannel(state, actor, 'public')) {
    throw badRequest('Insufficient permission');
  }
  if (missing.length > 0) throw badRequest(`Channel(s) (${missing.join(', ')}) do not exist`);
  return existing;
}

/** The checks {@link unsubscribe} makes (the principals, then `channelsToLeave`), changing nothing. */
export function checkLeaving(state: MockState, actor: UserRecord, names: readonly string[], principals?: readonly (string | number)[]): void {
  channelsToLeave(state, actor, names, leavers(state, actor, principals).some((user) => isOther(actor, user)));
}

/** Whom an unsubscribe request removes: `principals`, or the caller when it names nobody. */
function leavers(state: MockState, actor: UserRecord, principals: readonly (string | number)[] | undefined): UserRecord[] {
  return principals?.length ? resolvePrincipals(state, principals) : [actor];
}

/**
 * `DELETE /users/me/subscriptions`: unsubscribes the caller, or `principals` (an empty list means
 * the caller), which needs permission to remove subscribers from every channel unless they are
 * the caller and the caller's own bots. Each user's unread messages in the channels they left
 * become read, as the server's deferred work makes them.
 */
export function unsubscribe(
  state: MockState,
  actor: UserRecord,
  names: readonly string[],
  principals?: readonly (string | number)[],
): UnsubscribeResult {
  const users = leavers(state, actor, principals);
  const removingOthers = users.some((user) => isOther(actor, user));
  const channels = channelsToLeave(state, actor, names, removingOthers);
  const result: UnsubscribeResult = { removed: [], not_removed: [] };
  const removals: { userId: number; channelId: number }[] = [];
  const access = guestAccess(state, users.map((user) => user.id), channels.map((channel) => channel.id));
  for (const user of users) {
    for (const channel of new Set(channels)) {
      if (removeSubscription(state, user, channel)) {
        result.removed.push(channel.name);
        removals.push({ userId: user.id, channelId: channel.id });
      } else result.not_removed.push(channel.name);
    }
  }
  if (removals.length > 0) state.events.record({ kind: 'subscriptions_removed', removals });
  recordGuestAccessChanges(state, access);
  // The server queues this as deferred work (`mark_stream_messages_as_read`), after the removal's events.
  for (const user of users) {
    const left = removals.filter((removal) => removal.userId === user.id).map((removal) => removal.channelId);
    markLeftChannelsAsRead(state, user, left);
  }
  return result;
}
