import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { readableMessageOrFail } from './access';
import { hasMuted } from '../muted-users';

/**
 * `GET /messages/{id}/read_receipts`: who has read the message, as the server computes it: users
 * with a copy flagged `read`, active, sharing read receipts (bots included), never the sender,
 * nor anyone who muted the requester or whom the requester muted; the requester too when they
 * read it.
 */
export function readReceipts(state: MockState, viewer: UserRecord, messageId: number): { user_ids: number[] } {
  const message = readableMessageOrFail(state, viewer, messageId);
  if (!state.realm.enable_read_receipts) throw badRequest('Read receipts are disabled in this organization.');
  const { userMessages, tables } = state.store;
  const user_ids = userMessages.recipientIds(message.id).filter((userId) => {
    if (userId === message.sender_id || !userMessages.hasFlag(userId, message.id, 'read')) return false;
    if (hasMuted(state, userId, viewer.id) || hasMuted(state, viewer.id, userId)) return false;
    const user = tables.user.get(userId);
    return user !== undefined && user.is_active && user.send_read_receipts;
  });
  return { user_ids };
}
