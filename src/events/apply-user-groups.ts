import type { ChatEvent } from '../schemas/events';
import type { RegisterResponse } from '../schemas/event-queue';

type UserGroupEvent = Extract<ChatEvent, { type: 'user_group' }>;
type UserGroupEntry = NonNullable<RegisterResponse['realm_user_groups']>[number];

const ascending = (a: number, b: number) => a - b;

function withIds(ids: readonly number[], added: readonly number[]): number[] {
  return [...new Set([...ids, ...added])].sort(ascending);
}

function withoutIds(ids: readonly number[], removed: readonly number[]): number[] {
  const gone = new Set(removed);
  return ids.filter((id) => !gone.has(id));
}

/** The group with its subgroups changed, under the names its server gave them (`subgroups` and `subgroup_ids` from 127 to 130). */
function changeSubgroups(group: UserGroupEntry, event: UserGroupEvent, change: (ids: readonly number[], changed: readonly number[]) => number[]): UserGroupEntry {
  const changed = event.direct_subgroup_ids ?? event.subgroup_ids ?? [];
  if (group.subgroups !== undefined) return { ...group, subgroups: change(group.subgroups, changed) };
  return { ...group, direct_subgroup_ids: change(group.direct_subgroup_ids ?? [], changed) };
}

function changeGroup(group: UserGroupEntry, event: UserGroupEvent, inactive: ReadonlySet<number>): UserGroupEntry {
  switch (event.op) {
    case 'update':
      return { ...group, ...structuredClone(event.data ?? {}) };
    case 'add_members':
      return { ...group, members: withIds(group.members, (event.user_ids ?? []).filter((id) => !inactive.has(id))) };
    case 'remove_members':
      return { ...group, members: withoutIds(group.members, event.user_ids ?? []) };
    case 'add_subgroups':
      return changeSubgroups(group, event, withIds);
    case 'remove_subgroups':
      return changeSubgroups(group, event, withoutIds);
    default:
      return group;
  }
}

/** The IDs of the users the state knows as deactivated; none before level 303, whose groups listed them. */
function deactivatedIds(state: Pick<RegisterResponse, 'realm_non_active_users' | 'zulip_feature_level'>): ReadonlySet<number> {
  return new Set((state.zulip_feature_level < 303 ? [] : (state.realm_non_active_users ?? [])).map((user) => user.user_id));
}

/** The group with the state's deactivated users left out of its `members`. */
function withoutDeactivatedMembers(group: UserGroupEntry, inactive: ReadonlySet<number>): UserGroupEntry {
  if (inactive.size === 0) return group;
  return { ...group, members: group.members.filter((id) => !inactive.has(id)) };
}

/**
 * A `user_group` event on `realm_user_groups`: `add` inserts the group in ID order, `remove` drops
 * it, the other ops change the group they name (groups the state does not hold are left alone).
 * A reactivated group's `add` lists its deactivated members too, where a registration lists active
 * users only: those the state knows as deactivated (`realm_non_active_users`) are left out, as
 * from `add_members` (a deactivated member who has waited long enough joins `role:fullmembers`);
 * before level 303 groups listed deactivated users, so nobody is left out.
 */
export function applyUserGroupEvent<State extends Pick<RegisterResponse, 'realm_user_groups' | 'realm_non_active_users' | 'zulip_feature_level'>>(state: State, event: UserGroupEvent): State {
  const groups = state.realm_user_groups;
  if (groups === undefined) return state;
  const inactive = deactivatedIds(state);
  if (event.op === 'add' && event.group) {
    const added = withoutDeactivatedMembers(structuredClone(event.group), inactive);
    return { ...state, realm_user_groups: [...groups.filter((group) => group.id !== added.id), added].sort((a, b) => a.id - b.id) };
  }
  if (event.op === 'remove') return { ...state, realm_user_groups: groups.filter((group) => group.id !== event.group_id) };
  return {
    ...state,
    realm_user_groups: groups.map((group) => (group.id === event.group_id ? changeGroup(group, event, inactive) : group)),
  };
}
