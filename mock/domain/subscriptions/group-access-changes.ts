import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { ChannelRecord, UserRecord } from '../../store/store';
import { isInGroupSettingWithout } from '../group-setting';
import type { MockState } from '../state';
import { hasRole, isGuest } from '../users';
import { hasMetadataAccess, metadataViewerIds } from './access';

/** The channel settings whose members may see a private channel without a subscription. */
const SETTINGS_GRANTING_METADATA_ACCESS = ['can_add_subscribers_group', 'can_administer_channel_group', 'can_subscribe_group'] as const;

/** The groups given and every group containing one of them, however deep (deactivated ones too). */
function supergroupIds(state: MockState, groupIds: readonly number[]): Set<number> {
  const found = new Set(groupIds);
  const groups = state.store.tables.userGroup.all();
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of groups) {
      if (found.has(group.id) || !group.direct_subgroup_ids.some((id) => found.has(id))) continue;
      found.add(group.id);
      grew = true;
    }
  }
  return found;
}

/** Whether a setting's value is one of the groups, or an anonymous group with one of them as a subgroup. */
function namesAny(value: GroupSettingValue, groupIds: ReadonlySet<number>): boolean {
  return typeof value === 'number' ? groupIds.has(value) : value.direct_subgroups.some((id) => groupIds.has(id));
}

/** Channels (archived ones too) whose metadata-granting settings name one of the groups or a group above one. */
function channelsOpenedBy(state: MockState, groupIds: readonly number[]): ChannelRecord[] {
  const groups = supergroupIds(state, groupIds);
  return state.store.tables.channel
    .all()
    .filter((channel) => SETTINGS_GRANTING_METADATA_ACCESS.some((setting) => namesAny(channel[setting], groups)))
    .sort((a, b) => a.id - b.id);
}

/**
 * Makes a change to the members or subgroups of groups (`change` stores it and records its own
 * events), then tells who gained or lost sight of the channels those groups open, as the server's
 * membership actions do: only a group membership moves, so the channel itself sends no update.
 *
 * @example
 * const group = store.userGroupByName('hamletcharacters')!;
 * const userIds = [othelloId];
 * const members = [...group.members, ...userIds];
 * changeTellingChannelAccess(state, [group.id], () => {
 *   state.store.tables.userGroup.update(group.id, { members });
 *   state.events.record({ kind: 'user_group_changed', groupId: group.id, op: 'add_members', userIds });
 * });
 */
export function changeTellingChannelAccess(state: MockState, groupIds: readonly number[], change: () => void): void {
  const channels = channelsOpenedBy(state, groupIds);
  const hadAccess = channels.map((channel) => metadataViewerIds(state, channel));
  change();
  channels.forEach((channel, index) => {
    state.events.record({ kind: 'channel_access_changed', channelId: channel.id, hadAccess: hadAccess[index] ?? new Set() });
  });
}

/**
 * Whether a user saw a private channel before joining a group, as the server's
 * `bulk_can_access_stream_metadata_user_ids` counts it: a subscription, an administrator's role,
 * or (never for guests) a group setting granting sight that holds them without that group.
 */
function sawWithout(state: MockState, user: UserRecord, channel: ChannelRecord, groupId: number): boolean {
  if (state.store.isSubscribed(user.id, channel.id) || hasRole(user, 'administrator')) return true;
  if (isGuest(user)) return false;
  return SETTINGS_GRANTING_METADATA_ACCESS.some((setting) => isInGroupSettingWithout(state, user, channel[setting], groupId));
}

/**
 * Tells a user who has just joined a system group by a role change (the mock derives those from
 * roles, so the user already counts as a member) about the private channels they see only through
 * it, as the server's `bulk_add_members_to_user_groups` does when a role change makes someone a
 * full member: `stream` `create` and the subscribers of each, by channel, archived ones too.
 * Public channels are left out: who sees them follows the role alone, told afterwards.
 *
 * @example
 * const user = store.userByApiEmail('hamlet@zulip.com')!;
 * recordSightGainedByJoining(state, user, state.realm.system_groups['role:fullmembers']);
 */
export function recordSightGainedByJoining(state: MockState, user: UserRecord, groupId: number): void {
  for (const channel of channelsOpenedBy(state, [groupId])) {
    if (!channel.invite_only || sawWithout(state, user, channel, groupId) || !hasMetadataAccess(state, user, channel)) continue;
    const hadAccess = metadataViewerIds(state, channel);
    hadAccess.delete(user.id);
    state.events.record({ kind: 'channel_access_changed', channelId: channel.id, hadAccess });
  }
}
