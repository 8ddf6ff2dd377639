import type { ChannelRecord, UserRecord } from '../../store/store';
import { channelLinkSyntax } from '../markdown/link-syntax';
import type { NewMessage } from '../messages/store-message';
import { postNotice, silentMention } from '../notification-bot';
import type { MockState } from '../state';

/** The topic of the Notification Bot's first message in a new channel. */
export const CHANNEL_EVENTS_TOPIC = 'channel events';
/** The topic of new-channel announcements. */
export const NEW_CHANNELS_TOPIC = 'new channels';

/** The most users subscribed by someone else who get a Notification Bot message (the server's limit). */
const MAX_NEW_SUBSCRIPTION_MESSAGES = 100;

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

/** The first message of a new channel, in its "channel events" topic (read for its creator). */
export function postChannelCreated(state: MockState, creator: UserRecord, channel: ChannelRecord): void {
  const description = channel.description === '' ? '*No description.*' : channel.description;
  const content = `**${policyName(channel)}** channel created by ${silentMention(creator)}. **Description:**\n\`\`\`\` quote\n${description}\n\`\`\`\``;
  post(state, { type: 'stream', channel, topic: CHANNEL_EVENTS_TOPIC }, content, new Set([creator.id]));
}

/** A Notification Bot message in a channel's "channel events" topic (renames, privacy changes, archiving). */
export function postChannelNotice(state: MockState, channel: ChannelRecord, content: string, readByAll = false): void {
  const readBy = readByAll ? state.store.subscriberIds(channel.id) : new Set<number>();
  post(state, { type: 'stream', channel, topic: CHANNEL_EVENTS_TOPIC }, content, readBy);
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
  post(state, { type: 'stream', channel: target, topic: NEW_CHANNELS_TOPIC }, content, new Set([creator.id]));
}

/** Direct messages telling users that someone else subscribed them to channels (not bots, at most 100 users). */
export function notifySubscribedByOthers(state: MockState, actor: UserRecord, namesByUser: ReadonlyMap<number, readonly string[]>): void {
  const recipients = [...namesByUser].filter(([userId, names]) => {
    const user = state.store.tables.user.get(userId);
    return userId !== actor.id && names.length > 0 && user !== undefined && !user.is_bot;
  });
  if (recipients.length > MAX_NEW_SUBSCRIPTION_MESSAGES) return;
  for (const [userId, names] of recipients) {
    const sorted = [...names].sort();
    const mention = `@**${actor.full_name}|${actor.id}**`;
    const content =
      sorted.length === 1
        ? `${mention} subscribed you to the channel #**${sorted[0] ?? ''}**.`
        : `${mention} subscribed you to the following channels:\n\n${sorted.map((name) => `* #**${name}**\n`).join('')}`;
    post(state, { type: 'private', userIds: [userId] }, content, new Set());
  }
}
