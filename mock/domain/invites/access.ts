import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { RecordOf } from '../../store/models';
import type { ChannelRecord, UserRecord } from '../../store/store';
import { accessChannelById } from '../channel-access';
import { badRequest, roleRequired } from '../errors';
import { isInGroupSetting } from '../group-setting';
import { hasRealmPermission } from '../realm-permission';
import type { MockState } from '../state';
import { groupForUpdate } from '../user-groups/access';
import { hasRole, isGuest } from '../users';

/** The server's answer for an invitation that does not exist or belongs to no one the caller may manage. */
const NO_SUCH_INVITATION = 'No such invitation';

/** Whether a user may send email invitations (the realm's `can_invite_users_group`). */
export function canInviteByEmail(state: MockState, user: UserRecord): boolean {
  return hasRealmPermission(state, user, 'can_invite_users_group');
}

/** Whether a user may create reusable invitation links (the realm's `create_multiuse_invite_group`). */
export function canCreateInviteLink(state: MockState, user: UserRecord): boolean {
  return hasRealmPermission(state, user, 'create_multiuse_invite_group');
}

/**
 * The server's `check_role_based_permissions`: only owners invite (or manage invitations of)
 * owners, with `UNAUTHORIZED_PRINCIPAL`; where administrators are needed, anyone else gets a
 * plain `BAD_REQUEST`.
 */
function checkInviteRole(user: UserRecord, invitedAs: number, requireAdmin: boolean): void {
  if (invitedAs === ROLE_VALUES.owner && user.role !== ROLE_VALUES.owner) throw roleRequired('Must be an organization owner');
  if (requireAdmin && !hasRole(user, 'administrator')) throw badRequest('Must be an organization administrator');
}

/** Inviting as an owner, administrator or moderator needs an administrator (owners: an owner). */
export function checkInviteAs(user: UserRecord, invitedAs: number): void {
  checkInviteRole(user, invitedAs, invitedAs !== ROLE_VALUES.member && invitedAs !== ROLE_VALUES.guest);
}

/**
 * The channels of `stream_ids` (`access_streams_for_invite`): each one the caller can access, then
 * each a default channel or one they may add subscribers to.
 */
export function channelsForInvite(state: MockState, user: UserRecord, channelIds: readonly number[]): ChannelRecord[] {
  const channels = channelIds.map((id) => {
    try {
      return accessChannelById(state, user, id);
    } catch {
      throw badRequest(`Invalid channel ID ${id}. No invites were sent.`);
    }
  });
  const allowed = (channel: ChannelRecord) =>
    state.realm.default_channel_ids.includes(channel.id) ||
    isInGroupSetting(state, user, channel.can_administer_channel_group) ||
    isInGroupSetting(state, user, channel.can_add_subscribers_group);
  const free = hasRealmPermission(state, user, 'can_add_subscribers_group') || hasRole(user, 'administrator');
  if (!free && channels.some((channel) => isGuest(user) || !allowed(channel))) {
    throw badRequest('You do not have permission to subscribe other users to channels.');
  }
  return channels;
}

/** The groups of `group_ids`, each one the caller may add members to. */
export function groupsForInvite(state: MockState, user: UserRecord, groupIds: readonly number[] | undefined): number[] {
  return (groupIds ?? []).map((id) => groupForUpdate(state, user, id, 'can_add_members_group').id);
}

/** An email invitation the caller may manage (`access_invite_by_id`). */
export function emailInviteFor(state: MockState, user: UserRecord, inviteId: number): RecordOf<'emailInvite'> {
  const invite = state.store.tables.emailInvite.get(inviteId);
  if (!invite) throw badRequest(NO_SUCH_INVITATION);
  if (invite.referred_by !== user.id) checkInviteRole(user, invite.invited_as, true);
  return invite;
}

/** A reusable link the caller may manage and that is not revoked (`access_multiuse_invite_by_id`). */
export function inviteLinkFor(state: MockState, user: UserRecord, inviteId: number): RecordOf<'multiuseInvite'> {
  const invite = state.store.tables.multiuseInvite.get(inviteId);
  if (!invite) throw badRequest(NO_SUCH_INVITATION);
  if (invite.referred_by !== user.id) checkInviteRole(user, invite.invited_as, true);
  if (invite.status === REVOKED) throw badRequest('Invitation has already been revoked');
  return invite;
}

/** The server's `STATUS_REVOKED`. */
export const REVOKED = 2;
