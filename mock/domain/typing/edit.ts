import type { MessageRecord, UserRecord } from '../../store/store';
import { badRequest, INVALID_MESSAGE } from '../errors';
import { canRead } from '../messages/access';
import type { MockState } from '../state';
import { activeSubscriberIds, checkSendsTypingNotifications, MAX_CHANNEL_SIZE_FOR_TYPING, wantingTypingNotifications } from './recipients';

/** Editing permission as the typing endpoint checks it: like a content edit, without the grace period. */
function checkCanEdit(state: MockState, editor: UserRecord, message: MessageRecord): void {
  if (!state.realm.allow_message_editing) throw badRequest('Your organization has turned off message editing');
  if (message.sender_id !== editor.id) throw badRequest("You don't have permission to edit this message");
  const limit = state.realm.message_content_edit_limit_seconds;
  if (limit !== null && state.clock.now() - message.sent_at_ms > limit * 1000) {
    throw badRequest('The time limit for editing this message has passed');
  }
}

function modifiableMessage(state: MockState, editor: UserRecord, messageId: number): MessageRecord {
  const message = state.store.tables.message.get(messageId);
  const channel = message?.channel_id == null ? undefined : state.store.tables.channel.get(message.channel_id);
  if (!message || !canRead(state, editor, message) || channel?.is_archived) throw badRequest(INVALID_MESSAGE);
  return message;
}

/**
 * A direct message's users as the server lists them for edit typing: a one-to-one conversation
 * (the server's personal recipient) is the editor, then the other user (the editor twice for a
 * message to themselves); a group conversation is its members in ID order.
 */
function directRecipientIds(message: MessageRecord, editor: UserRecord): number[] {
  if (message.dm_user_ids.length > 2) return [...message.dm_user_ids];
  return [editor.id, message.dm_user_ids.find((id) => id !== editor.id) ?? editor.id];
}

/** `POST /messages/{message_id}/typing`: tells the message's audience that its sender is editing it. */
export function setEditTypingStatus(state: MockState, editor: UserRecord, messageId: number, op: 'start' | 'stop'): void {
  const message = modifiableMessage(state, editor, messageId);
  checkCanEdit(state, editor, message);
  checkSendsTypingNotifications(state, editor, message.channel_id === null ? 'direct' : 'channel');
  if (message.channel_id !== null) {
    const subscribers = activeSubscriberIds(state, message.channel_id);
    if (subscribers.size > MAX_CHANNEL_SIZE_FOR_TYPING) return;
    state.events.record({
      kind: 'edit_typing_notified',
      op,
      senderId: editor.id,
      messageId,
      recipient: { type: 'channel', channelId: message.channel_id, topic: message.topic },
      deliverTo: wantingTypingNotifications(state, subscribers),
    });
    return;
  }
  // The server lists the users it tells: the conversation's users, active and receiving typing
  // notifications, in its order and with repeats (see `directRecipientIds`).
  const listed = directRecipientIds(message, editor).filter((id) => state.store.tables.user.get(id)?.is_active);
  const wanting = wantingTypingNotifications(state, listed);
  const told = listed.filter((id) => wanting.has(id));
  state.events.record({
    kind: 'edit_typing_notified',
    op,
    senderId: editor.id,
    messageId,
    recipient: { type: 'direct', userIds: told },
    deliverTo: new Set(told),
  });
}
