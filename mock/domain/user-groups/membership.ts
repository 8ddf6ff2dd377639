import type { UserGroupRecord, UserRecord } from '../../store/store';
import { isSystemBot } from '../accounts/visibility';
import { ApiFailure, badRequest } from '../errors';
import { isInGroup } from '../groups';
import { postNotice, silentMention } from '../notification-bot';
import type { MockState } from '../state';
import { groupById, groupForUpdate } from './access';
import { activeUsersByIds } from './lifecycle';
import { directMemberIds, memberIds, subgroupIds } from './read';
import type { UserGroupSetting } from './settings';
import { checkNewSubgroups, checkRemovedSubgroups } from './subgroups';

/** What `POST /user_groups/{id}/members` reads (`add_subgroups`/`delete_subgroups` also via `/subgroups`). */
export interface MembershipInput {
  readonly add?: readonly number[] | undefined;
  readonly delete?: readonly number[] | undefined;
  readonly add_subgroups?: readonly number[] | undefined;
  readonly delete_subgroups?: readonly number[] | undefined;
}

const given = (ids: readonly number[] | undefined): ids is readonly number[] => ids !== undefined && ids.length > 0;

/**
 * The group, if the user may change it for their own membership (`own`), or else with `other`:
 * joining falls back to adding members, leaving to removing them, as on the server.
 */
function groupForMembership(state: MockState, user: UserRecord, groupId: number, userIds: readonly number[], own: UserGroupSetting, other: UserGroupSetting): UserGroupRecord {
  if (userIds.length === 1 && userIds[0] === user.id) {
    try {
      return groupForUpdate(state, user, groupId, own, { allowDeactivated: true });
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
    }
  }
  return groupForUpdate(state, user, groupId, other, { allowDeactivated: true });
}

/** The membership after the request, every part checked in the server's order before anything changes. */
function plannedMembership(state: MockState, user: UserRecord, groupId: number, input: MembershipInput) {
  let group = groupById(state, groupId, { allowDeactivated: true });
  let members = [...group.members];
  let subgroups = [...group.direct_subgroup_ids];
  if (given(input.add)) {
    group = groupForMembership(state, user, groupId, input.add, 'can_join_group', 'can_add_members_group');
    for (const added of activeUsersByIds(state, input.add)) {
      if (members.includes(added.id)) throw badRequest(`User ${added.id} is already a member of this group`);
      members.push(added.id);
    }
  }
  if (given(input.delete)) {
    activeUsersByIds(state, input.delete);
    group = groupForMembership(state, user, groupId, input.delete, 'can_leave_group', 'can_remove_members_group');
    const current = members.filter((id) => state.store.tables.user.get(id)?.is_active === true);
    for (const removed of input.delete) {
      if (!current.includes(removed)) throw badRequest(`There is no member '${removed}' in this user group`);
    }
    members = members.filter((id) => !input.delete?.includes(id));
  }
  if (given(input.add_subgroups)) {
    // Unlike members, subgroups change only in an active group (the server's subgroup lock).
    group = groupForUpdate(state, user, groupId, 'can_add_members_group');
    checkNewSubgroups(state, group.id, subgroups, input.add_subgroups);
    subgroups = [...new Set([...subgroups, ...input.add_subgroups])];
  }
  if (given(input.delete_subgroups)) {
    group = groupForUpdate(state, user, groupId, 'can_manage_group');
    checkRemovedSubgroups(state, subgroups, input.delete_subgroups);
    subgroups = subgroups.filter((id) => !input.delete_subgroups?.includes(id));
  }
  return { group, members, subgroups };
}

/**
 * `POST /user_groups/{user_group_id}/members` (and `/subgroups`): adds and removes members and
 * subgroups in one step; users may join or leave by the group's join and leave settings. Nothing
 * changes unless every part is allowed.
 */
export function updateMembership(state: MockState, user: UserRecord, groupId: number, input: MembershipInput, emptyRequestMessage: string): void {
  if (!given(input.add) && !given(input.delete) && !given(input.add_subgroups) && !given(input.delete_subgroups)) throw badRequest(emptyRequestMessage);
  const { group, members, subgroups } = plannedMembership(state, user, groupId, input);
  state.store.tables.userGroup.update(group.id, { members, direct_subgroup_ids: subgroups });
  const record = (op: 'add_members' | 'remove_members', ids: readonly number[] | undefined) => {
    if (given(ids)) state.events.record({ kind: 'user_group_changed', groupId: group.id, op, userIds: [...new Set(ids)] });
  };
  const recordSubgroups = (op: 'add_subgroups' | 'remove_subgroups', ids: readonly number[] | undefined) => {
    if (given(ids)) state.events.record({ kind: 'user_group_changed', groupId: group.id, op, subgroupIds: [...new Set(ids)] });
  };
  record('add_members', input.add);
  tellMembers(state, user, group, input.add, 'added you to');
  record('remove_members', input.delete);
  tellMembers(state, user, group, input.delete, 'removed you from');
  recordSubgroups('add_subgroups', input.add_subgroups);
  recordSubgroups('remove_subgroups', input.delete_subgroups);
}

/** The Notification Bot tells each human someone else added or removed, as the server does. */
function tellMembers(state: MockState, actor: UserRecord, group: UserGroupRecord, userIds: readonly number[] | undefined, what: string): void {
  for (const userId of new Set(userIds ?? [])) {
    const member = state.store.tables.user.get(userId);
    if (!member || member.id === actor.id || member.is_bot) continue;
    postNotice(state, { type: 'private', userIds: [member.id] }, `${silentMention(actor)} ${what} the group @_*${group.name}*.`);
  }
}

/** The server's refusal when `POST /user_groups/{id}/members` names nothing to change. */
export const NOTHING_TO_DO_MEMBERS = 'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".';
/** The server's refusal when `POST /user_groups/{id}/subgroups` names nothing to change. */
export const NOTHING_TO_DO_SUBGROUPS = 'Nothing to do. Specify at least one of "add" or "delete".';

/** `GET /user_groups/{user_group_id}/members`: the active members, direct ones or all. */
export function groupMembers(state: MockState, groupId: number, directOnly: boolean): number[] {
  return memberIds(state, groupById(state, groupId), directOnly);
}

/** `GET /user_groups/{user_group_id}/subgroups`: the subgroups, direct ones or all. */
export function groupSubgroups(state: MockState, groupId: number, directOnly: boolean): number[] {
  return subgroupIds(state, groupById(state, groupId), directOnly);
}

/** `GET /user_groups/{user_group_id}/members/{user_id}`: whether an active human (or bot) user is in the group. */
export function isGroupMember(state: MockState, groupId: number, userId: number, directOnly: boolean): boolean {
  const group = groupById(state, groupId);
  const target = state.store.tables.user.get(userId);
  if (!target || isSystemBot(target) || target.is_bot) throw badRequest('No such user');
  if (!target.is_active) throw badRequest('User is deactivated');
  return directOnly ? directMemberIds(state, group).includes(target.id) : isInGroup(state, target, group.id);
}
