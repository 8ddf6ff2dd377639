import type { ChatEvent } from '../schemas/events';
import type { RegisterResponse } from '../schemas/event-queue';

type State = Pick<RegisterResponse, 'recent_private_conversations'>;

/**
 * `recent_private_conversations` after a direct message: its conversation (the other participants,
 * ascending; none for a message to oneself) moves to the front with this message as its newest, as
 * the server's reducer keeps it. Needs the client's own user ID to tell the others apart.
 */
export function recentConversationsAfterMessage<S extends State>(
  state: S,
  event: Extract<ChatEvent, { type: 'message' }>,
  ownUserId: number | undefined,
): S {
  const { message } = event;
  if (state.recent_private_conversations === undefined || message.type !== 'private') return state;
  if (ownUserId === undefined) {
    throw new Error(
      'applyEvent: keeping recent_private_conversations needs your own user ID; pass { userId } as the third argument, or register with the realm_user event type (its state has user_id)',
    );
  }
  const userIds = message.display_recipient.map((user) => user.id).filter((id) => id !== ownUserId).sort((a, b) => a - b);
  const key = userIds.join(',');
  const others = state.recent_private_conversations.filter((conversation) => conversation.user_ids.join(',') !== key);
  const conversations = [...others, { user_ids: userIds, max_message_id: message.id }].sort((a, b) => b.max_message_id - a.max_message_id);
  return { ...state, recent_private_conversations: conversations };
}
