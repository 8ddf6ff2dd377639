import type { ChannelRecord, MessageRecord, UserRecord } from '../../../store/store';
import { channelTopicLinkSyntax } from '../../markdown/link-syntax';
import { channelMessageUrl } from '../../markdown/narrow-url';
import { hasLevel, LEVEL } from '../../feature-levels';
import { type NoticeReaders, notificationBot, postNotice, silentMention } from '../../notification-bot';
import type { MockState } from '../../state';
import { topicFollowers } from '../../user-topics';
import { userSettingsOf } from '../../user-settings/operations';
import { removeMessages } from '../remove';

/** A link to a message in its channel topic, as the web app writes it. */
function messageLink(state: MockState, channel: ChannelRecord, topic: string, messageId: number): string {
  return channelMessageUrl(state.realm.url, channel, topic, messageId);
}

/** Posts a Notification Bot message to a channel topic, read for the user whose action it reports. */
function postTopicNotice(state: MockState, channel: ChannelRecord, topic: string, content: string, readers: NoticeReaders): number {
  return postNotice(state, { type: 'stream', channel, topic }, content, readers);
}

/** How long after a resolve notice the opposite toggle deletes it instead of posting another. */
const RESOLVE_UNDO_GRACE_SECONDS = 60;

const RESOLVE_NOTICE = /^@_\*\*[^*]+\|\d+\*\* has marked this topic as (?:un)?resolved\.$/;

/** Whether a message is one of the Notification Bot's resolve notices. */
function isResolveNotice(state: MockState, message: MessageRecord): boolean {
  return message.sender_id === notificationBot(state).id && RESOLVE_NOTICE.test(message.content);
}

/**
 * The server's undo of a resolve toggle: when the topic's last message is a resolve notice at most
 * {@link RESOLVE_UNDO_GRACE_SECONDS} old, toggling back deletes it (with its `delete_message`
 * event) and posts nothing. Answers whether it did.
 */
export function undoRecentResolveNotice(state: MockState, editor: UserRecord, channel: ChannelRecord, topic: string): boolean {
  const ids = [...state.store.topicMessageIds(channel.id, topic)];
  const last = ids.length === 0 ? undefined : state.store.tables.message.get(Math.max(...ids));
  if (!last || !isResolveNotice(state, last)) return false;
  if (state.clock.now() - last.sent_at_ms > RESOLVE_UNDO_GRACE_SECONDS * 1000) return false;
  removeMessages(state, [last], editor);
  return true;
}

/** What decides who gets a resolve notice unread. */
export interface ResolveContext {
  /** The messages the toggle moved. */
  readonly moved: readonly MessageRecord[];
  /** Who followed the topic before a move of all of it (its followers now otherwise). */
  readonly origTopicFollowers: ReadonlySet<number> | undefined;
}

/**
 * Who gets a resolve notice unread. From level 385 by each of the channel's active human
 * subscribers' `resolved_topic_notice_auto_read_policy`: everyone who chose `never`, and the
 * topic's followers who kept `except_followed`; before, the senders of the moved messages and those who reacted to them.
 */
function resolveNoticeUnreadUsers(state: MockState, channel: ChannelRecord, topic: string, context: ResolveContext): Set<number> {
  if (hasLevel(state, LEVEL.resolvedTopicNoticeAutoRead)) {
    const followers = context.origTopicFollowers ?? topicFollowers(state, channel.id, topic);
    const unread = new Set<number>();
    for (const userId of state.store.subscriberIds(channel.id)) {
      const user = state.store.tables.user.get(userId);
      if (!user?.is_active || user.is_bot) continue;
      const policy = userSettingsOf(state, user).resolved_topic_notice_auto_read_policy;
      if (policy === 'never' || (policy === 'except_followed' && followers.has(userId))) unread.add(userId);
    }
    return unread;
  }
  const participants = new Set<number>();
  for (const message of context.moved) {
    participants.add(message.sender_id);
    for (const reaction of state.store.reactions.of(message.id)) participants.add(reaction.user_id);
  }
  return participants;
}

/** The "marked this topic as (un)resolved" notice in the topic as now named, read for the editor. */
export function postResolveNotice(
  state: MockState,
  editor: UserRecord,
  channel: ChannelRecord,
  topic: string,
  resolved: boolean,
  context: ResolveContext,
): number {
  const content = `${silentMention(editor)} has marked this topic as ${resolved ? 'resolved' : 'unresolved'}.`;
  return postTopicNotice(state, channel, topic, content, { unreadFor: resolveNoticeUnreadUsers(state, channel, topic, context), actingUserId: editor.id });
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

/**
 * The Notification Bot's messages in the new topic (first) and the old one, with the server's
 * texts; both start read for the editor.
 */
export function postMoveBreadcrumbs(state: MockState, move: MoveBreadcrumbs): void {
  const user = silentMention(move.editor);
  const count = move.movedCount;
  if (move.notifyNewThread) {
    const oldLocation = channelTopicLinkSyntax(move.from.channel.id, move.from.channel.name, move.from.topic);
    const link = messageLink(state, move.to.channel, move.to.topic, move.messageId);
    const content =
      !move.targetHadVisibleMessages && move.movedAllVisible
        ? `This topic was moved here from ${oldLocation} by ${user}.`
        : count === 1
          ? `[A message](${link}) was moved here from ${oldLocation} by ${user}.`
          : `${count} messages were moved here from ${oldLocation} by ${user}.`;
    postTopicNotice(state, move.to.channel, move.to.topic, content, { actingUserId: move.editor.id });
  }
  if (move.notifyOldThread) {
    const newLocation = channelTopicLinkSyntax(move.to.channel.id, move.to.channel.name, move.to.topic);
    const content = move.movedAllVisible
      ? `This topic was moved to ${newLocation} by ${user}.`
      : count === 1
        ? `A message was moved from this topic to ${newLocation} by ${user}.`
        : `${count} messages were moved from this topic to ${newLocation} by ${user}.`;
    postTopicNotice(state, move.from.channel, move.from.topic, content, { actingUserId: move.editor.id });
  }
}
