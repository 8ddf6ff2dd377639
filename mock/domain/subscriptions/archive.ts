import type { ChannelRecord, UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { canAdministerChannel, channelWithMetadataAccess } from './access';
import { isDefaultChannel, setDefaultChannel } from './default-channels';
import { postChannelNotice } from './notices';
import { removeArchivedChannelFromGroups } from '../default-channel-groups/operations';

/** The organization settings that name a channel, in the server's order. */
const REALM_CHANNEL_SETTINGS = [
  'moderation_request_channel_id',
  'new_stream_announcements_stream_id',
  'signup_announcements_stream_id',
  'zulip_update_announcements_stream_id',
] as const;

/**
 * An archived channel stops being the organization's moderation request and announcements
 * channel; every user is told by one `realm` `update_dict` setting each of them to -1 (the
 * server's `maybe_set_moderation_or_announcement_channels_none`).
 */
function clearRealmChannels(state: MockState, channelId: number): void {
  const cleared = REALM_CHANNEL_SETTINGS.filter((setting) => state.realm[setting] === channelId);
  if (cleared.length === 0) return;
  for (const setting of cleared) state.realm[setting] = null;
  state.events.record({ kind: 'realm_changed', op: 'update_dict', data: Object.fromEntries(cleared.map((setting) => [setting, -1])) });
}

/**
 * `DELETE /streams/{stream_id}`: archives a channel as the server does: it keeps its name,
 * messages and subscriptions, refuses new messages, stops being the moderation request,
 * announcements and a default channel, leaves the default channel groups, and Notification Bot says so (read by everyone).
 */
export function archiveChannel(state: MockState, user: UserRecord, channelId: number): void {
  const channel = channelWithMetadataAccess(state, user, channelId);
  if (!canAdministerChannel(state, user, channel)) throw badRequest('You do not have permission to administer this channel.');
  if (channel.is_archived) throw badRequest('Channel is already deactivated');
  state.store.tables.channel.update(channel.id, { is_archived: true });
  clearRealmChannels(state, channel.id);
  if (isDefaultChannel(state, channel.id)) setDefaultChannel(state, channel.id, false);
  removeArchivedChannelFromGroups(state, channel.id);
  state.events.record({ kind: 'channel_archived', channelId: channel.id, name: channel.name });
  const archived = state.store.tables.channel.get(channel.id) ?? channel;
  postChannelNotice(state, archived, `Channel #**${archived.name}** has been archived.`, true);
}

/** Checks that `PATCH /streams/{stream_id}` with `is_archived: false` may unarchive the channel (`do_unarchive_stream`). */
export function checkUnarchive(state: MockState, channel: ChannelRecord): void {
  if (!channel.is_archived) throw badRequest('Channel is not currently deactivated');
  // Subscriptions of deactivated users count, as the server's query includes them.
  if (channel.invite_only && state.store.subscriberIds(channel.id).size === 0) throw badRequest('Channel is private and have no subscribers');
}

/**
 * Unarchives a checked channel: it takes messages again (a private one is no longer web-public),
 * clients are told as for archiving (an `is_archived` update, or `create` for those without the
 * `archived_channels` capability), and Notification Bot says so.
 */
export function unarchiveChannel(state: MockState, channel: ChannelRecord): void {
  state.store.tables.channel.update(channel.id, { is_archived: false, ...(channel.invite_only ? { is_web_public: false } : {}) });
  state.events.record({ kind: 'channel_unarchived', channelId: channel.id });
  const unarchived = state.store.tables.channel.get(channel.id) ?? channel;
  postChannelNotice(state, unarchived, `Channel #**${unarchived.name}** has been unarchived.`);
}
