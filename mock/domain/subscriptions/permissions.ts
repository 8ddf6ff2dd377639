import type { ChannelRecord, UserRecord } from '../../store/store';
import { hasChannelContentAccess } from '../channel-access';
import type { MockState } from '../state';
import { hasRole, isGuest } from '../users';
import { isInGroupSetting } from '../group-setting';
import { canAdministerChannel, hasMetadataAccess } from './access';
import { hasRealmPermission } from '../realm-permission';

/** Whether a user may subscribe themselves to an existing channel. */
export function canSubscribeSelf(state: MockState, user: UserRecord, channel: ChannelRecord): boolean {
  if (hasChannelContentAccess(state, user, channel)) return true;
  if (isGuest(user)) return false;
  return (
    isInGroupSetting(state, user, channel.can_subscribe_group) ||
    isInGroupSetting(state, user, channel.can_add_subscribers_group)
  );
}

/**
 * Whether a user may subscribe others to a channel: its `can_add_subscribers_group` (no content
 * access needed), or, with content access, the organization's `can_add_subscribers_group` or
 * administering the channel.
 */
export function canAddSubscribers(state: MockState, user: UserRecord, channel: ChannelRecord): boolean {
  if (isGuest(user)) return false;
  if (isInGroupSetting(state, user, channel.can_add_subscribers_group)) return true;
  if (!hasChannelContentAccess(state, user, channel)) return false;
  return hasRealmPermission(state, user, 'can_add_subscribers_group') || canAdministerChannel(state, user, channel);
}

/**
 * Whether a user may unsubscribe others from all these channels at once, as the server's
 * `bulk_can_remove_subscribers_from_streams` decides: organization administrators always;
 * administrators of every channel; otherwise every channel must be one the user may see and
 * whose `can_remove_subscribers_group` they are in (channels they administer included).
 */
export function canRemoveSubscribersFromAll(state: MockState, user: UserRecord, channels: readonly ChannelRecord[]): boolean {
  if (hasRole(user, 'administrator')) return true;
  if (isGuest(user)) return false;
  if (channels.every((channel) => canAdministerChannel(state, user, channel))) return true;
  return channels.every(
    (channel) => hasMetadataAccess(state, user, channel) && isInGroupSetting(state, user, channel.can_remove_subscribers_group),
  );
}

/** The kind of channel a request would create, for the realm's creation permissions. */
export type ChannelKind = 'public' | 'private' | 'web-public';

/** Whether a user may create channels of a kind. */
export function canCreateChannel(state: MockState, user: UserRecord, kind: ChannelKind): boolean {
  const setting =
    kind === 'private'
      ? 'can_create_private_channel_group'
      : kind === 'web-public'
        ? 'can_create_web_public_channel_group'
        : 'can_create_public_channel_group';
  return hasRealmPermission(state, user, setting);
}
