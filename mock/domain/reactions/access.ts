import type { MessageRecord, UserRecord } from '../../store/store';
import { badRequest, INVALID_MESSAGE } from '../errors';
import { canRead } from '../messages/access';
import type { MockState } from '../state';

/**
 * The message if the user may react to it: they may read it and it is not in an archived
 * channel (the server refuses to modify those); else "Invalid message(s)".
 */
export function reactableMessageOrFail(state: MockState, user: UserRecord, messageId: number): MessageRecord {
  const message = state.store.tables.message.get(messageId);
  if (!message || !canRead(state, user, message)) throw badRequest(INVALID_MESSAGE);
  const channel = message.channel_id === null ? undefined : state.store.tables.channel.get(message.channel_id);
  if (channel?.is_archived) throw badRequest(INVALID_MESSAGE);
  return message;
}
