import type { MessageFlag } from '../../store/user-messages';
import type { ChannelRecord, MessageRecord, UserRecord } from '../../store/store';
import { alertedUserIds } from '../alert-words/flags';
import { isMeMessage, type RenderedMessage } from '../markdown/render';
import type { MockState } from '../state';
import { type MentionFlagContext, mentionFlagContext, mentionFlags } from './mention-flags';
import { linkMessageUploads } from '../uploads/links';
import { mutersOf } from '../muted-users';
import type { SubmessageRecord } from '../../store/models';
import { widgetContent } from './widgets';
import type { AttachedWidget } from './widget-content';
import { pythonJsonDumps } from '../python-json';
import { reactivateChannelOnSend } from '../subscriptions/channel-activity';

/** A message ready to store: addressed, checked and normalised. */
export interface NewMessage {
  readonly sender: UserRecord;
  readonly client: string;
  readonly content: string;
  readonly readBySender: boolean;
  /** The content rendered, with its mentions (a direct message's `topicWildcard` is ignored). */
  readonly rendered: RenderedMessage;
  readonly destination:
    | { readonly type: 'stream'; readonly channel: ChannelRecord; readonly topic: string }
    | { readonly type: 'private'; readonly userIds: readonly number[] };
  /** The sending client's queue and local ID, echoed as `local_message_id` to that queue. */
  readonly localEcho?: { readonly queueId: string; readonly localId: string } | undefined;
  /** When given, only these users' copies start unread (the server's `limit_unread_user_ids`). */
  readonly limitUnreadTo?: ReadonlySet<number> | undefined;
  /** A user whose copy starts read whatever else says (the acting user of a Notification Bot notice). */
  readonly readFor?: number | undefined;
  /** Users whose copies start read whatever else says (the readers of a seeded message). */
  readonly readBy?: ReadonlySet<number> | undefined;
  /** When it was sent, in clock milliseconds; default: the clock's now (a seeded message's own time). */
  readonly sentAtMs?: number | undefined;
  /** A widget the sender attached (`widget_content`): it replaces any the content starts. */
  readonly widget?: AttachedWidget | undefined;
}

/**
 * The widget a message starts (`/poll`, `/todo`, or one attached with `widget_content`), as its
 * first submessage; the server adds it for every sender.
 */
function widgetSubmessages(state: MockState, message: NewMessage): SubmessageRecord[] {
  const { widget } = message;
  const content = widget ? pythonJsonDumps({ widget_type: widget.widget_type, extra_data: widget.extra_data }) : widgetContent(message.content);
  if (content === undefined) return [];
  return [{ id: state.store.ids.next('submessage'), sender_id: message.sender.id, msg_type: 'widget', content }];
}

/** The recipient of a direct message, from its participants (sender included, ascending). */
function directMessageRecipient(state: MockState, sender: UserRecord, participants: readonly number[]): number {
  if (participants.length === 1) return sender.recipient_id;
  if (participants.length === 2) {
    const other = participants.find((id) => id !== sender.id) ?? sender.id;
    return state.store.tables.user.get(other)?.recipient_id ?? sender.recipient_id;
  }
  const key = participants.join(',');
  const existing = state.store.tables.directMessageGroup.get(key);
  if (existing) return existing.recipient_id;
  const recipientId = state.store.ids.next('recipient');
  state.store.tables.directMessageGroup.insert({ key, recipient_id: recipientId, user_ids: [...participants] });
  return recipientId;
}

const NO_FLAGS: readonly MessageFlag[] = Object.freeze([]);
const READ: readonly MessageFlag[] = Object.freeze(['read'] as const);

function hasMentions({ mentions }: MentionFlagContext): boolean {
  return mentions.channelWildcard || mentions.topicWildcard || mentions.userIds.size > 0 || mentions.groupIds.size > 0;
}

function flagsFor(
  message: NewMessage,
  context: MentionFlagContext,
  alerted: ReadonlySet<number>,
  userId: number,
): readonly MessageFlag[] {
  const isSender = userId === message.sender.id;
  const read =
    userId === message.readFor ||
    message.readBy?.has(userId) === true ||
    (message.limitUnreadTo ? !message.limitUnreadTo.has(userId) : isSender && message.readBySender);
  // Most copies carry no flag at all: a channel of 50 subscribers stores 50 copies a message.
  if (alerted.size === 0 && !hasMentions(context)) return read ? READ : NO_FLAGS;
  return [
    ...(read ? READ : NO_FLAGS),
    ...mentionFlags(context, userId),
    ...(alerted.has(userId) ? (['has_alert_word'] as const) : []),
  ];
}

