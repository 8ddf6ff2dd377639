import type { MessageRecord, UserRecord } from '../../../store/store';
import { renderedContentOf } from '../rendered-content';
import { isMeMessage, type RenderedMessage, renderMessage } from '../../markdown/render';
import { alertedUserIds } from '../../alert-words/flags';
import type { MockState } from '../../state';
import { MENTION_FLAGS, mentionFlagContext, mentionFlags } from '../mention-flags';
import { checkMentionPermissions } from '../mentions';

/** A content edit, rendered and checked. */
export interface ContentEdit {
  readonly content: string;
  readonly rendered: RenderedMessage;
}

/**
 * Renders new content and checks its mentions as at send time: wildcards against the message's
 * channel and topic, group mentions against the editor.
 */
export function renderContentEdit(state: MockState, editor: UserRecord, message: MessageRecord, content: string): ContentEdit {
  const rendered = renderMessage(state, content, state.store.tables.user.get(message.sender_id));
  const where = message.channel_id === null ? undefined : { channelId: message.channel_id, topic: message.topic };
  checkMentionPermissions(state, editor, rendered.mentions, where);
  return { content, rendered };
}

/** What the content was before the edit, for the history and the event. */
export interface PreviousContent {
  readonly content: string;
  readonly rendered: string;
}

/**
 * Stores new content and recomputes the mention flags of every copy with the same rule as at
 * send time (other flags, such as `read` and `starred`, stay). A topic wildcard flags the
 * participants of `targetTopic`, the topic the message is being renamed to, as they are before
 * the move: the server asks the new topic even though the permission check asked the old one.
 */
export function applyContentEdit(state: MockState, message: MessageRecord, edit: ContentEdit, targetTopic: string): PreviousContent {
  const { store } = state;
  const previous = { content: message.content, rendered: renderedContentOf(state, message) };
  store.tables.message.update(message.id, {
    content: edit.content,
    rendered_content: edit.rendered.html,
    is_me_message: isMeMessage(edit.content),
  });
  const where = message.channel_id === null ? undefined : { channelId: message.channel_id, topic: targetTopic };
  const context = mentionFlagContext(state, message.sender_id, edit.rendered.mentions, where);
  const recipients = [...store.userMessages.recipientIds(message.id)];
  const alerted = alertedUserIds(state, edit.content, recipients);
  for (const userId of recipients) {
    const wanted = new Set(mentionFlags(context, userId));
    for (const flag of MENTION_FLAGS) store.userMessages.setFlag(userId, message.id, flag, wanted.has(flag));
    store.userMessages.setFlag(userId, message.id, 'has_alert_word', alerted.has(userId));
  }
  return previous;
}
