import type { ChannelRecord, MessageRecord, UserRecord } from '../../store/store';
import { badRequest, INVALID_MESSAGE } from '../errors';
import { isInGroupSetting } from '../group-setting';
import type { MockState } from '../state';
import { canRead } from './access';
import { removeMessages } from './remove';
import { hasRealmPermission } from '../realm-permission';

const NO_PERMISSION = "You don't have permission to delete this message";

/** The message if the user may act on it: readable, and not in an archived channel. */
function modifiableMessageOrFail(state: MockState, user: UserRecord, messageId: number): MessageRecord {
  const message = state.store.tables.message.get(messageId);
  const channel = message?.channel_id == null ? undefined : state.store.tables.channel.get(message.channel_id);
  if (!message || channel?.is_archived || !canRead(state, user, message)) throw badRequest(INVALID_MESSAGE);
  return message;
}

function sentByUserOrTheirBot(state: MockState, user: UserRecord, message: MessageRecord): boolean {
  if (message.sender_id === user.id) return true;
  return state.store.tables.user.get(message.sender_id)?.bot_owner_id === user.id;
}

/**
 * Throws unless the user may delete the message: members of the realm's (or the channel's)
 * `can_delete_any_message_group` may delete anything; others only their own messages or their
 * bots', when they are in the realm's (or, for channel messages, the channel's)
 * `can_delete_own_message_group`, within `message_content_delete_limit_seconds` of sending.
 */
function checkCanDeleteMessage(state: MockState, user: UserRecord, message: MessageRecord): void {
  const { realm } = state;
  if (hasRealmPermission(state, user, 'can_delete_any_message_group')) return;
  const channel: ChannelRecord | undefined =
    message.channel_id === null ? undefined : state.store.tables.channel.get(message.channel_id);
  if (channel && isInGroupSetting(state, user, channel.can_delete_any_message_group)) return;
  if (!sentByUserOrTheirBot(state, user, message)) throw badRequest(NO_PERMISSION);
  const mayDeleteOwn =
    hasRealmPermission(state, user, 'can_delete_own_message_group') ||
    (channel !== undefined && isInGroupSetting(state, user, channel.can_delete_own_message_group));
  if (!mayDeleteOwn) throw badRequest(NO_PERMISSION);
  const limit = realm.message_content_delete_limit_seconds;
  if (limit !== null && state.clock.now() - message.sent_at_ms > limit * 1000) {
    throw badRequest('The time limit for deleting this message has passed');
  }
}

/** `DELETE /messages/{message_id}`: deletes one message the user may delete. */
export function deleteMessage(state: MockState, user: UserRecord, messageId: number): void {
  const message = modifiableMessageOrFail(state, user, messageId);
  checkCanDeleteMessage(state, user, message);
  removeMessages(state, [message], user);
}
