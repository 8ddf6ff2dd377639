import type { ChannelRecord, UserRecord } from '../../store/store';
import { INVALID_CHANNEL_ID } from '../channel-access';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { channelWithMetadataAccess } from '../subscriptions/access';

/** The server's refusal of a public moderation request channel, when set and when made public. */
export const MODERATION_CHANNEL_PRIVATE = 'Moderation request channel must be private.';

/**
 * A channel a realm setting names (new-channel announcements, moderation requests): the server
 * looks it up without requiring content access, so an administrator may name a private channel
 * they are not subscribed to; archived channels are not found.
 */
export function realmSettingChannel(state: MockState, user: UserRecord, channelId: number): ChannelRecord {
  const channel = channelWithMetadataAccess(state, user, channelId);
  if (channel.is_archived) throw badRequest(INVALID_CHANNEL_ID);
  return channel;
}

/** The requested moderation request channel's ID (null: none, for a negative ID), which must be private. */
export function moderationRequestChannel(state: MockState, user: UserRecord, channelId: number): number | null {
  if (channelId < 0) return null;
  const channel = realmSettingChannel(state, user, channelId);
  if (!channel.invite_only) throw badRequest(MODERATION_CHANNEL_PRIVATE);
  return channel.id;
}
