import { topicLinks } from '../linkifiers/topic-links';
import { receivesMessageActionEvents } from '../messages/event-recipients';
import { storedFlagNames } from '../messages/serialize';
import { LEVEL } from '../feature-levels';
import type { MockState } from '../state';
import { displayTopic } from '../topics';
import type { MessageRerendered, MessageUpdated } from './changes';
import type { EventQueue } from './queue';

/**
 * The `update_message` event for the queues of the users the edit tells: those with a copy (with
 * their flags) and, in channels with shared history, the subscribers (flags `["read"]`).
 * Topics read "general chat" for the empty topic unless the client declared `empty_topic_name`.
 * Below {@link LEVEL.updateMessageStreamIdAlways} only a move names the channel's `stream_id`.
 */
export function renderUpdateMessageEvent(state: MockState, queue: EventQueue, change: MessageUpdated) {
  const flags = change.recipients.get(queue.userId);
  if (flags === undefined) return undefined;
  const show = (topic: string) => displayTopic(state.realm, topic, queue.options.capabilities.has('empty_topic_name'));
  const { content, channel, move } = change;
  return {
    type: 'update_message',
    user_id: change.editorId,
    edit_timestamp: change.editTimestamp,
    message_id: change.messageId,
    message_ids: [...change.messageIds],
    flags: [...flags],
    ...(state.featureLevel < LEVEL.renderingOnlyUpdates ? {} : { rendering_only: false }),
    ...(content
      ? {
          orig_content: content.orig,
          orig_rendered_content: content.origRendered,
          content: content.content,
          rendered_content: content.rendered,
          is_me_message: content.isMeMessage,
        }
      : {}),
    ...(channel ? { stream_name: channel.name } : {}),
    ...(channel && (move || state.featureLevel >= LEVEL.updateMessageStreamIdAlways) ? { stream_id: channel.id } : {}),
    ...(move ? { propagate_mode: move.propagateMode, orig_subject: show(move.origTopic) } : {}),
    ...(move?.newTopic === undefined ? {} : { subject: show(move.newTopic), topic_links: topicLinks(state.store.linkifiers.all(), move.newTopic) }),
    ...(move?.newChannelId === undefined ? {} : { new_stream_id: move.newChannelId }),
  };
}

/**
 * The rendering-only `update_message` (`user_id` null), as the server's thumbnail worker sends
 * it: to a user with a copy of the message (with their stored flags) who also gets the events of
 * actions on it, so not to a former subscriber of a private channel, nor to a guest who left the
 * public channel. Below {@link LEVEL.renderingOnlyUpdates} it names no editor, time or flag.
 */
export function renderRerenderedMessageEvent(state: MockState, queue: EventQueue, change: MessageRerendered) {
  const stored = state.store.userMessages.flags(queue.userId, change.messageId);
  const message = state.store.tables.message.get(change.messageId);
  if (stored === undefined || !message || !receivesMessageActionEvents(state, queue.userId, message)) return undefined;
  const flags = storedFlagNames(stored, state.featureLevel);
  if (state.featureLevel < LEVEL.renderingOnlyUpdates) {
    return { type: 'update_message', message_id: change.messageId, message_ids: [change.messageId], flags, content: change.content, rendered_content: change.rendered };
  }
  return {
    type: 'update_message',
    user_id: null,
    edit_timestamp: change.timestamp,
    message_id: change.messageId,
    message_ids: [change.messageId],
    flags,
    rendering_only: true,
    content: change.content,
    rendered_content: change.rendered,
  };
}