/** `bot_type` of generic bots, the only bots a mention brings into a channel conversation. */
const GENERIC_BOT = 1;

function isActiveUser(state: MockState, userId: number): boolean {
  return state.store.tables.user.get(userId)?.is_active === true;
}

/**
 * A channel message reaches the subscribers whose accounts are active (a deactivated subscriber
 * keeps the subscription but gets no copy, so reactivation shows nothing sent meanwhile) and the
 * generic bots it mentions by name.
 */
function channelRecipients(
  state: MockState,
  channelId: number,
  mentions: RenderedMessage['mentions'],
): ReadonlySet<number> {
  const subscribers = state.store.subscriberIds(channelId);
  // The common case, and every message of a large seed: nobody to leave out, nobody to add.
  if (mentions.userIds.size === 0 && !state.store.hasDeactivatedUsers()) return subscribers;
  const recipients = new Set<number>();
  for (const userId of subscribers) {
    if (isActiveUser(state, userId)) recipients.add(userId);
  }
  for (const userId of mentions.userIds) {
    const user = state.store.tables.user.get(userId);
    if (user?.is_active && user.bot_type === GENERIC_BOT) recipients.add(userId);
  }
  return recipients;
}

/**
 * Stores a message and gives each recipient whose account is active their copy with flags:
 * the subscribers of a channel (and generic bots mentioned by name), or the participants of a
 * direct message (the sender included). Records the `message` change for the event queues.
 */
export function storeMessage(state: MockState, message: NewMessage): MessageRecord {
  const record = storeMessageQuietly(state, message);
  announceMessage(state, record, message.localEcho);
  return record;
}

/**
 * Records the `message` change of a stored message for the event queues. Sending announces it
 * last, after the changes sending causes (the sender's and the mentioned users' topic policies):
 * the server sends its message event after those.
 */
export function announceMessage(state: MockState, record: MessageRecord, localEcho: NewMessage['localEcho']): void {
  if (record.channel_id !== null) reactivateChannelOnSend(state, state.store.tables.channel.get(record.channel_id));
  state.events.record({ kind: 'message_sent', messageId: record.id, localEcho });
}

/** {@link storeMessage} without the `message` change: the caller announces it with {@link announceMessage}. */
export function storeMessageQuietly(state: MockState, message: NewMessage): MessageRecord {
  const { store } = state;
  const id = store.ids.next('message');
  const sentAtMs = message.sentAtMs ?? state.clock.now();
  const destination = message.destination;
  const dmUserIds =
    destination.type === 'private'
      ? [...new Set([...destination.userIds, message.sender.id])].sort((a, b) => a - b)
      : [];
  const context = mentionFlagContext(
    state,
    message.sender.id,
    message.rendered.mentions,
    destination.type === 'stream' ? { channelId: destination.channel.id, topic: destination.topic } : undefined,
  );
  const record = store.tables.message.insert({
    id,
    sender_id: message.sender.id,
    type: destination.type,
    channel_id: destination.type === 'stream' ? destination.channel.id : null,
    recipient_id:
      destination.type === 'stream'
        ? destination.channel.recipient_id
        : directMessageRecipient(state, message.sender, dmUserIds),
    dm_user_ids: dmUserIds,
    topic: destination.type === 'stream' ? destination.topic : '',
    content: message.content,
    rendered_content: message.rendered.html,
    timestamp: Math.floor(sentAtMs / 1000),
    sent_at_ms: sentAtMs,
    client: message.client,
    is_me_message: isMeMessage(message.content),
    has_attachment: false,
    last_edit_timestamp: null,
    last_moved_timestamp: null,
    submessages: widgetSubmessages(state, message),
  });
  const recipients =
    destination.type === 'stream'
      ? channelRecipients(state, destination.channel.id, message.rendered.mentions)
      : dmUserIds.filter((userId) => isActiveUser(state, userId));
  const alerted = alertedUserIds(state, message.content, recipients);
  const muters = mutersOf(state, message.sender.id);
  for (const userId of recipients) {
    const flags = flagsFor(message, context, alerted, userId);
    // A muted sender's messages arrive read.
    const muted = muters.has(userId) && !flags.includes('read');
    store.userMessages.add(userId, id, muted ? ['read', ...flags] : flags);
  }
  if (destination.type === 'stream' && destination.channel.first_message_id === null) {
    store.tables.channel.update(destination.channel.id, { first_message_id: id });
  }
  // The server claims uploads before the message event goes out.
  linkMessageUploads(state, message.sender, record);
  return store.tables.message.get(id) ?? record;
}
