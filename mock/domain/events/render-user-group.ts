import type { UserGroupChanged } from './changes';
import type { EventQueue } from './queue';

/** A copy of a group for one queue's event. */
function groupCopy(change: Extract<UserGroupChanged, { group: unknown }>) {
  return structuredClone(change.group);
}

/**
 * `user_group`, for every queue of the realm. Clients that keep deactivated groups see
 * deactivation as an `update`; the others see the group removed, and added again on reactivation.
 */
export function renderUserGroupEvent(queue: EventQueue, change: UserGroupChanged) {
  const keepsDeactivated = queue.options.capabilities.has('include_deactivated_groups');
  const base = { type: 'user_group' as const, group_id: change.groupId };
  switch (change.op) {
    case 'add':
      return { type: 'user_group' as const, op: 'add', group: groupCopy(change) };
    case 'update':
      if (change.renamesDeactivatedGroup && !keepsDeactivated) return undefined;
      return { ...base, op: 'update', data: structuredClone(change.data) };
    case 'add_members':
    case 'remove_members':
      return { ...base, op: change.op, user_ids: [...change.userIds] };
    case 'add_subgroups':
    case 'remove_subgroups':
      return { ...base, op: change.op, direct_subgroup_ids: [...change.subgroupIds] };
    case 'deleted':
      return { ...base, op: 'remove' };
    case 'deactivated':
      return keepsDeactivated ? { ...base, op: 'update', data: { deactivated: true } } : { ...base, op: 'remove' };
    case 'reactivated':
      return keepsDeactivated
        ? { ...base, op: 'update', data: { deactivated: false } }
        : { type: 'user_group' as const, op: 'add', group: groupCopy(change) };
  }
}
