import { LEVEL } from '../feature-levels';
import { renderedContentOf } from './rendered-content';
import { topicLinks } from '../linkifiers/topic-links';
import type * as z from 'zod/mini';
import type { Message } from '../../../src/schemas/message';
import type { MessageRecord, UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { displayTopic } from '../topics';
import { editHistoryForView } from './edit/history';
import { avatarUrlForClient } from '../users';
import { isSystemBot } from '../accounts/visibility';
import { rememberedWireMessage } from './remembered-wire';
import { INACCESSIBLE_USER_NAME, inaccessibleUserAvatar, placeholderEmail } from '../accounts/user-access';

/** How a client asked to see messages. */
export interface MessageViewOptions {
  readonly applyMarkdown: boolean;
  readonly allowEmptyTopicName: boolean;
  /** `client_gravatar`: null `avatar_url` where the client computes the Gravatar itself. */
  readonly clientGravatar?: boolean;
  /**
   * Whether the viewer may see the sender (a limited guest may not see every user); undefined:
   * they may. The caller decides it once for all the messages it shows.
   */
  readonly canAccessSender?: (sender: UserRecord) => boolean;
}

const WILDCARD_FLAGS = new Set(['stream_wildcard_mentioned', 'topic_wildcard_mentioned']);

/**
 * Stored flags as the wire shows them: the deprecated `wildcard_mentioned` appended when set;
 * a server older than level 224 shows only that one.
 */
export function wireFlags(stored: readonly string[], featureLevel: number): string[] {
  if (!stored.some((flag) => WILDCARD_FLAGS.has(flag))) return [...stored];
  const flags = featureLevel < LEVEL.splitWildcardFlags ? stored.filter((flag) => !WILDCARD_FLAGS.has(flag)) : [...stored];
  flags.push('wildcard_mentioned');
  return flags;
}

/**
 * Stored flags under the names the server's `flags_list()` gives them, with nothing added: before
 * level 224 the one wildcard flag was still called `wildcard_mentioned`.
 */
export function storedFlagNames(stored: readonly string[], featureLevel: number): string[] {
  return featureLevel < LEVEL.splitWildcardFlags ? wireFlags(stored, featureLevel) : [...stored];
}

/** The viewer's flags; a message they have no copy of reads as read and historical. */
function flagsFor(state: MockState, viewer: UserRecord, message: MessageRecord): string[] {
  const stored = state.store.userMessages.flags(viewer.id, message.id);
  return stored ? wireFlags(stored, state.featureLevel) : ['read', 'historical'];
}

function requireUser(state: MockState, id: number): UserRecord {
  const user = state.store.tables.user.get(id);
  if (!user) throw new Error(`[teamchat-mock] message refers to unknown user ${id}`);
  return user;
}

/** A 1:1 conversation is identified, for the receiver, by the sender's personal recipient. */
function recipientIdFor(viewer: UserRecord, message: MessageRecord, sender: UserRecord): number {
  const isOneToOne = message.type === 'private' && message.dm_user_ids.length === 2;
  if (isOneToOne && viewer.id !== message.sender_id) return sender.recipient_id;
  return message.recipient_id;
}

/** The message's reactions, oldest first, with the fields of the Message object (no `user`). */
function reactionsOf(state: MockState, message: MessageRecord) {
  return state.store.reactions.of(message.id).map(({ emoji_name, emoji_code, reaction_type, user_id }) => ({
    emoji_name,
    emoji_code,
    reaction_type,
    user_id,
  }));
}

/**
 * A direct message's participants as `display_recipient` lists them: a group conversation by user
 * ID (as the server stores its members), a one-to-one one by email (the server adds the sender
 * beside the recipient in email order).
 */
function directMessageRecipients(state: MockState, userIds: readonly number[]) {
  const users = userIds.map((id) => requireUser(state, id));
  const sorted =
    users.length === 2
      ? users.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0))
      : users.sort((a, b) => a.id - b.id);
  return sorted.map((user) => ({ id: user.id, email: user.email, full_name: user.full_name, is_mirror_dummy: false }));
}

/** The realm the server keeps its system bots (the Notification Bot) in. */
const SYSTEM_BOT_REALM = 'zulipinternal';

/** A message as a reader sees it on the wire. */
export type WireMessage = z.input<typeof Message>;
type Writable<T> = { -readonly [Field in keyof T]: T[Field] };

