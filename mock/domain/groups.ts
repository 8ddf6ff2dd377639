import { ROLE_VALUES } from '../../src/contract/endpoint';
import type { UserGroupRecord, UserRecord } from '../store/store';
import { hasLevel, LEVEL } from './feature-levels';
import { type MockState, SYSTEM_GROUP_NAMES, type SystemGroupName } from './state';

/** The least privileged role value inside each system group (null: nobody). */
const SYSTEM_GROUP_MAX_ROLE: Record<SystemGroupName, number | null> = {
  'role:nobody': null,
  'role:owners': ROLE_VALUES.owner,
  'role:administrators': ROLE_VALUES.administrator,
  'role:moderators': ROLE_VALUES.moderator,
  'role:fullmembers': ROLE_VALUES.member,
  'role:members': ROLE_VALUES.member,
  'role:everyone': ROLE_VALUES.guest,
  'role:internet': ROLE_VALUES.guest,
};

const SYSTEM_GROUP_DESCRIPTIONS: Record<SystemGroupName, string> = {
  'role:nobody': 'Nobody',
  'role:owners': 'Owners of this organization',
  'role:administrators': 'Administrators of this organization, including owners',
  'role:moderators': 'Moderators of this organization, including administrators',
  'role:fullmembers': 'Members of this organization, not including new accounts and guests',
  'role:members': 'Members of this organization, not including guests',
  'role:everyone': 'Everyone in this organization, including guests',
  'role:internet': 'Everyone on the Internet',
};

/** How mentions of system groups read in rendered messages (`@*role:members*` shows `@Members`). */
const SYSTEM_GROUP_DISPLAY_NAMES: Record<SystemGroupName, string> = {
  'role:nobody': 'Nobody',
  'role:owners': 'Owners',
  'role:administrators': 'Administrators',
  'role:moderators': 'Moderators',
  'role:fullmembers': 'Full members',
  'role:members': 'Members',
  'role:everyone': 'Everyone',
  'role:internet': 'Everyone on the internet',
};

function isSystemGroupName(name: string): name is SystemGroupName {
  return name in SYSTEM_GROUP_DISPLAY_NAMES;
}

/** The name a group shows in a rendered mention: its name, or a system group's display name. */
export function groupDisplayName(group: UserGroupRecord): string {
  return group.is_system_group && isSystemGroupName(group.name) ? SYSTEM_GROUP_DISPLAY_NAMES[group.name] : group.name;
}

/** The six permission settings of a group, all set to one group. */
export function uniformGroupSettings(groupId: number) {
  return {
    can_add_members_group: groupId,
    can_join_group: groupId,
    can_leave_group: groupId,
    can_manage_group: groupId,
    can_mention_group: groupId,
    can_remove_members_group: groupId,
  };
}

/**
 * Whether a member is kept out of `role:fullmembers` (a provisional member) by the membership last
 * computed, which the server stores and changes only when the waiting period changes, the user's
 * role changes or its daily job runs (`user-groups/full-members.ts` computes it).
 */
export function isProvisionalMember(state: Pick<MockState, 'realm'>, user: Pick<UserRecord, 'id' | 'role'>): boolean {
  return user.role === ROLE_VALUES.member && provisionalMemberSet(state.realm.provisional_member_ids).has(user.id);
}

// Each list is replaced rather than changed, so a set built once per list stays in step with it.
const provisionalMemberSets = new WeakMap<readonly number[], ReadonlySet<number>>();

function provisionalMemberSet(ids: readonly number[]): ReadonlySet<number> {
  let set = provisionalMemberSets.get(ids);
  if (!set) {
    set = new Set(ids);
    provisionalMemberSets.set(ids, set);
  }
  return set;
}

/**
 * The system groups a user is a direct member of by their role: their role's group, and for
 * members also `role:fullmembers` unless they are provisional (their account is younger than the
 * realm's waiting period; see `user-groups/full-members.ts`). System group membership is this and
 * {@link isSystemGroupMember}, both deciding full membership by {@link isProvisionalMember} alone.
 */
export function directSystemGroupIds(state: Pick<MockState, 'realm'>, user: Pick<UserRecord, 'id' | 'role'>): number[] {
  const groups = state.realm.system_groups;
  switch (user.role) {
    case ROLE_VALUES.owner:
      return [groups['role:owners']];
    case ROLE_VALUES.administrator:
      return [groups['role:administrators']];
    case ROLE_VALUES.moderator:
      return [groups['role:moderators']];
    case ROLE_VALUES.member:
      return isProvisionalMember(state, user) ? [groups['role:members']] : [groups['role:members'], groups['role:fullmembers']];
    default:
      return [groups['role:everyone']];
  }
}

