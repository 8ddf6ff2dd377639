import type { UserRecord } from '../../store/store';
import { channelByIdOrFail, channelByNameOrFail, checkCanPost, requiresTopic } from '../channels';
import { ApiFailure, badRequest } from '../errors';
import { isInGroup } from '../groups';
import type { MockState } from '../state';
import { normalizeTopicForSend } from '../topics';
import { findMentions, type Mentions } from './mentions';
import { parseChannelTarget, parseDirectTarget } from './recipients';
import { type NewMessage, storeMessage } from './store-message';

/** What send-message receives after parameter decoding. */
export interface SendMessageInput {
  readonly type: 'direct' | 'private' | 'channel' | 'stream';
  /** The raw `to` text. */
  readonly to: string;
  readonly topic?: string | undefined;
  readonly content: string;
  readonly read_by_sender?: boolean | undefined;
}

/** Wildcard mentions need `can_mention_many_users_group` above this many subscribers or participants. */
export const WILDCARD_MENTION_LARGE_THRESHOLD = 15;

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

function normalizeContent(state: MockState, content: string): string {
  const trimmed = content.replace(/^\n+/, '').trimEnd();
  if (trimmed.trim() === '') throw badRequest('Message must not be empty');
  if (trimmed.includes('\0')) throw badRequest('Message must not contain null bytes');
  const limit = state.realm.max_message_length;
  return trimmed.length > limit ? `${trimmed.slice(0, limit - 20)}\n[message truncated]` : trimmed;
}

function resolveDirectRecipients(state: MockState, raw: string): number[] {
  const target = parseDirectTarget(raw);
  if (target.kind === 'ids') {
    if (target.ids.length === 0) throw badRequest('Message must have recipients');
    return target.ids.map((id) => {
      if (!state.store.tables.user.get(id)) throw badRequest(`Invalid user ID ${id}`);
      return id;
    });
  }
  if (target.emails.length === 0) throw badRequest('Message must have recipients');
  return target.emails.map((email) => {
    const user = state.store.userByApiEmail(email);
    if (!user) throw badRequest(`Invalid email '${email}'`);
    return user.id;
  });
}

function checkDirectRecipients(state: MockState, sender: UserRecord, userIds: readonly number[]): void {
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
  if (!participants.some((user) => user && isInGroup(state, user, permissionGroup))) {
    throw badRequest('This conversation does not include any users who can authorize it.');
  }
}

function checkWildcardMentions(
  state: MockState,
  sender: UserRecord,
  mentions: Mentions,
  channelId: number,
  topic: string,
): void {
  if (!mentions.channelWildcard && !mentions.topicWildcard) return;
  if (isInGroup(state, sender, state.realm.can_mention_many_users_group)) return;
  if (mentions.channelWildcard && state.store.subscriberIds(channelId).size > WILDCARD_MENTION_LARGE_THRESHOLD) {
    throw new ApiFailure(
      'You do not have permission to use channel wildcard mentions in this channel.',
      'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
    );
  }
  const participants = new Set(state.store.topicParticipants(channelId, topic)).add(sender.id);
  if (mentions.topicWildcard && participants.size > WILDCARD_MENTION_LARGE_THRESHOLD) {
    throw new ApiFailure(
      'You do not have permission to use topic wildcard mentions in this topic.',
      'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
    );
  }
}

/**
 * Sends a message, checking in the real server's order: addressing, topic, recipients,
 * content, channel, posting permission, topic policy, direct-message rules, mentions.
 * Returns the new message's ID.
 */
export function sendMessage(state: MockState, sender: UserRecord, client: string, input: SendMessageInput): number {
  const isChannel = input.type === 'channel' || input.type === 'stream';
  const readBySender = input.read_by_sender ?? INTERACTIVE_CLIENTS.has(client.toLowerCase());
  if (isChannel) {
    if (input.topic === undefined) throw badRequest('Missing topic');
    const target = parseChannelTarget(input.to);
    const topic = normalizeTopicForSend(state.realm, input.topic);
    const content = normalizeContent(state, input.content);
    const channel =
      target.kind === 'id' ? channelByIdOrFail(state, target.id) : channelByNameOrFail(state, target.name);
    checkCanPost(state, sender, channel);
    if (topic === '' && requiresTopic(state, channel)) throw badRequest('Topics are required in this organization');
    const mentions = findMentions(state, content);
    checkWildcardMentions(state, sender, mentions, channel.id, topic);
    const message: NewMessage = {
      sender,
      client,
      content,
      readBySender,
      mentions,
      destination: { type: 'stream', channel, topic },
    };
    return storeMessage(state, message).id;
  }
  const userIds = resolveDirectRecipients(state, input.to);
  const content = normalizeContent(state, input.content);
  checkDirectRecipients(state, sender, userIds);
  const mentions = findMentions(state, content);
  return storeMessage(state, {
    sender,
    client,
    content,
    readBySender,
    mentions: { ...mentions, topicWildcard: false },
    destination: { type: 'private', userIds },
  }).id;
}
