import type { DefaultChannelGroup } from '../../../src/schemas/channel';
import type { RecordOf } from '../../store/models';
import type { ChannelRecord, UserRecord } from '../../store/store';
import { accessChannelByName } from '../channel-access';
import { badRequest } from '../errors';
import { pythonStrip } from '../python-strip';
import { byCodePoint } from '../python-str-order';
import type { MockState } from '../state';
import { isDefaultChannel } from '../subscriptions/default-channels';
import { defaultChannelRefs } from '../subscriptions/default-channel-refs';
import { pythonLength } from '../python-len';

type GroupRecord = RecordOf<'defaultChannelGroup'>;

/** The server's `DefaultStreamGroup.MAX_NAME_LENGTH`. */
const MAX_NAME_LENGTH = 60;

function serialized(state: MockState, group: GroupRecord): DefaultChannelGroup {
  const channels = group.channel_ids
    .map((id) => state.store.tables.channel.get(id))
    .filter((channel): channel is ChannelRecord => channel !== undefined)
    .sort((a, b) => byCodePoint(a.name, b.name) || a.id - b.id);
  return { name: group.name, id: group.id, description: group.description, streams: defaultChannelRefs(state, channels.map((channel) => channel.id)) };
}

/**
 * The realm's default channel groups by name, each listing its channels by channel name
 * (`default_stream_groups_to_dicts_sorted`): IDs, or whole channels below feature level 330.
 */
export function defaultChannelGroups(state: MockState): DefaultChannelGroup[] {
  return state.store.tables.defaultChannelGroup
    .all()
    .map((group) => serialized(state, group))
    .sort((a, b) => byCodePoint(a.name, b.name));
}

/** Every non-guest is told the whole list (`notify_default_stream_groups`). */
function notify(state: MockState): void {
  state.events.record({ kind: 'default_channel_groups_changed', groups: defaultChannelGroups(state) });
}

/** The server's `access_default_stream_group_by_id`. */
function groupByIdOrFail(state: MockState, groupId: number): GroupRecord {
  const group = state.store.tables.defaultChannelGroup.get(groupId);
  if (group === undefined) throw badRequest(`Default channel group with id '${groupId}' does not exist.`);
  return group;
}

function groupNamed(state: MockState, name: string): GroupRecord | undefined {
  return state.store.tables.defaultChannelGroup.all().find((group) => group.name === name);
}

function refuseDefaultChannel(state: MockState, channel: ChannelRecord, groupName: string): void {
  if (isDefaultChannel(state, channel.id)) throw badRequest(`'${channel.name}' is a default channel and cannot be added to '${groupName}'`);
}

/** The server's `check_default_stream_group_name`. */
function checkGroupName(name: string): void {
  if (pythonStrip(name) === '') throw badRequest(`Invalid default channel group name '${name}'`);
  if (pythonLength(name) > MAX_NAME_LENGTH) throw badRequest(`Default channel group name too long (limit: ${MAX_NAME_LENGTH} characters)`);
  if (name.includes('\0')) throw badRequest(`Default channel group name '${name}' contains NULL (0x00) characters.`);
}

/** The channels named, each one the caller can read (`access_stream_by_name`), in the order given. */
function channelsNamed(state: MockState, user: UserRecord, names: readonly string[]): ChannelRecord[] {
  return names.map((name) => accessChannelByName(state, user, name));
}

/** Input of {@link createDefaultChannelGroup}. */
export interface NewDefaultChannelGroup {
  readonly group_name: string;
  readonly description: string;
  readonly stream_names: readonly string[];
}

/**
 * `POST /default_stream_groups/create`, in the server's order: every channel looked up, none a
 * default channel, the name checked, then unique in the realm.
 */
