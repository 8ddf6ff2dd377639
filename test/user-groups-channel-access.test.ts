import { describe, expect, it } from 'vitest';
import type { GroupSettingValue } from '../src/index';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

/** What othello's client follows: his groups, the channels he sees and their subscribers. */
const WATCHING = { event_types: ['user_group', 'stream', 'subscription'] };

/** A group hamlet creates and may add members to (members other than hamlet given by email). */
async function hamletsGroup(name: string, emails: string[] = []): Promise<number> {
  const { group_id } = await realm.clientFor('hamlet@zulip.com').userGroups.create({
    name,
    description: '',
    members: ['hamlet@zulip.com', ...emails].map((email) => realm.userId(email)),
  });
  if (group_id === undefined) throw new Error('the mock always answers group_id');
  return group_id;
}

type Setting = 'can_add_subscribers_group' | 'can_administer_channel_group' | 'can_subscribe_group' | 'can_send_message_group';

/** iago creates a private channel (only he is subscribed) whose `setting` is `value`; its ID. */
async function privateChannel(setting: Setting, value: GroupSettingValue): Promise<number> {
  await realm.clientFor('iago@zulip.com').subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true, [setting]: value });
  return realm.channelId('secret');
}

const created = (channelId: number) => ({ type: 'stream', op: 'create', streams: [expect.objectContaining({ stream_id: channelId, name: 'secret' })] });
const deleted = (channelId: number) => ({ type: 'stream', op: 'delete', streams: [{ stream_id: channelId }], stream_ids: [channelId] });
const peers = (channelId: number) => ({ type: 'subscription', op: 'peer_add', stream_ids: [channelId], user_ids: [realm.userId('iago@zulip.com')] });
const withoutIds = (events: unknown[]) => events.map((event) => ({ ...(event as object), id: undefined }));

// The server's membership actions (bulk_add_members_to_user_groups and the others) tell users who
// gain sight of a private channel through the group about it, and those who lose it.
describe('group membership changes who sees a private channel', () => {
  it('adding and removing a member of the add-subscribers group: create and peer_add, then delete', async () => {
    const group = await hamletsGroup('keyholders');
    const channel = await privateChannel('can_add_subscribers_group', group);
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const joined = await verifyAction(othello, () => hamlet.userGroups.updateMembers({ user_group_id: group, add: [othelloId] }), WATCHING);
    expect(withoutIds(joined)).toEqual(
      withoutIds([{ type: 'user_group', op: 'add_members', group_id: group, user_ids: [othelloId] }, created(channel), peers(channel)]),
    );
    const left = await verifyAction(othello, () => hamlet.userGroups.updateMembers({ user_group_id: group, delete: [othelloId] }), WATCHING);
    expect(withoutIds(left)).toEqual(withoutIds([{ type: 'user_group', op: 'remove_members', group_id: group, user_ids: [othelloId] }, deleted(channel)]));
  });

  it('through a group containing it (administer, as an anonymous group) and through subgroups', async () => {
    const group = await hamletsGroup('keyholders');
    const outer = await hamletsGroup('wardens');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.userGroups.updateSubgroups({ user_group_id: outer, add: [group] });
    const channel = await privateChannel('can_administer_channel_group', { direct_members: [], direct_subgroups: [outer, realm.groupId('role:administrators')] });
    const othello = realm.clientFor('othello@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const joined = await verifyAction(othello, () => hamlet.userGroups.updateMembers({ user_group_id: group, add: [othelloId] }), WATCHING);
    expect(joined.map((event) => `${event?.type}/${(event as { op?: string }).op}`)).toEqual(['user_group/add_members', 'stream/create', 'subscription/peer_add']);
    await hamlet.userGroups.updateMembers({ user_group_id: group, delete: [othelloId] });

    const othellos = await hamletsGroup('othellos', ['othello@zulip.com']);
    const added = await verifyAction(othello, () => hamlet.userGroups.updateSubgroups({ user_group_id: group, add: [othellos] }), WATCHING);
    expect(withoutIds(added)).toEqual(
      withoutIds([{ type: 'user_group', op: 'add_subgroups', group_id: group, direct_subgroup_ids: [othellos] }, created(channel), peers(channel)]),
    );
    const removed = await verifyAction(othello, () => hamlet.userGroups.updateMembers({ user_group_id: group, delete_subgroups: [othellos] }), WATCHING);
    expect(withoutIds(removed)).toEqual(
      withoutIds([{ type: 'user_group', op: 'remove_subgroups', group_id: group, direct_subgroup_ids: [othellos] }, deleted(channel)]),
    );
  });

  it('the subscribe group too; each part of one request is told in turn (joined, then left)', async () => {
    const group = await hamletsGroup('keyholders');
    const channel = await privateChannel('can_subscribe_group', group);
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const events = await verifyAction(othello, () => hamlet.userGroups.updateMembers({ user_group_id: group, add: [othelloId], delete: [othelloId] }), WATCHING);
    expect(withoutIds(events)).toEqual(
      withoutIds([
        { type: 'user_group', op: 'add_members', group_id: group, user_ids: [othelloId] },
        created(channel),
        peers(channel),
        { type: 'user_group', op: 'remove_members', group_id: group, user_ids: [othelloId] },
        deleted(channel),
      ]),
    );
  });

  it('a channel without subscribers: peer_add lists nobody, as the server sends it', async () => {
    const group = await hamletsGroup('keyholders');
    const channel = await privateChannel('can_add_subscribers_group', group);
    await realm.clientFor('iago@zulip.com').subscriptions.remove({ subscriptions: ['secret'] });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const events = await verifyAction(realm.clientFor('othello@zulip.com'), () => hamlet.userGroups.updateMembers({ user_group_id: group, add: [othelloId] }), WATCHING);
    expect(events.at(-1)).toEqual({ id: expect.any(Number), type: 'subscription', op: 'peer_add', stream_ids: [channel], user_ids: [] });
  });

  it('settings that give no sight of the channel (can_send_message_group) tell nothing about it', async () => {
    const group = await hamletsGroup('keyholders');
    await privateChannel('can_send_message_group', group);
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const events = await verifyAction(realm.clientFor('othello@zulip.com'), () => hamlet.userGroups.updateMembers({ user_group_id: group, add: [othelloId] }), WATCHING);
    expect(events.map((event) => event?.type)).toEqual(['user_group']);
  });
});
