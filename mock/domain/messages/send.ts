import type { ChannelRecord, UserRecord } from '../../store/store';
import { isInGroupSetting } from '../group-setting';
import {
  allowsOnlyEmptyTopic,
  channelByIdOrFail,
  channelByNameOrFail,
  checkCanPost,
  requiresTopic,
} from '../channels';
import { ApiFailure, badRequest } from '../errors';
import { pythonRstrip, pythonStrip } from '../python-strip';
import { renderMessage } from '../markdown/render';
import type { MockState } from '../state';
import { normalizeTopicForSend } from '../topics';
import type { VisibilityPolicyValue } from '../user-topics';
import { applyAutomaticVisibility, sawEarlierMessageInTopic } from './auto-follow';
import { checkMentionPermissions, mentionedUserIds as mentionedUserIdsOf } from './mentions';
import { alertBotOwner } from './bot-owner-alerts';
import { type ChannelTarget, type DirectTarget, parseChannelTarget, parseDirectTarget } from './recipients';
import { checkForging, type ForgingParams } from './forging';
import { type AttachedWidget, parseWidgetContent } from './widget-content';
import { type NewMessage, storeMessage } from './store-message';
import { emptyTopicNotAllowed, namedTopicNotAllowed } from './topics-policy-errors';
import { hasRealmPermission } from '../realm-permission';
import { inaccessibleUserIds } from '../accounts/user-access';
import { recordDirectMessageAccess } from '../accounts/user-access-events';

/** What send-message receives after parameter decoding. */
export interface SendMessageInput extends ForgingParams {
  readonly type: 'direct' | 'private' | 'channel' | 'stream';
  /** The raw `to` text. */
  readonly to: string;
  readonly topic?: string | undefined;
  readonly content: string;
  readonly read_by_sender?: boolean | undefined;
  readonly queue_id?: string | undefined;
  readonly local_id?: string | undefined;
  /** The raw `widget_content` text (checked with the message). */
  readonly widget_content?: string | undefined;
}

/** What sending reports back. */
export interface SentMessage {
  readonly id: number;
  /** The sender's new policy for the topic, when sending changed it. */
  readonly automaticNewVisibilityPolicy?: VisibilityPolicyValue | undefined;
}

// Clients whose users read what they send; everything else (bots, scripts) leaves it unread.
const INTERACTIVE_CLIENTS = new Set([
  'website',
  'zulipandroid',
  'zulipios',
  'zulipdesktop',
  'zulipmobile',
  'zulipelectron',
  'zulipterminal',
  'snipe',
  'ios',
  'android',
]);

const TRUNCATION_NOTICE = '\n[message truncated]';

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
  const limit = state.realm.max_message_length;
  // UTF-16 length is never below the character count, so short content skips the split.
  if (trimmed.length <= limit) return trimmed;
  const characters = [...trimmed];
  if (characters.length <= limit) return trimmed;
  return characters.slice(0, limit - TRUNCATION_NOTICE.length).join('') + TRUNCATION_NOTICE;
}

/** Local echo needs both halves: the queue to notify and the client's ID for the message. */
function checkLocalEcho(input: SendMessageInput): void {
  if (input.queue_id !== undefined && input.local_id === undefined) throw badRequest("Missing 'local_id' argument");
  if (input.local_id !== undefined && input.queue_id === undefined) throw badRequest("Missing 'queue_id' argument");
}

/** Direct-message recipients given by ID (the server's `Addressee.legacy_build`): at least one, each an existing user. */
export function checkRecipientIds(state: MockState, ids: readonly number[]): number[] {
  if (ids.length === 0) throw badRequest('Message must have recipients');
  return ids.map((id) => {
    if (!state.store.tables.user.get(id)) throw badRequest(`Invalid user ID ${id}`);
    return id;
  });
}

function resolveDirectRecipients(state: MockState, target: DirectTarget): number[] {
  if (target.kind === 'ids') return checkRecipientIds(state, target.ids);
  if (target.emails.length === 0) throw badRequest('Message must have recipients');
  return target.emails.map((email) => {
    const user = state.store.userByApiEmail(email);
    if (!user) throw badRequest(`Invalid email '${email}'`);
    return user.id;
  });
}

