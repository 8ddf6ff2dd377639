import type { RegisterResponse } from '../schemas/event-queue';
import type { GroupSettingValue } from '../schemas/group-setting';
import { deprecatedPolicy, type PolicyGroupSetting, policySystemGroup } from './realm-policies';

type UserGroupEntry = NonNullable<RegisterResponse['realm_user_groups']>[number];

/** The caller's own permission flags, and the realm group setting each reports membership of. */
const OWN_PERMISSIONS = {
  can_create_private_streams: 'realm_can_create_private_channel_group',
  can_create_public_streams: 'realm_can_create_public_channel_group',
  can_create_web_public_streams: 'realm_can_create_web_public_channel_group',
  can_invite_others_to_realm: 'realm_can_invite_users_group',
  can_subscribe_other_users: 'realm_can_add_subscribers_group',
} as const;

/**
 * The group setting a flag follows: the setting itself, or on a server that predates it (feature
 * levels 264, 266 and 280 for creating channels, 321 for invitations, 341 for subscribing others)
 * the system group its policy stands for.
 */
function settingValue(values: Readonly<Record<string, unknown>>, groups: ReadonlyMap<number, UserGroupEntry>, setting: string): GroupSettingValue | undefined {
  const value = values[setting] as GroupSettingValue | undefined;
  if (value !== undefined) return value;
  const groupSetting = setting.slice('realm_'.length) as PolicyGroupSetting;
  return systemGroupId(groups, policySystemGroup(groupSetting, values[deprecatedPolicy(groupSetting, undefined).key]));
}

function systemGroupId(groups: ReadonlyMap<number, UserGroupEntry>, name: string | undefined): number | undefined {
  if (name === undefined) return undefined;
  for (const group of groups.values()) if (group.is_system_group === true && group.name === name) return group.id;
  return undefined;
}

function isInGroup(groups: ReadonlyMap<number, UserGroupEntry>, userId: number, groupId: number, seen: Set<number>): boolean {
  if (seen.has(groupId)) return false;
  seen.add(groupId);
  const group = groups.get(groupId);
  if (!group) return false;
  // Servers from 127 to 130 called the subgroups `subgroups`; older ones sent none.
  const subgroups = group.direct_subgroup_ids ?? group.subgroups ?? [];
  return group.members.includes(userId) || subgroups.some((subgroup) => isInGroup(groups, userId, subgroup, seen));
}

function isInSetting(groups: ReadonlyMap<number, UserGroupEntry>, userId: number, value: GroupSettingValue): boolean {
  const seen = new Set<number>();
  if (typeof value === 'number') return isInGroup(groups, userId, value, seen);
  return value.direct_members.includes(userId) || value.direct_subgroups.some((groupId) => isInGroup(groups, userId, groupId, seen));
}

/**
 * The caller's `can_create_*_streams` (below feature level 102, `can_create_streams` alone),
 * `can_invite_others_to_realm` and (below 341) `can_subscribe_other_users` recomputed as register
 * computes them (membership of the realm's group settings), after an event that may change them:
 * the caller's role, a realm setting, a group's members or subgroups. Only flags whose setting and
 * the groups (`realm_user_groups`) the state holds can be recomputed (below the settings' levels,
 * the policies they replaced: `realm_create_stream_policy`, `realm_create_*_stream_policy`,
 * `realm_invite_to_realm_policy`, `realm_invite_to_stream_policy`); the others are left as they
 * are (the server recomputes them from its database, a client cannot).
 */
export function withOwnPermissions(state: RegisterResponse): RegisterResponse {
  const { user_id: userId, realm_user_groups: groupList } = state;
  if (userId === undefined || groupList === undefined) return state;
  const groups = new Map(groupList.map((group) => [group.id, group]));
  const values = state as Record<string, unknown>;
  const next: Record<string, unknown> = { ...values };
  let changed = false;
  for (const [flag, setting] of Object.entries(OWN_PERMISSIONS)) {
    const value = settingValue(values, groups, setting);
    if (values[flag] === undefined || value === undefined) continue;
    const member = isInSetting(groups, userId, value);
    if (member !== values[flag]) {
      next[flag] = member;
      changed = true;
    }
  }
  if (values['can_create_public_streams'] === undefined) {
    // Below feature level 102, the one flag of `realm_create_stream_policy`.
    const group = systemGroupId(groups, policySystemGroup('can_create_public_channel_group', values['realm_create_stream_policy']));
    if (group !== undefined && values['can_create_streams'] !== undefined) {
      const member = isInSetting(groups, userId, group);
      if (member !== values['can_create_streams']) {
        next['can_create_streams'] = member;
        changed = true;
      }
    }
    return changed ? (next as RegisterResponse) : state;
  }
  if (!changed) return state;
  if (next['can_create_streams'] !== undefined) {
    next['can_create_streams'] = next['can_create_private_streams'] === true || next['can_create_public_streams'] === true || next['can_create_web_public_streams'] === true;
  }
  return next as RegisterResponse;
}