export function createDefaultChannelGroup(state: MockState, user: UserRecord, input: NewDefaultChannelGroup): void {
  const channels = channelsNamed(state, user, input.stream_names);
  for (const channel of channels) refuseDefaultChannel(state, channel, input.group_name);
  checkGroupName(input.group_name);
  // The server's get_or_create also matches the description; a same-named group with another
  // description breaks its unique constraint (a server error), answered here as the same refusal.
  if (groupNamed(state, input.group_name)) throw badRequest(`Default channel group '${input.group_name}' already exists`);
  state.store.tables.defaultChannelGroup.insert({
    id: state.store.ids.next('defaultChannelGroup'),
    name: input.group_name,
    description: input.description,
    channel_ids: [...new Set(channels.map((channel) => channel.id))],
  });
  notify(state);
}

/**
 * `PATCH /default_stream_groups/{group_id}`: at least one non-empty value, then the group; the name
 * changes first (not the same name, not another group's; the server does not check it otherwise),
 * then the description, each telling everyone.
 */
export function updateDefaultChannelGroup(
  state: MockState,
  groupId: number,
  change: { readonly new_group_name?: string | undefined; readonly new_description?: string | undefined },
): void {
  if (!change.new_group_name && !change.new_description) throw badRequest('You must pass "new_description" or "new_group_name".');
  const group = groupByIdOrFail(state, groupId);
  if (change.new_group_name !== undefined) {
    const name = change.new_group_name;
    if (group.name === name) throw badRequest(`This default channel group is already named '${name}'`);
    if (groupNamed(state, name)) throw badRequest(`Default channel group '${name}' already exists`);
    state.store.tables.defaultChannelGroup.update(group.id, { name });
    notify(state);
  }
  if (change.new_description !== undefined) {
    state.store.tables.defaultChannelGroup.update(group.id, { description: change.new_description });
    notify(state);
  }
}

/**
 * `PATCH /default_stream_groups/{group_id}/streams`: the group, then every channel, then `op`.
 * Adding checks and adds one channel at a time, as the server does outside a transaction: the
 * channels before a refused one stay added, and nobody is told. Removing checks them all first.
 */
export function updateDefaultChannelGroupChannels(state: MockState, user: UserRecord, groupId: number, op: string, names: readonly string[]): void {
  const group = groupByIdOrFail(state, groupId);
  const channels = channelsNamed(state, user, names);
  if (op === 'add') {
    const ids = [...group.channel_ids];
    for (const channel of channels) {
      refuseDefaultChannel(state, channel, group.name);
      if (ids.includes(channel.id)) {
        throw badRequest(`Channel '${channel.name}' is already present in default channel group '${group.name}'`);
      }
      ids.push(channel.id);
      state.store.tables.defaultChannelGroup.update(group.id, { channel_ids: [...ids] });
    }
  } else if (op === 'remove') {
    for (const channel of channels) {
      if (!group.channel_ids.includes(channel.id)) {
        throw badRequest(`Channel '${channel.name}' is not present in default channel group '${group.name}'`);
      }
    }
    const removed = new Set(channels.map((channel) => channel.id));
    state.store.tables.defaultChannelGroup.update(group.id, { channel_ids: group.channel_ids.filter((id) => !removed.has(id)) });
  } else {
    throw badRequest('Invalid value for "op". Specify one of "add" or "remove".');
  }
  notify(state);
}

/** `DELETE /default_stream_groups/{group_id}`. */
export function deleteDefaultChannelGroup(state: MockState, groupId: number): void {
  const group = groupByIdOrFail(state, groupId);
  state.store.tables.defaultChannelGroup.delete(group.id);
  notify(state);
}

/** An archived channel leaves every default channel group holding it, each group's removal telling everyone. */
export function removeArchivedChannelFromGroups(state: MockState, channelId: number): void {
  for (const group of state.store.tables.defaultChannelGroup.all()) {
    if (!group.channel_ids.includes(channelId)) continue;
    state.store.tables.defaultChannelGroup.update(group.id, { channel_ids: group.channel_ids.filter((id) => id !== channelId) });
    notify(state);
  }
}
