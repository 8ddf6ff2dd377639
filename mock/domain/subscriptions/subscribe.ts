import type { ChannelRecord, UserRecord } from '../../store/store';
import { checkChannelName } from '../channels';
import { badRequest } from '../errors';
import { LEVEL, hasLevel } from '../feature-levels';
import type { MockState } from '../state';
import { isGuest } from '../users';
import {
  type CheckedChannelSettings,
  type NewChannelOptions,
  checkChannelFolder,
  checkCreationPermissions,
  checkNewChannelGroups,
  createChannel,
  newChannelSettings,
  parseRequestedRetention,
} from './create-channel';
import { setDefaultChannel } from './default-channels';
import { DEFAULT_SUBSCRIPTION_SETTINGS, pickSubscriptionColor } from './defaults';
import { announceChannels, notifySubscribedByOthers, postChannelCreated } from './notices';
import { canAddSubscribers, canSubscribeSelf } from './permissions';
import { namesOthers, resolvePrincipals } from './principals';
import { MAX_DESCRIPTION_LENGTH, checkDescription } from './settings';
import { checkTopicsPolicyPermission } from './topics-policy';
import { guestAccess, recordGuestAccessChanges } from '../accounts/user-access-events';
import { pythonLength } from '../python-len';

/** One requested channel: its name, and the colour and description it should get. */
interface ChannelRequest {
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
  new_subscription_messages_sent?: boolean;
};

/** The most users one request may subscribe for the server to still tell them by direct message (`MAX_BULK_NEW_SUBSCRIPTION_MESSAGES`). */
export const MAX_BULK_NEW_SUBSCRIPTION_MESSAGES = 100;

const HEX_COLOR = /^#([a-fA-F0-9]{3,6})$/;

/**
 * The requested channels, checked as the server reads them: each entry's description length and
 * colour first (its request model, named after the parameter, `subscriptions` or `add`), then the
 * folder, retention value and permission to set the topics policy (even for existing channels),
 * then the names. Duplicates (in any case) count once.
 */
function checkRequests(state: MockState, actor: UserRecord, input: SubscribeInput, parameter: string): ChannelRequest[] {
  const requests = input.subscriptions;
  requests.forEach((request, index) => {
    if (request.description !== undefined && pythonLength(request.description) > MAX_DESCRIPTION_LENGTH) {
      throw badRequest(`${parameter}[${index}]["description"] is too long (limit: ${MAX_DESCRIPTION_LENGTH} characters)`);
    }
    if (request.color !== undefined && !HEX_COLOR.test(request.color)) {
      throw badRequest(`Invalid ${parameter}[${index}]: Value error, add.color is not a valid hex color code`);
    }
  });
  // The server reads the folder, then with each channel the retention value, before any name.
  checkChannelFolder(state, input.folder_id);
  if (requests.length > 0) {
    parseRequestedRetention(input);
    if (input.topics_policy !== undefined) checkTopicsPolicyPermission(state, actor, input.topics_policy);
  }
  const byName = new Map<string, ChannelRequest>();
  for (const request of requests) {
    const name = checkChannelName(state, request.name);
    const description = request.description === undefined ? undefined : checkDescription(request.description);
    if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), { name, color: request.color, description });
  }
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

/** Whether the caller may join (or add others to) an existing channel; archived ones only from level 362. */
function mayJoin(state: MockState, actor: UserRecord, channel: ChannelRecord, subscribingOthers: boolean): boolean {
  if (channel.is_archived && !hasLevel(state, LEVEL.archivedChannelsEditable)) return false;
  return canSubscribeSelf(state, actor, channel) || (subscribingOthers && canAddSubscribers(state, actor, channel));
}

/**
 * Whether the request's Notification Bot direct messages go out: always before level 397; from
 * then on as `send_new_subscription_messages` asks (default true), and never when the request
 * subscribed more than {@link MAX_BULK_NEW_SUBSCRIPTION_MESSAGES} users.
 */
function sendsNewSubscriptionMessages(state: MockState, input: SubscribeInput, subscribedUsers: number): boolean {
  if (!hasLevel(state, LEVEL.newSubscriptionMessagesChoice)) return true;
  return (input.send_new_subscription_messages ?? true) && subscribedUsers <= MAX_BULK_NEW_SUBSCRIPTION_MESSAGES;
}

/** A user's key in the answer: the user ID, or before level 289 the API email. */
function resultKey(state: MockState, user: UserRecord): string {
  return hasLevel(state, LEVEL.subscriptionResultsByUserId) ? String(user.id) : user.email;
}

/** How the request names its channels: `subscriptions` for `POST`, `add` for `PATCH /users/me/subscriptions`. */
export interface SubscribeOptions {
  readonly parameter?: 'subscriptions' | 'add';
}

