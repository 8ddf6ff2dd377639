import type { ChannelRecord, UserRecord } from '../../store/store';
import { isPublic } from '../channels';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { isGuest } from '../users';

/**
 * The channel if the user may access it (the server's `access_stream_by_id`): not archived, and
 * web-public, public to a non-guest, or one the user is subscribed to. Anything else, an
 * unknown ID included, is the server's "Invalid channel ID".
 */
export function accessibleChannelOrFail(state: MockState, user: UserRecord, channelId: number): ChannelRecord {
  const channel = state.store.tables.channel.get(channelId);
  const accessible =
    channel !== undefined &&
    !channel.is_archived &&
    (channel.is_web_public ||
      (isPublic(channel) && !isGuest(user)) ||
      state.store.isSubscribed(user.id, channel.id));
  if (!accessible) throw badRequest('Invalid channel ID');
  return channel;
}
