import type { ChannelRecord, MessageRecord, UserRecord } from '../../store/store';
import { unixSeconds } from '../clock';
import { isMeMessage, renderMarkdown } from '../markdown';
import type { MockState } from '../state';
import type { Mentions } from './mentions';

/** A message ready to store: addressed, checked and normalised. */
export interface NewMessage {
  readonly sender: UserRecord;
  readonly client: string;
  readonly content: string;
  readonly readBySender: boolean;
  readonly mentions: Mentions;
  readonly destination:
    | { readonly type: 'stream'; readonly channel: ChannelRecord; readonly topic: string }
    | { readonly type: 'private'; readonly userIds: readonly number[] };
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

function flagsFor(message: NewMessage, userId: number, isParticipant: boolean): string[] {
  const flags: string[] = [];
  if (userId === message.sender.id && message.readBySender) flags.push('read');
  if (message.mentions.userIds.has(userId)) flags.push('mentioned');
  if (message.mentions.channelWildcard) flags.push('stream_wildcard_mentioned');
  if (message.mentions.topicWildcard && isParticipant) flags.push('topic_wildcard_mentioned');
  return flags;
}

/**
 * Stores a message and gives each recipient their copy with flags: the active subscribers
 * of a channel, or every participant of a direct message (the sender included).
 */
export function storeMessage(state: MockState, message: NewMessage): MessageRecord {
  const { store } = state;
  const id = store.ids.next('message');
  const destination = message.destination;
  const dmUserIds =
    destination.type === 'private'
      ? [...new Set([...destination.userIds, message.sender.id])].sort((a, b) => a - b)
      : [];
  const participants =
    destination.type === 'stream'
      ? store.topicParticipants(destination.channel.id, destination.topic)
      : new Set<number>();
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
    rendered_content: renderMarkdown(message.content),
    timestamp: unixSeconds(state.clock),
    client: message.client,
    is_me_message: isMeMessage(message.content),
  });
  const recipients = destination.type === 'stream' ? store.subscriberIds(destination.channel.id) : dmUserIds;
  for (const userId of recipients) {
    const isParticipant = userId === message.sender.id || participants.has(userId);
    store.tables.userMessage.insert({
      key: `${userId}:${id}`,
      user_id: userId,
      message_id: id,
      flags: flagsFor(message, userId, isParticipant),
    });
  }
  if (destination.type === 'stream' && destination.channel.first_message_id === null) {
    store.tables.channel.update(destination.channel.id, { first_message_id: id });
  }
  return record;
}
