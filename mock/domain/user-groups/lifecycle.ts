import { isSystemBot } from '../accounts/visibility';
import { noteSettingValue } from '../anonymous-setting-groups';
import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { ChannelRecord, UserGroupRecord, UserRecord } from '../../store/store';
import { unixSeconds } from '../clock';
import { ApiFailure, badRequest } from '../errors';
import { settingValueChanges } from '../group-setting';
import { listedAsMember } from '../groups';
import { REALM_GROUP_SETTING_NAMES } from '../realm-config/realm-settings';
import { CHANNEL_PERMISSION_SETTINGS } from '../subscriptions/settings';
import type { MockState } from '../state';
import { groupForUpdate } from './access';
import { checkGroupName, checkNameFree } from './names';
import { userGroupToWire } from './read';
import {
  checkUserGroupSettingValue,
  customGroupDefaults,
  settingForApi,
  USER_GROUP_SETTING_NAMES,
  type UserGroupSetting,
} from './settings';
import { checkNewSubgroups } from './subgroups';

/** What `POST /user_groups/create` reads. */
export interface CreateGroupInput {
  readonly name: string;
  readonly description: string;
  readonly members: readonly number[];
  readonly subgroups?: readonly number[] | undefined;
  readonly settings: Partial<Record<UserGroupSetting, GroupSettingValue>>;
}

/**
 * Users by ID for group membership, each once, as the server's `user_ids_to_users` without
 * deactivated users: an unknown or deactivated ID, or a system bot (it lives outside the realm), is
 * `Invalid user ID`. Servers before level 303 took deactivated users too ({@link listedAsMember}).
 */
export function memberUsersByIds(state: MockState, userIds: readonly number[]): UserRecord[] {
  const users = new Map<number, UserRecord>();
  for (const id of userIds) {
    const user = state.store.tables.user.get(id);
    if (!listedAsMember(state, user) || isSystemBot(user)) throw badRequest(`Invalid user ID: ${id}`);
    users.set(id, user);
  }
  return [...users.values()];
}

/**
 * `POST /user_groups/create`: a member or administrator creates a group with its members,
 * settings (the server's defaults for those not given) and subgroups. Holding `can_create_groups`
 * is the route's to check, before it reads any parameter (the endpoint's `realmPermission`).
 */
export function createUserGroup(state: MockState, creator: UserRecord, input: CreateGroupInput): number {
  const members = memberUsersByIds(state, input.members);
  const name = checkGroupName(input.name);
  const settings = { ...customGroupDefaults(state, creator.id) };
  for (const setting of USER_GROUP_SETTING_NAMES) {
    const value = input.settings[setting];
    if (value !== undefined) settings[setting] = checkUserGroupSettingValue(state, setting, value);
  }
  checkNameFree(state, name);
  const subgroups = input.subgroups ?? [];
  const id = state.store.ids.next('userGroup');
  checkNewSubgroups(state, id, [], subgroups);
  const group = state.store.tables.userGroup.insert({
    id,
    name,
    description: input.description,
    is_system_group: false,
    max_role: null,
    members: [...new Set(members.map((user) => user.id))],
    direct_subgroup_ids: [],
    deactivated: false,
    creator_id: creator.id,
    date_created: unixSeconds(state.clock),
    ...settings,
  });
  // The server makes the requested anonymous groups first, then the defaults' (the creator's).
  const requested = USER_GROUP_SETTING_NAMES.filter((setting) => input.settings[setting] !== undefined);
  const defaulted = USER_GROUP_SETTING_NAMES.filter((setting) => input.settings[setting] === undefined);
  for (const setting of [...requested, ...defaulted]) noteSettingValue(state, id, setting, undefined, settings[setting]);
  state.events.record({ kind: 'user_group_changed', groupId: id, op: 'add', group: userGroupToWire(state, group) });
  if (subgroups.length > 0) {
    const unique = [...new Set(subgroups)];
    state.store.tables.userGroup.update(id, { direct_subgroup_ids: unique });
    state.events.record({ kind: 'user_group_changed', groupId: id, op: 'add_subgroups', subgroupIds: unique });
  }
  return id;
}

/** A change of a group setting: the new value, and the value the caller expects it to replace. */
interface SettingUpdate {
  readonly new: GroupSettingValue;
  readonly old?: GroupSettingValue | null | undefined;
}

