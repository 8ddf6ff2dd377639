import type { MockState } from '../state';
import { displayTopic } from '../topics';
import type { EditTypingNotified, TypingNotified } from './changes';
import type { EventQueue } from './queue';

function userRef(state: MockState, userId: number) {
  return { user_id: userId, email: state.store.tables.user.get(userId)?.email ?? '' };
}

/**
 * `typing`, for the queues of the users told. Channel typing goes only to queues that declared
 * the `stream_typing_notifications` capability, with the topic as that queue reads it.
 */
export function renderTypingEvent(state: MockState, queue: EventQueue, change: TypingNotified) {
  if (!change.deliverTo.has(queue.userId)) return undefined;
  const common = { type: 'typing', op: change.op, sender: userRef(state, change.senderId) };
  const { target } = change;
  if (target.type === 'direct') {
    return { ...common, message_type: 'direct', recipients: target.recipientIds.map((id) => userRef(state, id)) };
  }
  if (!queue.options.capabilities.has('stream_typing_notifications')) return undefined;
  const topic = displayTopic(state.realm, target.topic, queue.options.capabilities.has('empty_topic_name'));
  return { ...common, message_type: 'stream', stream_id: target.channelId, topic };
}

/** `typing_edit_message`, for the queues of the users told (no capability needed). */
export function renderEditTypingEvent(queue: EventQueue, change: EditTypingNotified) {
  if (!change.deliverTo.has(queue.userId)) return undefined;
  const target = change.recipient;
  const recipient =
    target.type === 'direct' ? { type: target.type, user_ids: [...target.userIds] } : { type: target.type, channel_id: target.channelId, topic: target.topic };
  return {
    type: 'typing_edit_message',
    op: change.op,
    sender_id: change.senderId,
    message_id: change.messageId,
    recipient,
  };
}
