import type { ChannelRecord, UserRecord } from '../store/store';
import { ApiFailure, badRequest } from './errors';
import { isInGroupSetting } from './group-setting';
import type { MockState } from './state';
import { isGuest } from './users';
import { hasGroupContentAccess } from './channel-access';
import { firstUnprintablePosition } from './printable';
import { pythonStrip } from './python-strip';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/** Checks a channel name as the server does before looking it up; returns it stripped (Python's `str.strip`). */
export function checkChannelName(state: MockState, name: string): string {
  const stripped = pythonStrip(name);
  if (stripped === '') throw badRequest("Channel name can't be empty.");
  const characters = [...stripped];
  if (characters.length > state.realm.max_stream_name_length) {
    throw badRequest(`Channel name too long (limit: ${state.realm.max_stream_name_length} characters).`);
  }
  const position = firstUnprintablePosition(stripped);
  if (position !== undefined) throw badRequest(`Invalid character in channel name, at position ${position}.`);
  return stripped;
}

/** The server's `ChannelExistsError`: `CHANNEL_ALREADY_EXISTS`, HTTP 409, naming the channel. */
export function channelExists(name: string): ApiFailure {
  return new ApiFailure(`Channel '${name}' already exists`, 'CHANNEL_ALREADY_EXISTS', 409, { channel_name: name });
}

/** The channel with this name (case-insensitive), or `STREAM_DOES_NOT_EXIST` naming it. */
export function channelByNameOrFail(state: MockState, name: string): ChannelRecord {
  const stripped = checkChannelName(state, name);
  const channel = state.store.channelByName(stripped);
  if (!channel) {
    // The server escapes the name once, for both (StreamDoesNotExistError(escape(name))).
    const escaped = escapeHtml(stripped);
    throw new ApiFailure(`Channel '${escaped}' does not exist`, 'STREAM_DOES_NOT_EXIST', 400, { stream: escaped });
  }
  return channel;
}

/** The channel with this ID, or `STREAM_DOES_NOT_EXIST` with `stream_id`. */
export function channelByIdOrFail(state: MockState, id: number): ChannelRecord {
  const channel = state.store.tables.channel.get(id);
  if (!channel) {
    throw new ApiFailure(`Channel with ID '${id}' does not exist`, 'STREAM_DOES_NOT_EXIST', 400, { stream_id: id });
  }
  return channel;
}

/** Whether the channel is public (not invite-only). */
export function isPublic(channel: ChannelRecord): boolean {
  return !channel.invite_only;
}

/**
 * Throws unless the user may post to the channel: the channel's posting group (a bot outside it
 * may post if its owner is in it), archival, and access to private channels.
 */
export function checkCanPost(state: MockState, sender: UserRecord, channel: ChannelRecord): void {
  const owner =
    sender.is_bot && sender.bot_owner_id !== null ? state.store.tables.user.get(sender.bot_owner_id) : undefined;
  const mayPost = (user: UserRecord | undefined) => user !== undefined && isInGroupSetting(state, user, channel.can_send_message_group);
  if (!mayPost(sender) && !mayPost(owner)) {
    throw badRequest('You do not have permission to post in this channel.');
  }
  // Built only when thrown: an error's stack costs more than the checks on every send.
  const notAuthorized = () => badRequest(`Not authorized to send to channel '${channel.name}'`);
  if (channel.is_archived) throw notAuthorized();
  if (isPublic(channel) && !isGuest(sender)) return;
  if (channel.is_web_public) return;
  if (state.store.isSubscribed(sender.id, channel.id)) return;
  if (owner && state.store.isSubscribed(owner.id, channel.id)) return;
  if (channel.history_public_to_subscribers && hasGroupContentAccess(state, sender, channel)) return;
  throw notAuthorized();
}

/** Whether the empty topic is refused in this channel (its policy, or the realm's when inherited). */
export function requiresTopic(state: MockState, channel: ChannelRecord): boolean {
  return effectiveTopicsPolicy(state, channel) === 'disable_empty_topic';
}

/** Whether the channel allows only the empty topic ("general chat" channels). */
export function allowsOnlyEmptyTopic(state: MockState, channel: ChannelRecord): boolean {
  return effectiveTopicsPolicy(state, channel) === 'empty_topic_only';
}

/** The channel's topics policy, `inherit` resolved to the organization's. */
function effectiveTopicsPolicy(state: MockState, channel: ChannelRecord): string {
  return channel.topics_policy === 'inherit' ? state.realm.topics_policy : channel.topics_policy;
}
