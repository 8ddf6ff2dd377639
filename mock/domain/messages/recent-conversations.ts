import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';

/** How many of a user's newest direct messages the server reads for the list. */
const RECENT_CONVERSATIONS_LIMIT = 1000;

/**
 * The register state `recent_private_conversations`: the conversations among the user's 1,000
 * newest direct messages, newest first, each with the other participants (ascending; none for
 * messages to oneself) and its newest message's ID, as the server's `get_recent_private_conversations`.
 */
export function recentPrivateConversations(state: MockState, user: UserRecord): { user_ids: number[]; max_message_id: number }[] {
  const newest = new Map<string, { user_ids: number[]; max_message_id: number }>();
  const ids = state.store.userMessages.messageIds(user.id);
  let seen = 0;
  for (let index = ids.length - 1; index >= 0 && seen < RECENT_CONVERSATIONS_LIMIT; index--) {
    const message = state.store.tables.message.get(ids[index] ?? 0);
    if (!message || message.channel_id !== null) continue;
    seen++;
    const others = message.dm_user_ids.filter((id) => id !== user.id);
    const key = others.join(',');
    const known = newest.get(key);
    if (!known || known.max_message_id < message.id) newest.set(key, { user_ids: others, max_message_id: message.id });
  }
  return [...newest.values()].sort((a, b) => b.max_message_id - a.max_message_id);
}
