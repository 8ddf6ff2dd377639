import type { UserRecord } from '../../store/store';
import { ApiFailure, badRequest } from '../errors';
import { isInGroupSetting } from '../group-setting';
import { activeGroupMemberIds } from '../groups';
import type { Mentions } from '../markdown/render';
import type { MockState } from '../state';
import { hasRealmPermission } from '../realm-permission';

/** Wildcard mentions need `can_mention_many_users_group` above this many active subscribers or participants. */
const WILDCARD_MENTION_LARGE_THRESHOLD = 15;

/** Where a channel message goes, for the wildcard checks. */
export interface ChannelTopic {
  readonly channelId: number;
  readonly topic: string;
}

/**
 * A topic's participants as the server counts them for `@**topic**`: everyone who sent a message
 * in it or reacted to one.
 */
export function topicParticipantIds(state: MockState, channelId: number, topic: string): Set<number> {
  const participants = new Set(state.store.topicParticipants(channelId, topic));
  for (const messageId of state.store.topicMessageIds(channelId, topic)) {
    for (const reaction of state.store.reactions.of(messageId)) participants.add(reaction.user_id);
  }
  return participants;
}

/** Whether more than `limit` of these users are active (deactivated users do not count). */
function moreActiveUsersThan(state: MockState, userIds: Iterable<number>, limit: number): boolean {
  let active = 0;
  for (const id of userIds) {
    if (state.store.tables.user.get(id)?.is_active && ++active > limit) return true;
  }
  return false;
}

function checkWildcardMentions(state: MockState, sender: UserRecord, mentions: Mentions, where: ChannelTopic): void {
  if (!mentions.channelWildcard && !mentions.topicWildcard) return;
  if (hasRealmPermission(state, sender, 'can_mention_many_users_group')) return;
  const subscribers = state.store.subscriberIds(where.channelId);
  if (mentions.channelWildcard && moreActiveUsersThan(state, subscribers, WILDCARD_MENTION_LARGE_THRESHOLD)) {
    throw new ApiFailure(
      'You do not have permission to use channel wildcard mentions in this channel.',
      'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
    );
  }
  // Every participant counts here, deactivated ones too (the server counts its participant set).
  const participants = topicParticipantIds(state, where.channelId, where.topic).add(sender.id);
  if (mentions.topicWildcard && participants.size > WILDCARD_MENTION_LARGE_THRESHOLD) {
    throw new ApiFailure(
      'You do not have permission to use topic wildcard mentions in this topic.',
      'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
    );
  }
}

function checkGroupMentions(state: MockState, sender: UserRecord, mentions: Mentions): void {
  for (const groupId of mentions.groupIds) {
    const group = state.store.tables.userGroup.get(groupId);
    if (group && !isInGroupSetting(state, sender, group.can_mention_group)) {
      throw badRequest(`You are not allowed to mention user group '${group.name}'.`);
    }
  }
}

/**
 * Checks that the sender may use the message's non-silent mentions, in the server's order:
 * channel wildcard, topic wildcard (channel messages only), then user groups.
 */
export function checkMentionPermissions(
  state: MockState,
  sender: UserRecord,
  mentions: Mentions,
  where: ChannelTopic | undefined,
): void {
  if (where) checkWildcardMentions(state, sender, mentions, where);
  checkGroupMentions(state, sender, mentions);
}

/** Who gets the `mentioned` flag: users mentioned directly, and the active members of mentioned groups. */
export function mentionedUserIds(state: MockState, mentions: Mentions): Set<number> {
  const ids = new Set(mentions.userIds);
  for (const groupId of mentions.groupIds) {
    for (const userId of activeGroupMemberIds(state, groupId)) ids.add(userId);
  }
  return ids;
}
