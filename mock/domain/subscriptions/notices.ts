import type { ChannelRecord, UserRecord } from '../../store/store';
import { channelLinkSyntax } from '../markdown/link-syntax';
import type { NewMessage } from '../messages/store-message';
import { postNotice, silentMention } from '../notification-bot';
import { LEVEL, hasLevel } from '../feature-levels';
import type { MockState } from '../state';

/** The topic of the Notification Bot's first message in a new channel. */
const CHANNEL_EVENTS_TOPIC = 'channel events';
/** The topic of new-channel announcements. */
const NEW_CHANNELS_TOPIC = 'new channels';

/** The channel's permission policy as the server names it in the creation message. */
function policyName(channel: ChannelRecord): string {
  if (channel.is_web_public) return 'Web-public';
  if (!channel.invite_only) return 'Public';
  return channel.history_public_to_subscribers ? 'Private, shared history' : 'Private, protected history';
}

/** Posts a Notification Bot message that `readBy` get read. */
function post(state: MockState, destination: NewMessage['destination'], content: string, readBy: ReadonlySet<number>) {
  const recipients =
    destination.type === 'stream' ? state.store.subscriberIds(destination.channel.id) : new Set(destination.userIds);
  postNotice(state, destination, content, { unreadFor: new Set([...recipients].filter((userId) => !readBy.has(userId))) });
}

/**
 * Whether the realm posts channel event notices: from level 434 only when its
 * `send_channel_events_messages` is on (as the development realm has it), always before.
 */
function sendsChannelEventsMessages(state: MockState): boolean {
  return !hasLevel(state, LEVEL.channelEventsMessagesSetting) || state.realm.send_channel_events_messages;
}

/** The first message of a new channel, in its "channel events" topic (read for its creator). */
export function postChannelCreated(state: MockState, creator: UserRecord, channel: ChannelRecord): void {
  if (!sendsChannelEventsMessages(state)) return;
  const description = channel.description === '' ? '*No description.*' : channel.description;
  const content = `**${policyName(channel)}** channel created by ${silentMention(creator)}. **Description:**\n\`\`\`\` quote\n${description}\n\`\`\`\``;
  post(state, { type: 'stream', channel, topic: channelEventsTopic(channel) }, content, new Set([creator.id]));
}

/**
 * The topic of a channel's event notices (the server's `channel_events_topic_name`): "channel
 * events", or the empty topic in a channel that allows only that one.
 */
function channelEventsTopic(channel: Pick<ChannelRecord, 'topics_policy'>): string {
  return channel.topics_policy === 'empty_topic_only' ? '' : CHANNEL_EVENTS_TOPIC;
}

/** A Notification Bot message in a channel's event notices topic (renames, settings and privacy changes, archiving). */
export function postChannelNotice(state: MockState, channel: ChannelRecord, content: string, readByAll = false): void {
  if (!sendsChannelEventsMessages(state)) return;
  const readBy = readByAll ? state.store.subscriberIds(channel.id) : new Set<number>();
  post(state, { type: 'stream', channel, topic: channelEventsTopic(channel) }, content, readBy);
}

/** The announcement of new channels in the organization's announcements channel, if it has one. */
export function announceChannels(state: MockState, creator: UserRecord, channels: readonly ChannelRecord[]): void {
  const channelId = state.realm.new_stream_announcements_stream_id;
  const target = channelId === null ? undefined : state.store.tables.channel.get(channelId);
  if (!target || target.is_archived || channels.length === 0) return;
  const links = channels.map((channel) => channelLinkSyntax(channel.id, channel.name));
  const content =
    links.length > 1
      ? `${silentMention(creator)} created the following channels: ${links.join(', ')}.`
      : `${silentMention(creator)} created a new channel ${links[0] ?? ''}.`;
  post(state, { type: 'stream', channel: target, topic: target.topics_policy === 'empty_topic_only' ? '' : NEW_CHANNELS_TOPIC }, content, new Set([creator.id]));
}

/**
 * The text telling a user that `actor` subscribed them to channels (sorted): from level 396 with
 * a silent mention and "subscribed you to #**channel**.", before with a mention and "the channel".
 */
function subscribedYouMessage(state: MockState, actor: UserRecord, names: readonly string[]): string {
  const sorted = [...names].sort();
  const silent = hasLevel(state, LEVEL.silentSubscribedNotice);
  const mention = silent ? silentMention(actor) : `@**${actor.full_name}|${actor.id}**`;
  if (sorted.length === 1) {
    return silent ? `${mention} subscribed you to #**${sorted[0] ?? ''}**.` : `${mention} subscribed you to the channel #**${sorted[0] ?? ''}**.`;
  }
  return `${mention} subscribed you to the following channels:\n\n${sorted.map((name) => `* #**${name}**\n`).join('')}`;
}

/** Direct messages telling users that someone else subscribed them to channels (not bots, not the actor). */
export function notifySubscribedByOthers(state: MockState, actor: UserRecord, namesByUser: ReadonlyMap<number, readonly string[]>): void {
  for (const [userId, names] of namesByUser) {
    const user = state.store.tables.user.get(userId);
    if (userId === actor.id || names.length === 0 || user === undefined || user.is_bot) continue;
    post(state, { type: 'private', userIds: [userId] }, subscribedYouMessage(state, actor, names), new Set());
  }
}
