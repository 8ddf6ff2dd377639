import type { ChannelRecord, MessageRecord, UserRecord } from '../../../store/store';
import { isPublic } from '../../channels';
import type { MockState } from '../../state';
import { isGuest } from '../../users';
import { canRead } from '../access';
import type { EditRequest } from './request';

/**
 * The messages an edit moves, ascending: the one, or with the later / all others of its topic. A
 * move to another channel takes only those the editor can read (no one gains access by moving);
 * a move within the channel takes the whole topic, history the editor cannot see included, to
 * keep the topic together, as the server does.
 */
export function messagesToMove(state: MockState, editor: UserRecord, request: EditRequest): MessageRecord[] {
  const { message, propagateMode } = request;
  if (propagateMode === 'change_one' || message.channel_id === null) return [message];
  const ids = [...state.store.topicMessageIds(message.channel_id, request.origTopic)].sort((a, b) => a - b);
  return ids
    .filter((id) => id === message.id || propagateMode === 'change_all' || id > message.id)
    .map((id) => state.store.tables.message.get(id))
    .filter(
      (candidate): candidate is MessageRecord =>
        candidate !== undefined && (candidate.id === message.id || !request.channelEdited || canRead(state, editor, candidate)),
    );
}

/** Who keeps, loses or gains copies when messages move to another channel. */
export interface CopyChanges {
  /** Users told the messages are gone (`delete_message`): they can no longer read them. */
  readonly usersLosingAccess: ReadonlySet<number>;
}

/**
 * Moves the copies with the messages, as the server does: users of the old channel (every
 * subscription record, so former subscribers too, whether or not they hold a copy) who are not
 * subscribed to the new one lose their copies; a new channel with protected history gives every
 * subscriber a copy (read). Users who can no longer read the messages are returned.
 */
export function moveCopies(state: MockState, from: ChannelRecord, to: ChannelRecord, messageIds: readonly number[]): CopyChanges {
  const { store } = state;
  const oldUsers = store.subscriptionUserIds(from.id);
  const losingCopies = new Set([...oldUsers].filter((userId) => !store.isSubscribed(userId, to.id)));
  const usersLosingAccess = isPublic(to)
    ? new Set([...losingCopies].filter((userId) => {
        const user = store.tables.user.get(userId);
        return user !== undefined && isGuest(user);
      }))
    : losingCopies;
  for (const id of messageIds) {
    for (const userId of losingCopies) store.userMessages.remove(userId, id);
  }
  if (!to.history_public_to_subscribers) {
    for (const userId of store.subscriberIds(to.id)) {
      for (const id of messageIds) if (!store.userMessages.has(userId, id)) store.userMessages.add(userId, id, ['read']);
    }
  }
  return { usersLosingAccess };
}
