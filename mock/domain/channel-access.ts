import type { ChannelRecord, UserRecord } from '../store/store';
import { badRequest } from './errors';
import type { MockState } from './state';
import { isGuest } from './users';
import { isInGroupSetting } from './group-setting';
import { pythonStrip } from './python-strip';

/** The server's answer for a channel that does not exist or that the user may not access. */
export const INVALID_CHANNEL_ID = 'Invalid channel ID';

/**
 * Whether a user is in one of the channel's groups that give its content without a subscription,
 * its `can_subscribe_group` or `can_add_subscribers_group` (the server's
 * `is_user_in_groups_granting_content_access`), guests included: the server leaves the guest
 * check to its callers, and one of them (the file access check) makes none.
 */
export function isInContentAccessGroups(state: MockState, user: UserRecord, channel: ChannelRecord): boolean {
  return isInGroupSetting(state, user, channel.can_subscribe_group) || isInGroupSetting(state, user, channel.can_add_subscribers_group);
}

/**
 * Whether the channel's groups give a user its content without a subscription: members of its
 * `can_subscribe_group` or `can_add_subscribers_group`, never guests.
 */
export function hasGroupContentAccess(state: MockState, user: UserRecord, channel: ChannelRecord): boolean {
  return !isGuest(user) && isInContentAccessGroups(state, user, channel);
}

/**
 * Whether a user's received copies of a channel's messages still count (the server's base
 * search query, which mirrors `bulk_access_stream_messages_query` so that copies left over from
 * a subscription no longer grant access): an active subscription, or for non-guests a public
 * channel or a private one whose groups give content access.
 */
export function keepsReceivedCopies(state: MockState, user: UserRecord, channel: ChannelRecord): boolean {
  if (state.store.isSubscribed(user.id, channel.id)) return true;
  if (isGuest(user)) return false;
  return !channel.invite_only || hasGroupContentAccess(state, user, channel);
}

/**
 * Whether a user may access a channel's content: web-public channels, and those whose received
 * copies still count for them (`keepsReceivedCopies`: a subscription, or for non-guests public
 * channels and private ones whose groups grant it). Administrators get no exception for private
 * channels.
 */
export function hasChannelContentAccess(state: MockState, user: UserRecord, channel: ChannelRecord): boolean {
  return channel.is_web_public || keepsReceivedCopies(state, user, channel);
}

/**
 * The channel with this ID if the user may access it and it is not archived, else the server's
 * `"Invalid channel ID"` (the same answer for channels that do not exist, so as not to reveal them).
 */
export function accessChannelById(state: MockState, user: UserRecord, channelId: number): ChannelRecord {
  const channel = state.store.tables.channel.get(channelId);
  if (!channel || channel.is_archived || !hasChannelContentAccess(state, user, channel)) {
    throw badRequest(INVALID_CHANNEL_ID);
  }
  return channel;
}

/** Like {@link accessChannelById}, by name (case-insensitive), with the server's by-name message. */
export function accessChannelByName(state: MockState, user: UserRecord, name: string): ChannelRecord {
  const channel = state.store.channelByName(pythonStrip(name));
  if (!channel || channel.is_archived || !hasChannelContentAccess(state, user, channel)) {
    throw badRequest(`Invalid channel name '${name}'`);
  }
  return channel;
}
