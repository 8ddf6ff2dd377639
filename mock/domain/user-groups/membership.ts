import type { UserGroupRecord, UserRecord } from '../../store/store';
import { isSystemBot } from '../accounts/visibility';
import { ApiFailure, badRequest } from '../errors';
import { LEVEL, hasLevel } from '../feature-levels';
import { isInGroup, listedAsMember } from '../groups';
import { postNotice, silentMention } from '../notification-bot';
import type { UserGroupChanged } from '../events/changes';
import type { MockState } from '../state';
import { changeTellingChannelAccess } from '../subscriptions/group-access-changes';
import { groupById, groupForUpdate } from './access';
import { memberUsersByIds } from './lifecycle';
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

/** Whether the realm's server changes the members and subgroups of deactivated groups too (level 391). */
function membershipOfDeactivated(state: MockState): { allowDeactivated: boolean } {
  return { allowDeactivated: hasLevel(state, LEVEL.deactivatedGroupMembership) };
}

/**
 * The group, if the user may change it for their own membership (`own`), or else with `other`:
 * joining falls back to adding members, leaving to removing them, as on the server.
 */
function groupForMembership(state: MockState, user: UserRecord, groupId: number, userIds: readonly number[], own: UserGroupSetting, other: UserGroupSetting): UserGroupRecord {
  if (userIds.length === 1 && userIds[0] === user.id) {
    try {
      return groupForUpdate(state, user, groupId, own, membershipOfDeactivated(state));
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
    }
  }
  return groupForUpdate(state, user, groupId, other, membershipOfDeactivated(state));
}

/** What the request changes, each part checked in the server's order before anything changes (IDs each once). */
interface PlannedMembership {
  readonly group: UserGroupRecord;
  readonly added: readonly number[];
  readonly deleted: readonly number[];
  readonly addedSubgroups: readonly number[];
  readonly deletedSubgroups: readonly number[];
}

function plannedMembership(state: MockState, user: UserRecord, groupId: number, input: MembershipInput): PlannedMembership {
  // Each part looks the group up itself, where the server's does: a missing group is reported
  // only when the part that reaches it first gets there (removing reads its users before it).
  let group: UserGroupRecord | undefined;
  const added: number[] = [];
  if (given(input.add)) {
    group = groupForMembership(state, user, groupId, input.add, 'can_join_group', 'can_add_members_group');
    for (const member of memberUsersByIds(state, input.add)) {
      if (group.members.includes(member.id)) throw badRequest(`User ${member.id} is already a member of this group`);
      added.push(member.id);
    }
  }
  const deleted = [...new Set(input.delete ?? [])];
  if (given(input.delete)) {
    memberUsersByIds(state, input.delete);
    // Leaving is a list of exactly the caller's own ID, as sent: `[me, me]` is removing.
    group = groupForMembership(state, user, groupId, input.delete, 'can_leave_group', 'can_remove_members_group');
    const current = [...group.members, ...added].filter((id) => listedAsMember(state, state.store.tables.user.get(id)));
    for (const removed of deleted) {
      if (!current.includes(removed)) throw badRequest(`There is no member '${removed}' in this user group`);
    }
  }
  const addedSubgroups = [...new Set(input.add_subgroups ?? [])];
  if (addedSubgroups.length > 0) {
    group = groupForUpdate(state, user, groupId, 'can_add_members_group', membershipOfDeactivated(state));
    checkNewSubgroups(state, group.id, group.direct_subgroup_ids, addedSubgroups);
  }
  const deletedSubgroups = [...new Set(input.delete_subgroups ?? [])];
  if (deletedSubgroups.length > 0) {
    group = groupForUpdate(state, user, groupId, 'can_manage_group', membershipOfDeactivated(state));
    checkRemovedSubgroups(state, [...group.direct_subgroup_ids, ...addedSubgroups], deletedSubgroups);
  }
  // updateMembership refuses a request that names no part, so one of them has looked it up.
  group ??= groupById(state, groupId, { allowDeactivated: true });
  return { group, added, deleted, addedSubgroups, deletedSubgroups };
}

/**
 * `POST /user_groups/{user_group_id}/members` (and `/subgroups`): adds and removes members and
 * subgroups; users may join or leave by the group's join and leave settings. Nothing changes
 * unless every part is allowed; then each part is made in turn, as the server's actions: the
 * group's event, then `stream` `create` or `delete` for users who gained or lost sight of a
 * channel through the group, then the Notification Bot's messages.
 */
export function updateMembership(state: MockState, user: UserRecord, groupId: number, input: MembershipInput, emptyRequestMessage: string): void {
  if (!given(input.add) && !given(input.delete) && !given(input.add_subgroups) && !given(input.delete_subgroups)) throw badRequest(emptyRequestMessage);
  const { group, added, deleted, addedSubgroups, deletedSubgroups } = plannedMembership(state, user, groupId, input);
  const table = state.store.tables.userGroup;
  const stored = (): UserGroupRecord => table.get(group.id) ?? group;
  const step = (change: Partial<Pick<UserGroupRecord, 'members' | 'direct_subgroup_ids'>>, event: UserGroupChanged) => {
    changeTellingChannelAccess(state, [group.id], () => {
      table.update(group.id, change);
      state.events.record(event);
    });
  };
  const base = { kind: 'user_group_changed', groupId: group.id } as const;
  if (added.length > 0) {
    step({ members: [...stored().members, ...added] }, { ...base, op: 'add_members', userIds: added });
    tellMembers(state, user, group, added, 'added you to');
  }
  if (deleted.length > 0) {
    step({ members: stored().members.filter((id) => !deleted.includes(id)) }, { ...base, op: 'remove_members', userIds: deleted });
    tellMembers(state, user, group, deleted, 'removed you from');
  }
  if (addedSubgroups.length > 0) {
    const subgroups = [...stored().direct_subgroup_ids, ...addedSubgroups];
    step({ direct_subgroup_ids: subgroups }, { ...base, op: 'add_subgroups', subgroupIds: addedSubgroups });
  }
  if (deletedSubgroups.length > 0) {
    const subgroups = stored().direct_subgroup_ids.filter((id) => !deletedSubgroups.includes(id));
    step({ direct_subgroup_ids: subgroups }, { ...base, op: 'remove_subgroups', subgroupIds: deletedSubgroups });
  }
}

/** The Notification Bot tells each active human someone else added or removed, as the server does. */
function tellMembers(state: MockState, actor: UserRecord, group: UserGroupRecord, userIds: readonly number[] | undefined, what: string): void {
  for (const userId of new Set(userIds ?? [])) {
    const member = state.store.tables.user.get(userId);
    if (!member || member.id === actor.id || member.is_bot || !member.is_active) continue;
    postNotice(state, { type: 'private', userIds: [member.id] }, `${silentMention(actor)} ${what} the group @_*${group.name}*.`);
  }
}

/** The server's refusal when `POST /user_groups/{id}/members` names nothing to change. */
export const NOTHING_TO_DO_MEMBERS = 'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".';
/** The server's refusal when `POST /user_groups/{id}/subgroups` names nothing to change. */
export const NOTHING_TO_DO_SUBGROUPS = 'Nothing to do. Specify at least one of "add" or "delete".';

/** `GET /user_groups/{user_group_id}/members`: the members as listed (the active ones), direct ones or all. */
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
