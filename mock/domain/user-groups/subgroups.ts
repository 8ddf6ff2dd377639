import type { UserGroupRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';

/** The groups given and every group below them (the server's recursive subgroup lookup). */
function recursiveSubgroupIds(state: MockState, groupIds: readonly number[]): Set<number> {
  const found = new Set<number>();
  const visit = (id: number): void => {
    if (found.has(id)) return;
    found.add(id);
    for (const child of state.store.tables.userGroup.get(id)?.direct_subgroup_ids ?? []) visit(child);
  };
  groupIds.forEach(visit);
  return found;
}

/** Groups that may become (or stop being) subgroups: existing and active. */
function potentialSubgroups(state: MockState, subgroupIds: readonly number[]): UserGroupRecord[] {
  const groups = subgroupIds.map((id) => {
    const group = state.store.tables.userGroup.get(id);
    if (!group) throw badRequest(`Invalid user group ID: ${id}`);
    return group;
  });
  if (groups.some((group) => group.deactivated)) throw badRequest('User group is deactivated.');
  return groups;
}

/**
 * Checks subgroups to add to a group as the server does: existing and active, not already direct
 * subgroups, and none containing the group itself (no cycles).
 */
export function checkNewSubgroups(state: MockState, supergroupId: number, existing: readonly number[], subgroupIds: readonly number[]): void {
  for (const group of potentialSubgroups(state, subgroupIds)) {
    if (existing.includes(group.id)) throw badRequest(`User group ${group.id} is already a subgroup of this group.`);
  }
  if (recursiveSubgroupIds(state, subgroupIds).has(supergroupId)) {
    throw badRequest(`User group ${supergroupId} is already a subgroup of one of the passed subgroups.`);
  }
}

/** Checks subgroups to remove from a group: existing, active, and direct subgroups of it. */
export function checkRemovedSubgroups(state: MockState, existing: readonly number[], subgroupIds: readonly number[]): void {
  for (const group of potentialSubgroups(state, subgroupIds)) {
    if (!existing.includes(group.id)) throw badRequest(`User group ${group.id} is not a subgroup of this group.`);
  }
}
