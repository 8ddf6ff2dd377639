import type { MessageRecord } from '../../store/store';
import { isPublic } from '../channels';
import type { MockState } from '../state';
import { isGuest } from '../users';

/**
 * Whether a user gets the events of an action on a message (a reaction, say), as the server
 * decides it: for a direct message, its recipients; in a channel, the active subscribers (who
 * also received the message, when history is protected), plus, in a public channel, anyone else
 * (not a guest) holding a copy of the message, such as a user who reacted without subscribing.
 */
export function receivesMessageActionEvents(state: MockState, userId: number, message: MessageRecord): boolean {
  const user = state.store.tables.user.get(userId);
  if (!user?.is_active) return false;
  const hasCopy = state.store.userMessages.has(userId, message.id);
  if (message.channel_id === null) return hasCopy;
  const channel = state.store.tables.channel.get(message.channel_id);
  if (!channel) return false;
  const subscribed = state.store.isSubscribed(userId, channel.id);
  if (!channel.history_public_to_subscribers) return subscribed && hasCopy;
  if (!isPublic(channel)) return subscribed;
  return subscribed || (hasCopy && !isGuest(user));
}