function checkDirectRecipients(state: MockState, sender: UserRecord, userIds: readonly number[]): void {
  // The server asks this before it looks at whether the recipients are active.
  if (inaccessibleUserIds(state, sender, userIds).size > 0) throw badRequest('You do not have permission to access some of the recipients.');
  for (const id of userIds) {
    const user = state.store.tables.user.get(id);
    if (user && !user.is_active) throw badRequest(`'${user.email}' is no longer using Zulip.`);
  }
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

/** The channel a message is sent to; a bot's owner hears when it is missing or has no subscribers. */
function channelToSendTo(state: MockState, sender: UserRecord, target: ChannelTarget): ChannelRecord {
  try {
    const channel = target.kind === 'id' ? channelByIdOrFail(state, target.id) : channelByNameOrFail(state, target.name);
    alertBotOwner(state, sender, { kind: 'no-subscribers', channel });
    return channel;
  } catch (error) {
    if (error instanceof ApiFailure && error.code === 'STREAM_DOES_NOT_EXIST') {
      alertBotOwner(state, sender, target.kind === 'id' ? { kind: 'unknown-id', id: target.id } : { kind: 'unknown-name', name: pythonStrip(target.name) });
    }
    throw error;
  }
}

/**
 * Where a message goes once addressed, as the server's `Addressee` holds it (the topic normalised).
 * `known-channel` is `Addressee.for_stream`: the channel itself rather than a name or ID to look
 * up, so nothing tells a bot's owner that it is missing or empty (a scheduled message's delivery).
 */
export type MessageAddressee =
  | { readonly type: 'stream'; readonly target: ChannelTarget; readonly topic: string }
  | { readonly type: 'known-channel'; readonly channel: ChannelRecord; readonly topic: string }
  | { readonly type: 'private'; readonly userIds: readonly number[] };

/** A message that passed the server's `check_message`: content normalised, rendered, destination resolved. */
export interface CheckedMessage {
  readonly content: string;
  readonly rendered: ReturnType<typeof renderMessage>;
  readonly destination: NewMessage['destination'];
  /** The widget the client attached (`widget_content`), checked. */
  readonly widget?: AttachedWidget | undefined;
}

/** Whether a client's messages start read for their sender when it does not say (`default_read_by_sender`). */
export function defaultReadBySender(client: string): boolean {
  return INTERACTIVE_CLIENTS.has(client.toLowerCase());
}

/** A channel message's addressee: the topic is required, then stripped, renamed and checked. */
export function channelAddressee(state: MockState, target: ChannelTarget, topic: string | undefined): MessageAddressee {
  if (topic === undefined) throw badRequest('Missing topic');
  return { type: 'stream', target, topic: normalizeTopicForSend(state.realm, topic) };
}

/** The addressee of a message to a channel already in hand (`Addressee.for_stream`): the topic stripped, renamed and checked. */
export function knownChannelAddressee(state: MockState, channel: ChannelRecord, topic: string): MessageAddressee {
  return { type: 'known-channel', channel, topic: normalizeTopicForSend(state.realm, topic) };
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
): CheckedMessage {
  if (addressee.type !== 'private') {
    const { topic } = addressee;
    const content = normalizeContent(state, rawContent);
    const channel = addressee.type === 'stream' ? channelToSendTo(state, sender, addressee.target) : addressee.channel;
    checkCanPost(state, sender, channel);
    if (topic === '' && requiresTopic(state, channel)) throw emptyTopicNotAllowed(state, 'send');
    if (topic !== '' && allowsOnlyEmptyTopic(state, channel)) throw namedTopicNotAllowed(state);
    const widget = widgetContent === undefined ? undefined : parseWidgetContent(widgetContent);
    const rendered = renderMessage(state, content, sender);
    checkMentionPermissions(state, sender, rendered.mentions, { channelId: channel.id, topic });
    return { content, rendered, destination: { type: 'stream', channel, topic }, widget };
  }
  const content = normalizeContent(state, rawContent);
  checkDirectRecipients(state, sender, addressee.userIds);
  const widget = widgetContent === undefined ? undefined : parseWidgetContent(widgetContent);
  const rendered = renderMessage(state, content, sender);
  checkMentionPermissions(state, sender, rendered.mentions, undefined);
  return { content, rendered, destination: { type: 'private', userIds: addressee.userIds }, widget };
}

/** How a checked message is sent: its client, whether it starts read for its sender, local echo. */
export interface Delivery {
  readonly client: string;
  readonly readBySender: boolean;
  readonly localEcho?: NewMessage['localEcho'];
}

/** Sends a checked message: stores it (with its events), then applies the sender's automatic topic policies. */
export function sendCheckedMessage(state: MockState, sender: UserRecord, checked: CheckedMessage, delivery: Delivery): SentMessage {
  const { content, rendered, destination, widget } = checked;
  const { client, readBySender, localEcho } = delivery;
  if (destination.type === 'stream') {
    const { channel, topic } = destination;
    const initiatesTopic = !sawEarlierMessageInTopic(state, sender, channel, topic);
    const { id } = storeMessage(state, { sender, client, content, readBySender, rendered, destination, localEcho, widget });
    const mentionedUserIds = mentionedUserIdsOf(state, rendered.mentions);
    const policy = applyAutomaticVisibility(state, { sender, channel, topic, initiatesTopic, mentionedUserIds });
    return { id, automaticNewVisibilityPolicy: policy };
  }
  recordDirectMessageAccess(state, sender.id, destination.userIds);
  return { id: storeMessage(state, { sender, client, content, readBySender, rendered, destination, localEcho, widget }).id };
}

/**
 * Sends a message, checking in the real server's order: `to`, forging, topic, recipients,
 * content, channel, posting permission, topic policy, direct-message rules, widget, mentions.
 * Channel messages then apply the automatic follow and unmute settings.
 */
export function sendMessage(state: MockState, sender: UserRecord, client: string, input: SendMessageInput): SentMessage {
  checkLocalEcho(input);
  const readBySender = input.read_by_sender ?? defaultReadBySender(client);
  const localEcho =
    input.queue_id !== undefined && input.local_id !== undefined
      ? { queueId: input.queue_id, localId: input.local_id }
      : undefined;
  // The server's view reads `to` and the forging parameters before it looks for a topic (the addressee).
  const isChannel = input.type === 'channel' || input.type === 'stream';
  const target = isChannel ? parseChannelTarget(input.to) : parseDirectTarget(input.to);
  checkForging(input);
  const addressee: MessageAddressee =
    target.kind === 'name' || target.kind === 'id'
      ? channelAddressee(state, target, input.topic)
      : { type: 'private', userIds: resolveDirectRecipients(state, target) };
  const checked = checkMessage(state, sender, addressee, input.content, input.widget_content);
  return sendCheckedMessage(state, sender, checked, { client, readBySender, localEcho });
}