/** A subscribe request checked and resolved, ready to apply: nothing has changed yet. */
export interface SubscribePlan {
  readonly input: SubscribeInput;
  readonly requests: readonly ChannelRequest[];
  readonly missing: readonly ChannelRequest[];
  readonly settings: CheckedChannelSettings | undefined;
  readonly authorized: readonly ChannelRecord[];
  readonly unauthorized: readonly ChannelRecord[];
  readonly fatal: boolean;
  readonly users: readonly UserRecord[];
}

/** The settings of the channels a subscribe request creates, checked as `list_to_streams` does: the group settings, then the permissions. */
function checkSettingsToCreate(state: MockState, actor: UserRecord, input: SubscribeInput): CheckedChannelSettings {
  const groups = checkNewChannelGroups(state, actor, input);
  return newChannelSettings(input, groups, checkCreationPermissions(state, actor, input));
}

/**
 * The checks of a subscribe request, in the server's order: names and creation settings, access
 * to existing channels, permission to add others, then the principals themselves.
 */
export function planSubscribe(state: MockState, actor: UserRecord, input: SubscribeInput, options: SubscribeOptions = {}): SubscribePlan {
  if (isGuest(actor)) throw badRequest('Not allowed for guest users');
  const requests = checkRequests(state, actor, input, options.parameter ?? 'subscriptions');
  const subscribingOthers = namesOthers(actor, input.principals);
  const existing: ChannelRecord[] = [];
  const missing: ChannelRequest[] = [];
  for (const request of requests) {
    const channel = state.store.channelByName(request.name);
    if (channel) existing.push(channel);
    else missing.push(request);
  }
  const settings = missing.length > 0 ? checkSettingsToCreate(state, actor, input) : undefined;
  const unauthorized = existing.filter((channel) => !mayJoin(state, actor, channel, subscribingOthers));
  const fatal = input.authorization_errors_fatal ?? true;
  if (unauthorized.length > 0 && fatal) throw badRequest(`Unable to access channel (${unauthorized[0]?.name ?? ''}).`);
  const authorized = existing.filter((channel) => !unauthorized.includes(channel));
  if (subscribingOthers && authorized.some((channel) => !canAddSubscribers(state, actor, channel))) {
    throw badRequest('Insufficient permission');
  }
  // `principals: []` (or only the caller's ID) subscribes the caller, as the server does.
  const users = subscribingOthers ? resolvePrincipals(state, input.principals ?? []) : [actor];
  return { input, requests, missing, settings, authorized, unauthorized, fatal, users };
}

/**
 * `POST /users/me/subscriptions`: subscribes the caller (or `principals`) to channels, creating
 * the missing ones the caller may create. Everything is checked ({@link planSubscribe}) before
 * anything changes.
 */
export function subscribe(state: MockState, actor: UserRecord, input: SubscribeInput, options: SubscribeOptions = {}): SubscribeResult {
  return applySubscribe(state, actor, planSubscribe(state, actor, input, options));
}

/** Makes the changes of a checked subscribe request: channels created, subscriptions, events, notices. */
export function applySubscribe(state: MockState, actor: UserRecord, plan: SubscribePlan): SubscribeResult {
  const { input, requests, missing, settings, authorized, unauthorized, fatal, users } = plan;
  const access = guestAccess(state, users.map((user) => user.id), authorized.map((channel) => channel.id));
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
      (bucket[resultKey(state, user)] ??= []).push(channel.name);
      if (!added) continue;
      additions.push({ userId: user.id, channelId: channel.id });
      if (!created.includes(channel)) (newlySubscribedNames.get(user.id) ?? newlySubscribedNames.set(user.id, []).get(user.id))?.push(channel.name);
    }
  }
  // The server tells limited guests whom they now see between the subscribers' `add` and the peers' `peer_add`.
  if (additions.length > 0) state.events.record({ kind: 'subscriptions_added', additions, audience: 'subscribed' });
  recordGuestAccessChanges(state, access);
  if (additions.length > 0) state.events.record({ kind: 'subscriptions_added', additions, audience: 'peers' });
  const sendMessages = sendsNewSubscriptionMessages(state, input, Object.keys(result.subscribed).length);
  if (sendMessages) notifySubscribedByOthers(state, actor, newlySubscribedNames);
  // The server sends the announcement before each new channel's first message.
  if (input.announce) announceChannels(state, actor, created);
  for (const channel of created) postChannelCreated(state, actor, state.store.tables.channel.get(channel.id) ?? channel);
  if (!fatal) result.unauthorized = unauthorized.map((channel) => channel.name);
  if (hasLevel(state, LEVEL.newSubscriptionMessagesChoice) && input.send_new_subscription_messages !== false) {
    result.new_subscription_messages_sent = sendMessages;
  }
  return result;
}
