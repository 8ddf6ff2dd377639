import type { UserRecord } from '../../store/store';
import { isInGroupSetting } from '../group-setting';
import { allowsOnlyEmptyTopic, checkCanPost, requiresTopic } from '../channels';
import { badRequest } from '../errors';
import { pythonRstrip } from '../python-strip';
import { renderMessage } from '../markdown/render';
import type { MockState } from '../state';
import { hasRealmPermission } from '../realm-permission';
import { inaccessibleUserIds } from '../accounts/user-access';
import { checkMentionPermissions } from './mentions';
import { type AttachedWidget, parseWidgetContent } from './widget-content';
import type { NewMessage } from './store-message';
import { emptyTopicNotAllowed, namedTopicNotAllowed } from './topics-policy-errors';
import { channelToSendTo, type MessageAddressee } from './addressing';
import { truncateContent } from './truncate-content';

/**
 * The content as stored: Python's whitespace stripped from its end and line breaks from its
 * start (a lone U+001C is empty, a U+FEFF is content); over-long content is cut, counting
 * characters (code points) as the server does, never splitting one, and ends with the
 * truncation notice.
 */
export function normalizeContent(state: MockState, content: string): string {
  const trimmed = pythonRstrip(content).replace(/^\n+/, '');
  if (trimmed === '') throw badRequest('Message must not be empty');
  if (trimmed.includes('\0')) throw badRequest('Message must not contain null bytes');
  return truncateContent(trimmed, state.realm.max_message_length);
}

function checkDirectRecipients(state: MockState, sender: UserRecord, userIds: readonly number[], forwarder: UserRecord | undefined): void {
  // The server asks this before it looks at whether the recipients are active.
  if (inaccessibleUserIds(state, sender, userIds).size > 0) throw badRequest('You do not have permission to access some of the recipients.');
  for (const id of userIds) {
    const user = state.store.tables.user.get(id);
    if (user && !user.is_active) throw badRequest(`'${user.email}' is no longer using Zulip.`);
  }
  if (forwarder && !userIds.includes(forwarder.id)) throw badRequest('User not authorized for this query');
  const others = userIds.filter((id) => id !== sender.id);
  const onlyBotsOrSelf = others.every((id) => state.store.tables.user.get(id)?.is_bot);
  if (sender.is_bot || onlyBotsOrSelf) return;
  const permissionGroup = state.realm.direct_message_permission_group;
  if (permissionGroup === state.realm.system_groups['role:nobody']) {
    throw badRequest('Direct messages are disabled in this organization.');
  }
  const participants = [sender.id, ...others].map((id) => state.store.tables.user.get(id));
  if (!participants.some((user) => user && isInGroupSetting(state, user, permissionGroup))) {
    throw badRequest('This conversation does not include any users who can authorize it.');
  }
  if (hasRealmPermission(state, sender, 'direct_message_initiator_group')) return;
  if (!conversationExists(state, sender.id, [sender.id, ...others])) {
    throw badRequest('You do not have permission to initiate direct message conversations.');
  }
}

/**
 * Whether these users (the sender among them) already have a message of their conversation. Only
 * asked for senders outside the initiator group; a group conversation without its recipient
 * record has none, and the sender's copies are read newest first, so a live conversation is found
 * at once.
 */
function conversationExists(state: MockState, senderId: number, userIds: readonly number[]): boolean {
  const wanted = [...new Set(userIds)].sort((a, b) => a - b);
  if (wanted.length > 2 && !state.store.tables.directMessageGroup.get(wanted.join(','))) return false;
  const ids = state.store.userMessages.messageIds(senderId);
  for (let index = ids.length - 1; index >= 0; index--) {
    const message = state.store.tables.message.get(ids[index] as number);
    if (message?.type !== 'private' || message.dm_user_ids.length !== wanted.length) continue;
    if (message.dm_user_ids.every((id, position) => id === wanted[position])) return true;
  }
  return false;
}

/** A message that passed the server's `check_message`: content normalised, rendered, destination resolved. */
export interface CheckedMessage {
  readonly content: string;
  readonly rendered: ReturnType<typeof renderMessage>;
  readonly destination: NewMessage['destination'];
  /** The widget the client attached (`widget_content`), checked. */
  readonly widget?: AttachedWidget | undefined;
}

/** How `check_message` is asked to check. */
export interface CheckMessageOptions {
  /**
   * The server's `skip_stream_access_check`: no posting permission or channel access check, for
   * an outgoing webhook bot's reply in the conversation that triggered it.
   */
  readonly skipChannelAccessCheck?: boolean;
  /**
   * Who forwards a mirrored direct message (the server's `forwarder_user_profile` of a mirroring
   * client): it must be among the recipients.
   */
  readonly forwarder?: UserRecord | undefined;
}

/**
 * The server's `check_message` after addressing: content, channel, posting permission, topic
 * policy or direct-message rules, an attached widget, rendering and mention permissions.
 * Sending and scheduling (at scheduling time and again at delivery) share it.
 */
export function checkMessage(
  state: MockState,
  sender: UserRecord,
  addressee: MessageAddressee,
  rawContent: string,
  widgetContent?: string,
  options: CheckMessageOptions = {},
): CheckedMessage {
  if (addressee.type !== 'private') {
    const { topic } = addressee;
    const content = normalizeContent(state, rawContent);
    const channel = addressee.type === 'stream' ? channelToSendTo(state, sender, addressee.target) : addressee.channel;
    if (!options.skipChannelAccessCheck) checkCanPost(state, sender, channel);
    if (topic === '' && requiresTopic(state, channel)) throw emptyTopicNotAllowed(state, 'send');
    if (topic !== '' && allowsOnlyEmptyTopic(state, channel)) throw namedTopicNotAllowed(state);
    const widget = widgetContent === undefined ? undefined : parseWidgetContent(widgetContent);
    const rendered = renderMessage(state, content, sender);
    checkMentionPermissions(state, sender, rendered.mentions, { channelId: channel.id, topic });
    return { content, rendered, destination: { type: 'stream', channel, topic }, widget };
  }
  const content = normalizeContent(state, rawContent);
  checkDirectRecipients(state, sender, addressee.userIds, options.forwarder);
  const widget = widgetContent === undefined ? undefined : parseWidgetContent(widgetContent);
  const rendered = renderMessage(state, content, sender);
  checkMentionPermissions(state, sender, rendered.mentions, undefined);
  return { content, rendered, destination: { type: 'private', userIds: addressee.userIds }, widget };
}
