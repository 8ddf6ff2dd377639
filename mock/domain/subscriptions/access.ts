import type { ChannelRecord, UserRecord } from '../../store/store';
import { INVALID_CHANNEL_ID, hasChannelContentAccess } from '../channel-access';
import { badRequest } from '../errors';
import { isInGroupSetting } from '../group-setting';
import type { MockState } from '../state';
import { hasRole, isGuest } from '../users';

/** Whether a user may administer a channel: organization administrators, and its `can_administer_channel_group`. */
export function canAdministerChannel(state: MockState, user: UserRecord, channel: ChannelRecord): boolean {
  if (hasRole(user, 'administrator')) return true;
  return !isGuest(user) && isInGroupSetting(state, user, channel.can_administer_channel_group);
}

/**
 * Whether a user may know a channel exists (metadata access): content access (which counts its
 * add-subscribers and subscribe groups), and administering it.
 */
export function hasMetadataAccess(state: MockState, user: UserRecord, channel: ChannelRecord): boolean {
  if (hasChannelContentAccess(state, user, channel)) return true;
  return !isGuest(user) && canAdministerChannel(state, user, channel);
}

/**
 * Whether a user is sent a channel's `stream` events (updates, archiving): the server's
 * `can_access_stream_metadata_user_ids`. For a public channel, web-public or not, every non-guest
 * and the guests subscribed to it (a web-public channel's other guests are not told); for a
 * private one, those with metadata access.
 */
export function receivesChannelEvents(state: MockState, user: UserRecord, channel: ChannelRecord): boolean {
  if (!channel.invite_only) return !isGuest(user) || state.store.isSubscribed(user.id, channel.id);
  return hasMetadataAccess(state, user, channel);
}

/** The active users who may know a channel exists (see {@link hasMetadataAccess}), to tell later who gained or lost it. */
export function metadataViewerIds(state: MockState, channel: ChannelRecord): Set<number> {
  return new Set(
    state.store.tables.user
      .all()
      .filter((user) => user.is_active && hasMetadataAccess(state, user, channel))
      .map((user) => user.id),
  );
}

/** The channel with this ID if the user has metadata access to it (archived ones included), else `Invalid channel ID`. */
export function channelWithMetadataAccess(state: MockState, user: UserRecord, channelId: number): ChannelRecord {
  const channel = state.store.tables.channel.get(channelId);
  if (!channel || !hasMetadataAccess(state, user, channel)) throw badRequest(INVALID_CHANNEL_ID);
  return channel;
}

/**
 * Like {@link channelWithMetadataAccess}, for an active channel only: what the server's
 * `access_stream_by_id` without content access answers (`Invalid channel ID` for archived ones too).
 */
export function activeChannelWithMetadataAccess(state: MockState, user: UserRecord, channelId: number): ChannelRecord {
  const channel = channelWithMetadataAccess(state, user, channelId);
  if (channel.is_archived) throw badRequest(INVALID_CHANNEL_ID);
  return channel;
}

/**
 * Whether a user may see who is subscribed to a channel: anyone with content access to it
 * (private channels: their subscribers), organization administrators, and the members of its
 * administer, add-subscribers and subscribe groups (never guests).
 */
export function canSeeSubscribers(state: MockState, user: UserRecord, channel: ChannelRecord): boolean {
  if (hasRole(user, 'administrator')) return true;
  return hasMetadataAccess(state, user, channel);
}
