import type { ChannelRecord, MessageRecord, UserRecord } from '../../store/store';
import { isPublic } from '../channels';
import type { MockState } from '../state';
import { isGuest } from '../users';
import { releaseDeletedMessageUploads } from '../uploads/links';

/**
 * Who is told that messages of one conversation were deleted (the server's
 * `event_recipient_ids_for_action_on_messages`): for direct messages, whoever had a copy; for
 * channel messages, the active subscribers, narrowed to those who had a copy under protected
 * history, widened to non-guests who had a copy in public channels.
 */
function usersToNotify(
  state: MockState,
  channel: ChannelRecord | undefined,
  holders: ReadonlySet<number>,
): Set<number> {
  if (!channel) return new Set(holders);
  const subscribers = [...state.store.subscriberIds(channel.id)].filter(
    (id) => state.store.tables.user.get(id)?.is_active,
  );
  if (!channel.history_public_to_subscribers) return new Set(subscribers.filter((id) => holders.has(id)));
  const notified = new Set(subscribers);
  if (!isPublic(channel)) return notified;
  for (const id of holders) {
    const holder = state.store.tables.user.get(id);
    if (holder && !isGuest(holder)) notified.add(id);
  }
  return notified;
}

/** The oldest message left in a channel, from its topic index. */
function oldestChannelMessageId(state: MockState, channelId: number): number | null {
  let oldest: number | null = null;
  for (const topic of state.store.channelTopicNamesLowerCased(channelId)) {
    for (const id of state.store.topicMessageIds(channelId, topic)) {
      if (oldest === null || id < oldest) oldest = id;
    }
  }
  return oldest;
}

/**
 * Removes messages from the store: the records, every user's copy, their reactions, and their
 * links to uploads (an upload left without messages goes too). Returns who had a copy.
 */
export function eraseMessages(state: MockState, messageIds: readonly number[]): Set<number> {
  const { store } = state;
  const holders = new Set<number>();
  for (const id of messageIds) {
    for (const userId of store.userMessages.removeMessage(id)) holders.add(userId);
    store.tables.message.delete(id);
    store.reactions.removeMessage(id);
  }
  releaseDeletedMessageUploads(state, messageIds);
  return holders;
}

/**
 * Deletes messages of one conversation (one channel topic, or a single direct message): the
 * records, every user's copy, and through the tables' listeners the topic indexes. Moves the
 * channel's `first_message_id` when its oldest message goes, and records the changes for the
 * event queues (the acting user is always told).
 */
export function removeMessages(state: MockState, messages: readonly MessageRecord[], actingUser: UserRecord): void {
  const [sample] = messages;
  if (!sample) return;
  const { store } = state;
  const channel = sample.channel_id === null ? undefined : store.tables.channel.get(sample.channel_id);
  const messageIds = messages.map((message) => message.id).sort((a, b) => a - b);
  const holders = eraseMessages(state, messageIds);
  const userIds = usersToNotify(state, channel, holders).add(actingUser.id);
  if (channel && channel.first_message_id !== null && messageIds.includes(channel.first_message_id)) {
    const firstMessageId = oldestChannelMessageId(state, channel.id);
    store.tables.channel.update(channel.id, { first_message_id: firstMessageId });
    state.events.record({
      kind: 'channel_first_message_changed',
      channelId: channel.id,
      channelName: channel.name,
      firstMessageId,
      userIds,
    });
  }
  state.events.record({
    kind: 'messages_deleted',
    messageIds,
    messageType: channel ? 'stream' : 'private',
    channelId: channel?.id,
    // The server groups deletions by topic case-insensitively and names the group in lower case.
    topic: channel ? sample.topic.toLowerCase() : undefined,
    userIds,
  });
}
