import type { ChannelRecord, UserRecord } from '../../store/store';
import { isDefaultChannel } from './default-channels';
import { hasChannelContentAccess } from '../channel-access';
import { badRequest } from '../errors';
import { pythonStrip } from '../python-strip';
import type { MockState } from '../state';
import { hasRole, isGuest } from '../users';
import { NO_SUCH_USER } from '../accounts/lookup';
import { isSystemBot } from '../accounts/visibility';
import { canAccessUser } from '../accounts/user-access';
import { LEVEL, hasLevel } from '../feature-levels';
import { activeChannelWithMetadataAccess, canSeeSubscribers, hasMetadataAccess } from './access';
import { type SubscriptionDict, channelDict, subscriptionDict } from './serialize';
import { type SubscriberMode, activeSubscriberIds, subscriberFields } from './subscribers';

/** Sorts API dicts by channel name, as the server does (code-point order). */
export function byName<T extends { readonly name: string }>(items: T[]): T[] {
  return items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Reads `include_subscribers` (`true`, `false` or `partial`). */
export function subscriberMode(value: boolean | string | undefined): SubscriberMode {
  if (value === true || value === 'true') return 'all';
  if (value === 'partial') return 'partial';
  return 'none';
}

/** `GET /users/me/subscriptions`: the user's active subscriptions to channels that are not archived, by name. */
export function listSubscriptions(state: MockState, user: UserRecord, mode: SubscriberMode) {
  return byName(ownSubscriptions(state, user, { mode, includeArchived: false }).subscriptions);
}

/** What the subscription state sections include. */
export interface SectionOptions {
  readonly mode: SubscriberMode;
  /** Whether archived channels appear (the `archived_channels` client capability). */
  readonly includeArchived: boolean;
}

function shownChannel(options: SectionOptions) {
  return (channel: ChannelRecord | undefined): channel is ChannelRecord => channel !== undefined && (options.includeArchived || !channel.is_archived);
}

/** The user's active subscriptions and the former ones to channels they still see (unsorted), and every channel they were ever subscribed to. */
function ownSubscriptions(state: MockState, user: UserRecord, options: SectionOptions) {
  const { store } = state;
  const shown = shownChannel(options);
  const subscriptions: SubscriptionDict[] = [];
  const unsubscribed: SubscriptionDict[] = [];
  const seen = new Set<number>();
  for (const subscription of store.subscriptionsOfUser(user.id)) {
    seen.add(subscription.channel_id);
    const channel = store.tables.channel.get(subscription.channel_id);
    if (!shown(channel)) continue;
    // A former subscription is listed only while the user may still see the channel (a guest
    // loses a public one, a member a private one), as the server's `gather_subscriptions_helper`.
    if (!subscription.active && !hasMetadataAccess(state, user, channel)) continue;
    const lists = subscription.active || canSeeSubscribers(state, user, channel) ? options.mode : 'none';
    const dict = subscriptionDict(state, channel, subscription, subscriberFields(state, channel, lists));
    (subscription.active ? subscriptions : unsubscribed).push(dict);
  }
  return { subscriptions, unsubscribed, seen };
}

/** The `subscription` state: `subscriptions`, `unsubscribed` and `never_subscribed`, each by name. */
export function subscriptionSections(state: MockState, user: UserRecord, options: SectionOptions) {
  const shown = shownChannel(options);
  const { subscriptions, unsubscribed, seen } = ownSubscriptions(state, user, options);
  const neverSubscribed = state.store.tables.channel
    .all()
    .filter((channel) => !seen.has(channel.id) && shown(channel) && hasMetadataAccess(state, user, channel))
    .map((channel) => ({
      ...channelDict(state, channel),
      ...subscriberFields(state, channel, canSeeSubscribers(state, user, channel) ? options.mode : 'none'),
    }));
  return {
    subscriptions: byName(subscriptions),
    unsubscribed: byName(unsubscribed),
    never_subscribed: byName(neverSubscribed),
  };
}

/** The `stream` state: every channel the user has metadata access to, by name. */
export function channelsState(state: MockState, user: UserRecord, includeArchived: boolean) {
  return byName(
    state.store.tables.channel
      .all()
      .filter((channel) => (includeArchived || !channel.is_archived) && hasMetadataAccess(state, user, channel))
      .map((channel) => channelDict(state, channel)),
  );
}

/** The filters of `GET /streams`, with the server's defaults applied. */
export interface ChannelFilters {
  readonly include_public?: boolean | undefined;
  readonly include_web_public?: boolean | undefined;
  readonly include_subscribed?: boolean | undefined;
  readonly exclude_archived?: boolean | undefined;
  readonly include_all_active?: boolean | undefined;
  readonly include_all?: boolean | undefined;
  readonly include_default?: boolean | undefined;
  readonly include_owner_subscribed?: boolean | undefined;
  readonly include_can_access_content?: boolean | undefined;
}

/**
 * `GET /streams`: the union of the requested kinds of channels the user may see, by name.
 * `include_default` only marks each with `is_default`; `include_all_active` is `include_all`
 * for everyone from level 356, for administrators only before.
 */
export function listChannels(state: MockState, user: UserRecord, filters: ChannelFilters) {
  if (filters.include_all_active && !hasRole(user, 'administrator') && !hasLevel(state, LEVEL.includeAllForEveryone)) {
    throw badRequest('User not authorized for this query');
  }
  const all = filters.include_all === true || filters.include_all_active === true;
  const owner = user.is_bot && user.bot_owner_id !== null ? state.store.tables.user.get(user.bot_owner_id) : undefined;
  const wanted = (channel: ChannelRecord): boolean => {
    if (all) return hasMetadataAccess(state, user, channel);
    if ((filters.include_public ?? true) && !isGuest(user) && !channel.invite_only) return true;
    // The server's web-public query takes active channels only, whatever exclude_archived says.
    if (filters.include_web_public && channel.is_web_public && !channel.is_archived) return true;
    if ((filters.include_subscribed ?? true) && state.store.isSubscribed(user.id, channel.id)) return true;
    if (filters.include_owner_subscribed && owner && state.store.isSubscribed(owner.id, channel.id)) return true;
    return filters.include_can_access_content === true && hasChannelContentAccess(state, user, channel);
  };
  const excludeArchived = filters.exclude_archived ?? true;
  return byName(
    state.store.tables.channel
      .all()
      .filter((channel) => !(excludeArchived && channel.is_archived) && wanted(channel))
      .map((channel) =>
        filters.include_default ? { ...channelDict(state, channel), is_default: isDefaultChannel(state, channel.id) } : channelDict(state, channel),
      ),
  );
}

/** `GET /streams/{stream_id}`: an active channel the user has metadata access to. */
export function getChannel(state: MockState, user: UserRecord, channelId: number) {
  return channelDict(state, activeChannelWithMetadataAccess(state, user, channelId));
}

/**
 * `GET /get_stream_id`: the ID of an active channel whose content the user may access, by name
 * (case-insensitive), as the server's `access_stream_by_name` decides.
 */
export function getChannelId(state: MockState, user: UserRecord, name: string): number {
  const channel = state.store.channelByName(pythonStrip(name));
  if (!channel || channel.is_archived || !hasChannelContentAccess(state, user, channel)) {
    throw badRequest(`Invalid channel name '${name}'`);
  }
  return channel.id;
}

/** `GET /streams/{stream_id}/members`: the active subscribers of an active channel, for users who may see them. */
export function getSubscribers(state: MockState, user: UserRecord, channelId: number): number[] {
  const channel = activeChannelWithMetadataAccess(state, user, channelId);
  if (!canSeeSubscribers(state, user, channel)) throw badRequest('Unable to retrieve subscribers for private channel');
  return activeSubscriberIds(state, channel.id);
}

/**
 * `GET /users/{user_id}/subscriptions/{stream_id}`: the user must be an active human of the realm
 * (`access_user_by_id`: bots are "No such user", deactivated users "User is deactivated") the
 * caller may see ("Insufficient permission" for a limited guest), then the channel active and visible.
 */
export function subscriptionStatus(state: MockState, user: UserRecord, userId: number, channelId: number): boolean {
  const target = state.store.tables.user.get(userId);
  if (!target || isSystemBot(target) || target.is_bot) throw badRequest(NO_SUCH_USER);
  if (!target.is_active) throw badRequest('User is deactivated');
  if (!canAccessUser(state, user, target)) throw badRequest('Insufficient permission');
  activeChannelWithMetadataAccess(state, user, channelId);
  return state.store.isSubscribed(target.id, channelId);
}
