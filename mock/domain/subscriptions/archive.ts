import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { canAdministerChannel, channelWithMetadataAccess } from './access';
import { isDefaultChannel, setDefaultChannel } from './default-channels';
import { postChannelNotice } from './notices';

/**
 * `DELETE /streams/{stream_id}`: archives a channel as the server does: it keeps its name,
 * messages and subscriptions, refuses new messages, and Notification Bot says so (read by everyone).
 */
export function archiveChannel(state: MockState, user: UserRecord, channelId: number): void {
  const channel = channelWithMetadataAccess(state, user, channelId);
  if (!canAdministerChannel(state, user, channel)) throw badRequest('You do not have permission to administer this channel.');
  if (channel.is_archived) throw badRequest('Channel is already deactivated');
  state.store.tables.channel.update(channel.id, { is_archived: true });
  state.events.record({ kind: 'channel_archived', channelId: channel.id, name: channel.name });
  if (isDefaultChannel(state, channel.id)) setDefaultChannel(state, channel.id, false);
  const archived = state.store.tables.channel.get(channel.id) ?? channel;
  postChannelNotice(state, archived, `Channel #**${archived.name}** has been archived.`, true);
}
