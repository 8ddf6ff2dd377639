import type { MessageRecord, UserRecord } from '../../store/store';
import { isPublic } from '../channels';
import { badRequest, INVALID_MESSAGE } from '../errors';
import type { MockState } from '../state';
import { isGuest } from '../users';
import { hasGroupContentAccess } from '../channel-access';

/**
 * Whether a user may read a message (the server's `has_message_access`): direct messages they
 * received; channel messages in public channels (not for guests); otherwise content access to the
 * channel (a subscription, or its groups), and for protected history only the messages they
 * received.
 */
export function canRead(state: MockState, viewer: UserRecord, message: MessageRecord): boolean {
  const received = state.store.userMessages.has(viewer.id, message.id);
  if (message.channel_id === null) return received;
  const channel = state.store.tables.channel.get(message.channel_id);
  if (!channel) return false;
  if (isPublic(channel) && !isGuest(viewer)) return true;
  const contentAccess = state.store.isSubscribed(viewer.id, channel.id) || hasGroupContentAccess(state, viewer, channel);
  return contentAccess && (channel.history_public_to_subscribers || received);
}

/** The message if the viewer may read it, else the server's "Invalid message(s)". */
export function readableMessageOrFail(state: MockState, viewer: UserRecord, messageId: number): MessageRecord {
  const message = state.store.tables.message.get(messageId);
  if (!message || !canRead(state, viewer, message)) throw badRequest(INVALID_MESSAGE);
  return message;
}
