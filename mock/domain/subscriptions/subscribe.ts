import type { ChannelRecord, UserRecord } from '../../store/store';
import { checkChannelName } from '../channels';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { isGuest } from '../users';
import { type NewChannelOptions, checkNewChannelSettings, createChannel } from './create-channel';
import { setDefaultChannel } from './default-channels';
import { DEFAULT_SUBSCRIPTION_SETTINGS, pickSubscriptionColor } from './defaults';
import { announceChannels, notifySubscribedByOthers, postChannelCreated } from './notices';
import { canAddSubscribers, canSubscribeSelf } from './permissions';
import { resolvePrincipals } from './principals';
import { checkDescription } from './settings';

/** One requested channel: its name, and the colour and description it should get. */
export interface ChannelRequest {
  readonly name: string;
  readonly color?: string | undefined;
  readonly description?: string | undefined;
}

/** What `POST /users/me/subscriptions` reads. */
export interface SubscribeInput extends NewChannelOptions {
  readonly subscriptions: readonly ChannelRequest[];
  readonly principals?: readonly (string | number)[] | undefined;
  readonly authorization_errors_fatal?: boolean | undefined;
  readonly announce?: boolean | undefined;
  readonly send_new_subscription_messages?: boolean | undefined;
}

/** The answer: channel names per user ID, and the channels skipped for lack of access. */
export type SubscribeResult = {
  subscribed: Record<string, string[]>;
  already_subscribed: Record<string, string[]>;
  unauthorized?: string[];
};

const HEX_COLOR = /^#([a-fA-F0-9]{3,6})$/;

function checkRequests(state: MockState, requests: readonly ChannelRequest[]): ChannelRequest[] {
  const byName = new Map<string, ChannelRequest>();
  requests.forEach((request, index) => {
    if (request.color !== undefined && !HEX_COLOR.test(request.color)) {
      throw badRequest(`Invalid subscriptions[${index}]: Value error, add.color is not a valid hex color code`);
    }
    const name = checkChannelName(state, request.name);
    const description = request.description === undefined ? undefined : checkDescription(request.description);
    if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), { name, color: request.color, description });
  });
  return [...byName.values()];
}

/** Subscribes one user to one channel (reactivating a past subscription with its settings); false if already subscribed. */
export function addSubscription(state: MockState, user: UserRecord, channel: ChannelRecord, color?: string): boolean {
  const { store } = state;
  const existing = store.subscription(user.id, channel.id);
  if (existing?.active) return false;
  if (existing) store.tables.subscription.update(existing.id, { active: true });
  else {
    store.tables.subscription.insert({
      id: store.ids.next('subscription'),
      user_id: user.id,
      channel_id: channel.id,
      active: true,
      is_muted: false,
      color: color ?? pickSubscriptionColor(state, user.id, channel.recipient_id),
      ...DEFAULT_SUBSCRIPTION_SETTINGS,
    });
  }
  return true;
}

/**
 * `POST /users/me/subscriptions`: subscribes the caller (or `principals`) to channels, creating
 * the missing ones the caller may create. Everything is checked before anything changes.
 */
export function subscribe(state: MockState, actor: UserRecord, input: SubscribeInput): SubscribeResult {
  if (isGuest(actor)) throw badRequest('Not allowed for guest users');
  const requests = checkRequests(state, input.subscriptions);
  const users = input.principals === undefined ? [actor] : resolvePrincipals(state, input.principals);
  const subscribingOthers = users.some((user) => user.id !== actor.id);
  const existing: ChannelRecord[] = [];
  const missing: ChannelRequest[] = [];
  for (const request of requests) {
    const channel = state.store.channelByName(request.name);
    if (channel) existing.push(channel);
    else missing.push(request);
  }
  const settings = missing.length > 0 ? checkNewChannelSettings(state, actor, input) : undefined;
  const unauthorized = existing.filter(
    (channel) => channel.is_archived || !(canSubscribeSelf(state, actor, channel) || (subscribingOthers && canAddSubscribers(state, actor, channel))),
  );
  const fatal = input.authorization_errors_fatal ?? true;
  if (unauthorized.length > 0 && fatal) throw badRequest(`Unable to access channel (${unauthorized[0]?.name ?? ''}).`);
  const authorized = existing.filter((channel) => !unauthorized.includes(channel));
  if (subscribingOthers && authorized.some((channel) => !canAddSubscribers(state, actor, channel))) {
    throw badRequest('Insufficient permission');
  }
  const created = settings
    ? missing.map((request) => createChannel(state, actor, request.name, request.description ?? '', settings))
    : [];
  if (input.is_default_stream) for (const channel of created) setDefaultChannel(state, channel.id, true);
  const colors = new Map(requests.map((request) => [request.name.toLowerCase(), request.color]));
  const result: SubscribeResult = { subscribed: {}, already_subscribed: {} };
  const additions: { userId: number; channelId: number }[] = [];
  const newlySubscribedNames = new Map<number, string[]>();
  for (const user of users) {
    for (const channel of [...authorized, ...created]) {
      const added = addSubscription(state, user, channel, colors.get(channel.name.toLowerCase()));
      const bucket = added ? result.subscribed : result.already_subscribed;
      (bucket[String(user.id)] ??= []).push(channel.name);
      if (!added) continue;
      additions.push({ userId: user.id, channelId: channel.id });
      if (!created.includes(channel)) (newlySubscribedNames.get(user.id) ?? newlySubscribedNames.set(user.id, []).get(user.id))?.push(channel.name);
    }
  }
  if (additions.length > 0) state.events.record({ kind: 'subscriptions_added', additions });
  if (input.send_new_subscription_messages ?? true) notifySubscribedByOthers(state, actor, newlySubscribedNames);
  for (const channel of created) postChannelCreated(state, actor, state.store.tables.channel.get(channel.id) ?? channel);
  if (input.announce) announceChannels(state, actor, created.filter((channel) => !channel.invite_only));
  if (!fatal) result.unauthorized = unauthorized.map((channel) => channel.name);
  return result;
}