/** Every group a user is a direct member of, by ID: their system groups ({@link directSystemGroupIds}) and the other groups listing them. */
export function directGroupIds(state: Pick<MockState, 'realm' | 'store'>, user: Pick<UserRecord, 'id' | 'role'>): number[] {
  const named = state.store.tables.userGroup.all().filter((group) => !group.is_system_group && group.members.includes(user.id));
  return [...directSystemGroupIds(state, user), ...named.map((group) => group.id)].sort((a, b) => a - b);
}

/**
 * Whether a user is in a system group, directly or through the role groups it contains (each
 * contains the next more privileged one): their role is at most the group's least privileged
 * one, and for `role:fullmembers` a member is not provisional ({@link directSystemGroupIds}).
 */
function isSystemGroupMember(state: Pick<MockState, 'realm'>, user: Pick<UserRecord, 'id' | 'role'>, group: UserGroupRecord): boolean {
  if (group.max_role === null || user.role > group.max_role) return false;
  return group.id !== state.realm.system_groups['role:fullmembers'] || !isProvisionalMember(state, user);
}

/** Creates the system groups of a new realm; returns their IDs by name. */
export function createSystemGroups(state: Pick<MockState, 'store'>): Record<SystemGroupName, number> {
  const ids = {} as Record<SystemGroupName, number>;
  let previous: number | undefined;
  for (const name of SYSTEM_GROUP_NAMES) {
    const id = state.store.ids.next('userGroup');
    state.store.tables.userGroup.insert({
      id,
      name,
      description: SYSTEM_GROUP_DESCRIPTIONS[name],
      is_system_group: true,
      max_role: SYSTEM_GROUP_MAX_ROLE[name],
      // Each role group contains the next more privileged one (owners ⊂ administrators ⊂ ...).
      direct_subgroup_ids: previous === undefined || name === 'role:owners' ? [] : [previous],
      deactivated: false,
      creator_id: null,
      date_created: null,
      // Every setting of a system group is role:nobody (which is created first).
      ...uniformGroupSettings(ids['role:nobody'] ?? id),
    });
    ids[name] = id;
    previous = id;
  }
  return ids;
}

/**
 * Whether a user belongs to a group, directly, through a subgroup, or by role (system groups).
 * A deactivated group still counts, as a subgroup or a setting's value (the server's recursive
 * queries do not filter them); mentions and the API refuse deactivated groups before this.
 */
export function isInGroup(state: MockState, user: UserRecord, groupId: number, seen = new Set<number>()): boolean {
  if (seen.has(groupId)) return false;
  seen.add(groupId);
  const group = state.store.tables.userGroup.get(groupId);
  if (!group) return false;
  if (group.is_system_group) return isSystemGroupMember(state, user, group);
  if (group.members.includes(user.id)) return true;
  return group.direct_subgroup_ids.some((subgroup) => isInGroup(state, user, subgroup, seen));
}

/**
 * Whether the API lists a user among groups' members and in anonymous group-setting values: while
 * active, and deactivated too on servers before level 303, which kept them there (and let them be
 * added and removed).
 */
export function listedAsMember(state: MockState, user: UserRecord | undefined): user is UserRecord {
  return user !== undefined && (user.is_active || !hasLevel(state, LEVEL.deactivatedUsersOutOfGroups));
}

/** IDs of the users in a group that `counts`, directly, through subgroups (deactivated ones too), or by role (system groups). */
function groupMemberIds(state: MockState, groupId: number, counts: (user: UserRecord | undefined) => boolean): Set<number> {
  const members = new Set<number>();
  const visit = (id: number, seen: Set<number>): void => {
    if (seen.has(id)) return;
    seen.add(id);
    const group = state.store.tables.userGroup.get(id);
    if (!group) return;
    if (group.is_system_group) {
      if (group.max_role === null) return;
      for (const user of state.store.tables.user.all()) {
        if (counts(user) && isSystemGroupMember(state, user, group)) members.add(user.id);
      }
      return;
    }
    for (const userId of group.members) {
      if (counts(state.store.tables.user.get(userId))) members.add(userId);
    }
    for (const subgroup of group.direct_subgroup_ids) visit(subgroup, seen);
  };
  visit(groupId, new Set());
  return members;
}

/** IDs of the active users in a group, directly, through subgroups (deactivated ones too), or by role (system groups). */
export function activeGroupMemberIds(state: MockState, groupId: number): Set<number> {
  return groupMemberIds(state, groupId, (user) => user?.is_active === true);
}

/** IDs of the users the API lists in a group ({@link listedAsMember}), as {@link activeGroupMemberIds} finds them. */
export function listedGroupMemberIds(state: MockState, groupId: number): Set<number> {
  return groupMemberIds(state, groupId, (user) => listedAsMember(state, user));
}