/** What `PATCH /user_groups/{user_group_id}` reads. */
export interface UpdateGroupInput {
  readonly name?: string | undefined;
  readonly description?: string | undefined;
  readonly deactivated?: boolean | undefined;
  readonly settings: Partial<Record<UserGroupSetting, SettingUpdate>>;
}

function recordUpdate(state: MockState, groupId: number, data: Record<string, unknown>): void {
  state.events.record({ kind: 'user_group_changed', groupId, op: 'update', data });
}

/**
 * `PATCH /user_groups/{user_group_id}`: whoever manages the group (or every group) renames it,
 * changes its description or settings, or reactivates it; deactivated groups can be changed too.
 * Every value is checked before anything changes.
 */
export function updateUserGroup(state: MockState, user: UserRecord, groupId: number, input: UpdateGroupInput): void {
  const given = USER_GROUP_SETTING_NAMES.filter((setting) => input.settings[setting] !== undefined);
  if (input.name === undefined && input.description === undefined && input.deactivated === undefined && given.length === 0) {
    throw badRequest('No new data supplied');
  }
  const group = groupForUpdate(state, user, groupId, 'can_manage_group', { allowDeactivated: true });
  const rename = input.name !== undefined && input.name !== group.name ? checkGroupName(input.name) : undefined;
  if (rename !== undefined) checkNameFree(state, rename);
  const changedSettings: [UserGroupSetting, GroupSettingValue][] = [];
  for (const setting of given) {
    const update = input.settings[setting] as SettingUpdate;
    if (!settingValueChanges(state, settingForApi(state, group[setting]), update)) continue;
    changedSettings.push([setting, checkUserGroupSettingValue(state, setting, update.new)]);
  }
  const table = state.store.tables.userGroup;
  if (rename !== undefined) {
    table.update(group.id, { name: rename });
    state.events.record({ kind: 'user_group_changed', groupId: group.id, op: 'update', data: { name: rename }, renamesDeactivatedGroup: group.deactivated });
  }
  if (input.description !== undefined && input.description !== group.description) {
    table.update(group.id, { description: input.description });
    recordUpdate(state, group.id, { description: input.description });
  }
  if (input.deactivated === false && group.deactivated) {
    const reactivated = table.update(group.id, { deactivated: false });
    // The server's reactivation lists every direct member, deactivated accounts too (unlike
    // register and GET /user_groups, which list active ones only).
    const wire = { ...userGroupToWire(state, reactivated), members: [...reactivated.members].sort((a, b) => a - b) };
    state.events.record({ kind: 'user_group_changed', groupId: group.id, op: 'reactivated', group: wire });
  }
  for (const [setting, value] of changedSettings) {
    noteSettingValue(state, group.id, setting, group[setting], value);
    const updated = table.update(group.id, { [setting]: value });
    recordUpdate(state, group.id, { [setting]: settingForApi(state, updated[setting]) });
  }
}

type Objection =
  | { type: 'subgroup'; supergroup_ids: number[] }
  | { type: 'channel'; channel_id: number; settings: string[] }
  | { type: 'user_group'; group_id: number; settings: string[] }
  | { type: 'realm'; settings: string[] };

function usesGroup(value: unknown, groupId: number): boolean {
  if (typeof value === 'number') return value === groupId;
  return typeof value === 'object' && value !== null && 'direct_subgroups' in value && (value as { direct_subgroups: number[] }).direct_subgroups.includes(groupId);
}

/** Where a group is in use: as an active group's subgroup, or in a channel's, group's or the realm's setting. */
function objectionsTo(state: MockState, group: UserGroupRecord): Objection[] {
  const objections: Objection[] = [];
  const groups = state.store.tables.userGroup.all().filter((other) => !other.deactivated);
  const supergroups = groups.filter((other) => other.direct_subgroup_ids.includes(group.id)).map((other) => other.id);
  if (supergroups.length > 0) objections.push({ type: 'subgroup', supergroup_ids: supergroups.sort((a, b) => a - b) });
  const channels = state.store.tables.channel.all().filter((channel) => !channel.is_archived);
  return objections.concat(settingObjections(state, groups, channels, (value) => usesGroup(value, group.id)));
}

/** The server's refusal to deactivate a group in use (`CANNOT_DEACTIVATE_GROUP_IN_USE`), listing where. */
function groupInUse(objections: readonly Objection[]): ApiFailure {
  return new ApiFailure('Cannot deactivate user group in use.', 'CANNOT_DEACTIVATE_GROUP_IN_USE', 400, { objections });
}

