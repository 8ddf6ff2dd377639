import type { ChannelRecord, MessageRecord, UserRecord } from '../../../store/store';
import { canRead } from '../access';
import { ApiFailure, badRequest } from '../../errors';
import { isInGroupSetting } from '../../group-setting';
import type { MockState } from '../../state';
import { hasRole } from '../../users';
import { hasLevel, LEVEL } from '../../feature-levels';
import { canAdministerChannel } from '../../subscriptions/access';
import { type EditRequest, isMove } from './request';
import { hasRealmPermission } from '../../realm-permission';

/** The server allows 20 s past each edit and move limit, for clients' clock skew and latency. */
const LIMIT_GRACE_SECONDS = 20;

/** Whether more than `limitSeconds` (plus the grace) have passed since the message was sent. */
function isPastLimit(state: MockState, message: MessageRecord, limitSeconds: number | null): boolean {
  if (limitSeconds === null) return false;
  return state.clock.now() - message.sent_at_ms > (limitSeconds + LIMIT_GRACE_SECONDS) * 1000;
}

/** Moderators, administrators and owners move messages regardless of the time limits. */
function ignoresMoveLimits(editor: UserRecord): boolean {
  return hasRole(editor, 'moderator');
}

/** Content edits: editing on in the realm, the sender only, within the edit limit. */
export function checkCanEditContent(state: MockState, editor: UserRecord, message: MessageRecord): void {
  if (!state.realm.allow_message_editing) throw badRequest('Your organization has turned off message editing');
  if (message.sender_id !== editor.id) throw badRequest("You don't have permission to edit this message");
  if (isPastLimit(state, message, state.realm.message_content_edit_limit_seconds)) {
    throw badRequest('The time limit for editing this message has passed');
  }
}

/**
 * Whether the editor may move messages by a channel-level permission (the server's
 * `can_move_messages_within_channel` and `can_move_messages_out_of_channel`, from level 396):
 * realm administrators, the channel's administrators and the channel's group for that move.
 */
function movesByChannel(
  state: MockState,
  editor: UserRecord,
  channel: ChannelRecord | undefined,
  setting: 'can_move_messages_within_channel_group' | 'can_move_messages_out_of_channel_group',
): boolean {
  if (!channel || !hasLevel(state, LEVEL.channelMovePermissions)) return false;
  return canAdministerChannel(state, editor, channel) || isInGroupSetting(state, editor, channel[setting]);
}

/** Whether the channel's own `can_resolve_topics_group` lets the editor resolve its topics (from level 402). */
function resolvesInChannel(state: MockState, editor: UserRecord, channel: ChannelRecord | undefined): boolean {
  if (!channel || !hasLevel(state, LEVEL.channelResolvePermission)) return false;
  return isInGroupSetting(state, editor, channel.can_resolve_topics_group);
}

/**
 * Topic changes: resolving needs the realm's `can_resolve_topics_group` or that of the origin or
 * target channel (below level 367, which added it, resolving is a move as any other); other moves
 * the realm's topic-move group or a channel-level move permission in the origin or target channel
 * (`can_edit_topic`), then the time limit.
 */
export function checkCanChangeTopic(state: MockState, editor: UserRecord, request: EditRequest): void {
  if (!request.topicEdited) return;
  if ((request.topicResolved || request.topicUnresolved) && hasLevel(state, LEVEL.canResolveTopicsGroup)) {
    const mayResolve =
      hasRealmPermission(state, editor, 'can_resolve_topics_group') ||
      resolvesInChannel(state, editor, request.origChannel) ||
      resolvesInChannel(state, editor, request.targetChannel);
    if (!mayResolve) {
      throw badRequest(
        hasLevel(state, LEVEL.channelResolvePermission)
          ? "You don't have permission to resolve topics in this channel."
          : "You don't have permission to resolve topics.",
      );
    }
    return;
  }
  const mayMove =
    hasRealmPermission(state, editor, 'can_move_messages_between_topics_group') ||
    movesByChannel(state, editor, request.origChannel, 'can_move_messages_within_channel_group') ||
    movesByChannel(state, editor, request.targetChannel, 'can_move_messages_within_channel_group');
  if (!mayMove) throw badRequest("You don't have permission to edit this message");
  if (!ignoresMoveLimits(editor) && isPastLimit(state, request.message, state.realm.move_messages_within_stream_limit_seconds)) {
    throw badRequest("The time limit for editing this message's topic has passed.");
  }
}

/**
 * Channel moves: the realm's channel-move group or a channel-level permission to move messages
 * out of the origin channel (`can_move_messages_out_of_channel`), posting rights in the target,
 * and the limit.
 */
export function checkCanChangeChannel(state: MockState, editor: UserRecord, request: EditRequest): void {
  if (!request.channelEdited || !request.targetChannel) return;
  const mayMove =
    hasRealmPermission(state, editor, 'can_move_messages_between_channels_group') ||
    movesByChannel(state, editor, request.origChannel, 'can_move_messages_out_of_channel_group');
  if (!mayMove) throw badRequest("You don't have permission to move this message");
  if (!isInGroupSetting(state, editor, request.targetChannel.can_send_message_group)) {
    throw badRequest('You do not have permission to post in this channel.');
  }
  if (!ignoresMoveLimits(editor) && isPastLimit(state, request.message, state.realm.move_messages_between_streams_limit_seconds)) {
    throw badRequest("The time limit for editing this message's channel has passed");
  }
}

/** The strictest move limit that applies to this move, or null. */
function moveLimitSeconds(state: MockState, request: EditRequest): number | null {
  const limits = [
    request.topicEdited ? state.realm.move_messages_within_stream_limit_seconds : null,
    request.channelEdited ? state.realm.move_messages_between_streams_limit_seconds : null,
  ].filter((limit): limit is number => limit !== null);
  return limits.length === 0 ? null : Math.min(...limits);
}

/**
 * A `change_all` move by someone bound by the time limits must be able to move every message of
 * the topic they can see, else `MOVE_MESSAGES_TIME_LIMIT_EXCEEDED` says how many they could move.
 */
export function checkCanMoveWholeTopic(state: MockState, editor: UserRecord, request: EditRequest): void {
  if (request.propagateMode !== 'change_all' || !isMove(request) || ignoresMoveLimits(editor)) return;
  if (request.topicResolved || request.topicUnresolved) return;
  const limit = moveLimitSeconds(state, request);
  if (limit === null || request.message.channel_id === null) return;
  const visible = [...state.store.topicMessageIds(request.message.channel_id, request.origTopic)]
    .sort((a, b) => a - b)
    .map((id) => state.store.tables.message.get(id))
    .filter((message): message is MessageRecord => message !== undefined && canRead(state, editor, message));
  // Here the server keeps only messages sent strictly after the deadline: one sent exactly at it,
  // which the single-message checks still allow, does not count as movable.
  const deadlineMs = state.clock.now() - (limit + LIMIT_GRACE_SECONDS) * 1000;
  const allowed = visible.filter((message) => message.sent_at_ms > deadlineMs);
  if (allowed.length === visible.length) return;
  throw new ApiFailure(
    `You only have permission to move the ${allowed.length}/${visible.length} most recent messages in this topic.`,
    'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    400,
    {
      first_message_id_allowed_to_move: allowed[0]?.id ?? null,
      total_messages_in_topic: visible.length,
      total_messages_allowed_to_move: allowed.length,
    },
  );
}
