import { receivesMessageActionEvents } from '../messages/event-recipients';
import type { MockState } from '../state';
import type { ReactionChanged } from './changes';
import type { EventQueue } from './queue';

/**
 * The `reaction` event, for the queues of users who get events about the message (a queue's
 * narrow filters only `message` events). It carries the reactor's deprecated `user` object too.
 */
export function renderReactionEvent(state: MockState, queue: EventQueue, change: ReactionChanged) {
  const message = state.store.tables.message.get(change.messageId);
  const reactor = state.store.tables.user.get(change.reaction.user_id);
  if (!message || !reactor || !receivesMessageActionEvents(state, queue.userId, message)) return undefined;
  const { user_id, emoji_name, emoji_code, reaction_type } = change.reaction;
  return {
    type: 'reaction',
    op: change.op,
    user_id,
    user: { user_id, email: reactor.email, full_name: reactor.full_name },
    message_id: message.id,
    emoji_name,
    emoji_code,
    reaction_type,
  };
}
