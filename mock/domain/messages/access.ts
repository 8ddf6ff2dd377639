import type { MessageRecord, UserRecord } from '../../store/store';
import { isPublic } from '../channels';
import { badRequest, INVALID_MESSAGE } from '../errors';
import type { MockState } from '../state';
import { isGuest } from '../users';

/**
 * Whether a user may read a message: direct messages they received; channel messages in
 * public channels (not for guests), or in channels whose history is open to subscribers
 * they belong to, or that they received while still subscribed.
 */
export function canRead(state: MockState, viewer: UserRecord, message: MessageRecord): boolean {
  const received = state.store.userMessages.has(viewer.id, message.id);
  if (message.channel_id === null) return received;
  const channel = state.store.tables.channel.get(message.channel_id);
  if (!channel) return false;
  if (isPublic(channel) && !isGuest(viewer)) return true;
  const subscribed = state.store.isSubscribed(viewer.id, channel.id);
  return subscribed && (channel.history_public_to_subscribers || received);
}

/** The message if the viewer may read it, else the server's "Invalid message(s)". */
export function readableMessageOrFail(state: MockState, viewer: UserRecord, messageId: number): MessageRecord {
  const message = state.store.tables.message.get(messageId);
  if (!message || !canRead(state, viewer, message)) throw badRequest(INVALID_MESSAGE);
  return message;
}