/** What a message shows of its sender: the same in every message of theirs that one viewer sees. */
export interface SenderView {
  readonly user: UserRecord;
  readonly fullName: string;
  readonly email: string;
  readonly realmStr: string;
  readonly avatarUrl: string | null;
}

function senderView(state: MockState, sender: UserRecord, options: MessageViewOptions): SenderView {
  const hidden = options.canAccessSender !== undefined && !options.canAccessSender(sender);
  return {
    user: sender,
    // A sender the viewer may not see is "Unknown user", with the placeholder address and avatar.
    fullName: hidden ? INACCESSIBLE_USER_NAME : sender.full_name,
    email: hidden ? placeholderEmail(state, sender.id) : sender.email,
    // System bots live in the server's internal realm.
    realmStr: isSystemBot(sender) ? SYSTEM_BOT_REALM : state.realm.string_id,
    avatarUrl: hidden ? inaccessibleUserAvatar(state) : avatarUrlForClient(state, sender, options.clientGravatar ?? false),
  };
}

/**
 * Serializes messages for one viewer and one way of viewing them ({@link serializeMessage} for
 * each), working out what a message shows of its sender once per sender: a page of history has
 * few senders. A channel message whose wire form has not changed since it was last built is
 * answered as that same frozen object with its JSON text (see {@link rememberedWireMessage}).
 * For one answer: the realm must not change while it is in use.
 */
export function messageSerializer(state: MockState, viewer: UserRecord, options: MessageViewOptions): (message: MessageRecord) => WireMessage {
  const senders = new Map<number, SenderView>();
  return (message) => {
    let sender = senders.get(message.sender_id);
    if (!sender) {
      sender = senderView(state, requireUser(state, message.sender_id), options);
      senders.set(message.sender_id, sender);
    }
    return rememberedWireMessage(state, viewer, message, sender, options, wireMessage);
  };
}

/**
 * A message as the viewer sees it on the wire. Its fields are set in their wire order, the
 * optional ones only when present (rather than spread in: a spread per field made building a
 * page of messages measurably slower).
 */
export function serializeMessage(state: MockState, viewer: UserRecord, message: MessageRecord, options: MessageViewOptions): WireMessage {
  return wireMessage(state, viewer, message, senderView(state, requireUser(state, message.sender_id), options), options);
}

function wireMessage(state: MockState, viewer: UserRecord, message: MessageRecord, sender: SenderView, options: MessageViewOptions): WireMessage {
  const channel = message.channel_id === null ? undefined : state.store.tables.channel.get(message.channel_id);
  const leading: Omit<WireMessage, 'avatar_url' | 'flags'> = {
    id: message.id,
    sender_id: sender.user.id,
    content: options.applyMarkdown ? renderedContentOf(state, message) : message.content,
    content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
    recipient_id: recipientIdFor(viewer, message, sender.user),
    timestamp: message.timestamp,
    client: message.client,
    subject: channel ? displayTopic(state.realm, message.topic, options.allowEmptyTopicName) : '',
    topic_links: channel ? topicLinks(state.store.linkifiers.all(), message.topic) : [],
    is_me_message: message.is_me_message,
    reactions: reactionsOf(state, message),
    submessages: message.submessages
      ? message.submessages.map(({ id, sender_id, msg_type, content }) => ({ id, message_id: message.id, sender_id, msg_type, content }))
      : [],
    sender_full_name: sender.fullName,
    sender_email: sender.email,
    sender_realm_str: sender.realmStr,
    display_recipient: channel ? channel.name : directMessageRecipients(state, message.dm_user_ids),
    type: message.type === 'stream' ? 'stream' : 'private',
  };
  const serialized = leading as Writable<WireMessage>;
  if (channel) serialized.stream_id = channel.id;
  serialized.avatar_url = sender.avatarUrl;
  serialized.flags = flagsFor(state, viewer, message);
  // `last_edit_timestamp`, `last_moved_timestamp` and `edit_history`, each only when there is one to show.
  if (message.last_edit_timestamp !== null) serialized.last_edit_timestamp = message.last_edit_timestamp;
  if (message.last_moved_timestamp !== null) serialized.last_moved_timestamp = message.last_moved_timestamp;
  // A message never edited has no history to show (most of a page: no need to build an empty one).
  if (message.edit_history.length > 0 && state.realm.message_edit_history_visibility_policy !== 'none') {
    serialized.edit_history = editHistoryForView(state, message, options.allowEmptyTopicName);
  }
  return serialized;
}
