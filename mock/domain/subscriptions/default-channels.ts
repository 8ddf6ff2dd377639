import type { ChannelRecord, UserRecord } from '../../store/store';
import { INVALID_CHANNEL_ID, hasChannelContentAccess } from '../channel-access';
import { badRequest } from '../errors';
import { pythonSetOrder } from '../python-set';
import type { MockState } from '../state';
import { activeChannelWithMetadataAccess } from './access';

/** The server's refusal to make a private channel default. */
const PRIVATE_DEFAULT_CHANNEL = 'Private channels cannot be made default.';

/** Whether new users join this channel. */
export function isDefaultChannel(state: MockState, channelId: number): boolean {
  return state.realm.default_channel_ids.includes(channelId);
}

/**
 * The realm's default channels' IDs as `realm_default_streams` and `default_streams` events list
 * them: the server makes a Python set of its rows' channel IDs and lists that, so the order is
 * the set's, not ascending (with 9 and 5 default, 9 comes first).
 */
export function defaultChannelIds(state: MockState): number[] {
  return pythonSetOrder(state.realm.default_channel_ids);
}

/**
 * Adds or removes a default channel. As on the server, adding one that is already default
 * changes nothing and tells nobody, and removing always tells every non-guest the current list.
 */
export function setDefaultChannel(state: MockState, channelId: number, isDefault: boolean): void {
  const current = state.realm.default_channel_ids;
  if (isDefault) {
    if (current.includes(channelId)) return;
    state.realm.default_channel_ids = [...current, channelId].sort((a, b) => a - b);
  } else {
    state.realm.default_channel_ids = current.filter((id) => id !== channelId);
  }
  state.events.record({ kind: 'default_channels_changed' });
}

/**
 * `POST /default_streams` (administrators): the channel must be one the caller can read, and
 * public.
 */
export function addDefaultChannel(state: MockState, user: UserRecord, channelId: number): void {
  const channel = state.store.tables.channel.get(channelId);
  if (!channel || channel.is_archived || !hasChannelContentAccess(state, user, channel)) throw badRequest(INVALID_CHANNEL_ID);
  if (channel.invite_only) throw badRequest(PRIVATE_DEFAULT_CHANNEL);
  setDefaultChannel(state, channel.id, true);
}

/** `DELETE /default_streams` (administrators, who may name any channel of the realm). */
export function removeDefaultChannel(state: MockState, user: UserRecord, channelId: number): void {
  // The server's `access_stream_by_id`: archived channels are `Invalid channel ID` too.
  const channel: ChannelRecord = activeChannelWithMetadataAccess(state, user, channelId);
  setDefaultChannel(state, channel.id, false);
}
