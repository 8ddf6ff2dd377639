import type { ChannelRecord, UserRecord } from '../../../store/store';
import { postNotice, silentMention } from '../../notification-bot';
import type { MockState } from '../../state';

/** The server's link syntax for a channel topic. */
function topicLink(channel: ChannelRecord, topic: string): string {
  return `#**${channel.name}>${topic}**`;
}

/** The server's URL fragment encoding: percent-encoding with `.` for `%` (and `%2E` for `.`). */
function encodeHashComponent(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/\./g, '%2E')
    .replace(/%/g, '.');
}

/** A link to a message in its channel topic, as the web app writes it. */
function messageLink(state: MockState, channel: ChannelRecord, topic: string, messageId: number): string {
  const channelSlug = `${channel.id}-${encodeHashComponent(channel.name.replace(/ /g, '-'))}`;
  return `${state.realm.url}/#narrow/channel/${channelSlug}/topic/${encodeHashComponent(topic)}/near/${messageId}`;
}

/** Posts a Notification Bot message to a channel topic. */
function postTopicNotice(state: MockState, channel: ChannelRecord, topic: string, content: string, limitUnreadTo?: ReadonlySet<number>): number {
  return postNotice(state, { type: 'stream', channel, topic }, content, limitUnreadTo);
}

/** The "marked this topic as (un)resolved" notice, unread only for those whose messages were moved. */
export function postResolveNotice(
  state: MockState,
  editor: UserRecord,
  channel: ChannelRecord,
  topic: string,
  resolved: boolean,
  senderIds: ReadonlySet<number>,
): number {
  const content = `${silentMention(editor)} has marked this topic as ${resolved ? 'resolved' : 'unresolved'}.`;
  return postTopicNotice(state, channel, topic, content, senderIds);
}

/** What the breadcrumbs of a move say. */
export interface MoveBreadcrumbs {
  readonly editor: UserRecord;
  readonly from: { readonly channel: ChannelRecord; readonly topic: string };
  readonly to: { readonly channel: ChannelRecord; readonly topic: string };
  /** The edited message, linked to when it moved alone. */
  readonly messageId: number;
  readonly movedCount: number;
  /** Whether the editor moved every message of the old topic they could see. */
  readonly movedAllVisible: boolean;
  /** Whether the editor could see messages in the new topic before the move. */
  readonly targetHadVisibleMessages: boolean;
  readonly notifyOldThread: boolean;
  readonly notifyNewThread: boolean;
}

/** The Notification Bot's messages in the new topic (first) and the old one, with the server's texts. */
export function postMoveBreadcrumbs(state: MockState, move: MoveBreadcrumbs): void {
  const user = silentMention(move.editor);
  const count = move.movedCount;
  if (move.notifyNewThread) {
    const oldLocation = topicLink(move.from.channel, move.from.topic);
    const link = messageLink(state, move.to.channel, move.to.topic, move.messageId);
    const content =
      !move.targetHadVisibleMessages && move.movedAllVisible
        ? `This topic was moved here from ${oldLocation} by ${user}.`
        : count === 1
          ? `[A message](${link}) was moved here from ${oldLocation} by ${user}.`
          : `${count} messages were moved here from ${oldLocation} by ${user}.`;
    postTopicNotice(state, move.to.channel, move.to.topic, content);
  }
  if (move.notifyOldThread) {
    const newLocation = topicLink(move.to.channel, move.to.topic);
    const content = move.movedAllVisible
      ? `This topic was moved to ${newLocation} by ${user}.`
      : count === 1
        ? `A message was moved from this topic to ${newLocation} by ${user}.`
        : `${count} messages were moved from this topic to ${newLocation} by ${user}.`;
    postTopicNotice(state, move.from.channel, move.from.topic, content);
  }
}