/** The settings of the given channels, of the given groups and of the realm whose value `names` accepts. */
function settingObjections(
  state: MockState,
  groups: readonly UserGroupRecord[],
  channels: readonly ChannelRecord[],
  names: (value: unknown) => boolean,
): Objection[] {
  const objections: Objection[] = [];
  for (const channel of channels) {
    const settings = CHANNEL_PERMISSION_SETTINGS.filter((setting) => names(channel[setting]));
    if (settings.length > 0) objections.push({ type: 'channel', channel_id: channel.id, settings });
  }
  for (const other of groups) {
    const settings = USER_GROUP_SETTING_NAMES.filter((setting) => names(other[setting]));
    if (settings.length > 0) objections.push({ type: 'user_group', group_id: other.id, settings });
  }
  const realmSettings = REALM_GROUP_SETTING_NAMES.filter((setting) => names(state.realm[setting]));
  if (realmSettings.length > 0) objections.push({ type: 'realm', settings: realmSettings });
  return objections;
}

/**
 * `POST /user_groups/{user_group_id}/deactivate`: whoever manages the group deactivates it, unless
 * it is in use (`CANNOT_DEACTIVATE_GROUP_IN_USE` with the server's `objections`).
 */
export function deactivateUserGroup(state: MockState, user: UserRecord, groupId: number): void {
  const group = groupForUpdate(state, user, groupId, 'can_manage_group');
  const objections = objectionsTo(state, group);
  if (objections.length > 0) {
    throw groupInUse(objections);
  }
  state.store.tables.userGroup.update(group.id, { deactivated: true });
  state.events.record({ kind: 'user_group_changed', groupId: group.id, op: 'deactivated' });
}

/** A setting value without the group among its subgroups (an anonymous value that has it), else the value itself. */
function withoutSubgroup(value: GroupSettingValue, groupId: number): GroupSettingValue {
  if (typeof value === 'number' || !value.direct_subgroups.includes(groupId)) return value;
  return { ...value, direct_subgroups: value.direct_subgroups.filter((id) => id !== groupId) };
}

/** The settings of other groups, of channels and of the realm that name the group itself (not in an anonymous value). */
function settingsNaming(state: MockState, groupId: number): Objection[] {
  const groups = state.store.tables.userGroup.all().filter((other) => other.id !== groupId);
  return settingObjections(state, groups, state.store.tables.channel.all(), (value) => value === groupId);
}

/**
 * `DELETE /user_groups/{user_group_id}`, which servers below level 294 had (`check_delete_user_group`):
 * whoever may change the group deletes it, and every user is told `remove`. The server deleted the
 * row: memberships, its place among other groups' subgroups and in anonymous setting values went
 * with it (silently, no events). A setting that names it restricts the deletion: the server fails
 * with HTTP 500 there (an exception its view does not catch); the mock never answers a request
 * with a 500, and answers as a newer server refuses to deactivate a group in use, naming the
 * settings in `objections`.
 */
export function deleteUserGroup(state: MockState, user: UserRecord, groupId: number): void {
  const group = groupForUpdate(state, user, groupId, 'can_manage_group');
  const objections = settingsNaming(state, group.id);
  if (objections.length > 0) throw groupInUse(objections);
  const groups = state.store.tables.userGroup;
  for (const other of groups.all()) {
    const changes: Partial<UserGroupRecord> = {};
    if (other.direct_subgroup_ids.includes(group.id)) changes.direct_subgroup_ids = other.direct_subgroup_ids.filter((id) => id !== group.id);
    for (const setting of USER_GROUP_SETTING_NAMES) {
      const value = withoutSubgroup(other[setting], group.id);
      if (value !== other[setting]) Object.assign(changes, { [setting]: value });
    }
    if (Object.keys(changes).length > 0) groups.update(other.id, changes);
  }
  for (const channel of state.store.tables.channel.all()) {
    for (const setting of CHANNEL_PERMISSION_SETTINGS) {
      const value = withoutSubgroup(channel[setting], group.id);
      if (value !== channel[setting]) state.store.tables.channel.update(channel.id, { [setting]: value });
    }
  }
  for (const setting of REALM_GROUP_SETTING_NAMES) {
    const value = withoutSubgroup(state.realm[setting], group.id);
    if (value !== state.realm[setting]) Object.assign(state.realm, { [setting]: value });
  }
  groups.delete(group.id);
  state.events.record({ kind: 'user_group_changed', groupId: group.id, op: 'deleted' });
}
