import { describe, expect, it } from 'vitest';
import { UnsupportedFeatureError } from '../src/index';
import { serverAt } from './support/older-server';
import { rejectionOf } from './support/failure';
import { verifyAction } from './support/verify-action';

const IAGO = 'iago@zulip.com';
const DESDEMONA = 'desdemona@zulip.com';

const GROUPS = { event_types: ['user_group', 'realm_user_groups'] };
const CHANNELS = { event_types: ['stream', 'subscription'] };

describe("group settings under the older `_id` names", () => {
  it("below 198 a group's `can_mention_group_id`, in register, GET /user_groups and events, and taken by create and update (acceptance test)", async () => {
    const { mock } = serverAt(197);
    const desdemona = mock.clientFor(DESDEMONA);
    const group = (name: string) => mock.store.userGroupByName(name)?.id ?? 0;
    const everyone = group('role:everyone');
    const admins = group('role:administrators');
    const state = await desdemona.events.register(GROUPS);
    const listed = state.realm_user_groups?.find((entry) => entry.id === group('hamletcharacters'));
    expect(listed).toMatchObject({ can_mention_group_id: everyone });
    expect(listed).not.toHaveProperty('can_mention_group');
    const listedByGet = (await desdemona.userGroups.list()).user_groups.find((entry) => entry.id === group('hamletcharacters'));
    expect(listedByGet).toMatchObject({ can_mention_group_id: everyone });
    expect(listedByGet).not.toHaveProperty('can_mention_group');
    // The SDK names a group's ID by the older name.
    const created = await verifyAction(desdemona, () => desdemona.userGroups.create({ name: 'team', description: '', members: [], can_mention_group: admins }), GROUPS);
    expect(created).toEqual([expect.objectContaining({ type: 'user_group', op: 'add', group: expect.objectContaining({ can_mention_group_id: admins }) })]);
    expect((created[0] as { group: object }).group).not.toHaveProperty('can_mention_group');
    expect(mock.store.userGroupByName('team')?.can_mention_group).toBe(admins);
    const updated = await verifyAction(desdemona, () => desdemona.userGroups.update({ user_group_id: group('team'), can_mention_group: { new: everyone } }), GROUPS);
    expect(updated).toEqual([expect.objectContaining({ type: 'user_group', op: 'update', data: { can_mention_group_id: everyone } })]);
    // An anonymous group, or a setting a server below 191 lacks, cannot be said.
    const anonymous = { direct_members: [], direct_subgroups: [admins] };
    expect((await rejectionOf(desdemona.userGroups.update({ user_group_id: group('team'), can_mention_group: { new: anonymous } }), UnsupportedFeatureError)).message).toContain('can_mention_group');
    const older = serverAt(190).mock.clientFor(DESDEMONA);
    expect((await rejectionOf(older.userGroups.create({ name: 'x', description: '', members: [], can_mention_group: admins }), UnsupportedFeatureError)).message).toContain('can_mention_group');
  });

  it("below 197 a channel's `can_remove_subscribers_group_id`, in register, GET /streams, subscriptions and events, and taken by subscribe and update (acceptance test)", async () => {
    const { mock, client, raw } = serverAt(196, IAGO);
    const admins = mock.store.userGroupByName('role:administrators')?.id ?? 0;
    const moderators = mock.store.userGroupByName('role:moderators')?.id ?? 0;
    const state = await client.events.register(CHANNELS);
    const denmark = state.subscriptions?.find((channel) => channel.name === 'Denmark');
    expect(denmark).toMatchObject({ can_remove_subscribers_group_id: admins });
    expect(denmark).not.toHaveProperty('can_remove_subscribers_group');
    expect((await client.channels.list()).streams[0]).toHaveProperty('can_remove_subscribers_group_id');
    expect((await client.channels.list()).streams[0]).not.toHaveProperty('can_remove_subscribers_group');
    // Created outside the acceptance test: its first message (the new channel's notice) moves
    // `first_message_id`, which no event tells at any level.
    await client.subscriptions.add({ subscriptions: [{ name: 'older' }], can_remove_subscribers_group: moderators });
    expect(mock.store.channelByName('older')?.can_remove_subscribers_group).toBe(moderators);
    await client.subscriptions.remove({ subscriptions: ['older'] });
    const resubscribed = await verifyAction(client, () => client.subscriptions.add({ subscriptions: [{ name: 'older' }] }), CHANNELS);
    const added = resubscribed.find((event) => event?.type === 'subscription' && event.op === 'add') as { subscriptions: object[] } | undefined;
    expect(added?.subscriptions[0]).toMatchObject({ name: 'older', can_remove_subscribers_group_id: moderators });
    expect(added?.subscriptions[0]).not.toHaveProperty('can_remove_subscribers_group');
    const older = mock.store.channelByName('older')!;
    const updated = await verifyAction(client, () => client.channels.update({ stream_id: older.id, can_remove_subscribers_group: { new: admins } }), CHANNELS);
    expect(updated).toEqual([expect.objectContaining({ type: 'stream', op: 'update', property: 'can_remove_subscribers_group_id', value: admins })]);
    // An anonymous group, or the setting below 161, cannot be said.
    const anonymous = { direct_members: [], direct_subgroups: [admins] };
    expect((await rejectionOf(client.channels.update({ stream_id: older.id, can_remove_subscribers_group: { new: anonymous } }), UnsupportedFeatureError)).message).toContain('can_remove_subscribers_group');
    expect((await rejectionOf(client.subscriptions.add({ subscriptions: [{ name: 'x' }], can_remove_subscribers_group: anonymous }), UnsupportedFeatureError)).message).toContain('can_remove_subscribers_group');
    const below161 = serverAt(160, IAGO).client;
    expect((await rejectionOf(below161.subscriptions.add({ subscriptions: [{ name: 'x' }], can_remove_subscribers_group: admins }), UnsupportedFeatureError)).message).toContain('can_remove_subscribers_group');
    // The newer name is no parameter there.
    expect(await raw('PATCH', `/streams/${older.id}`, { can_remove_subscribers_group: JSON.stringify({ new: moderators }) })).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: ['can_remove_subscribers_group'] },
    });
  });

  it('below 197 default channels, whole channels there (before 330), carry `can_remove_subscribers_group_id` too; below 142 neither name', async () => {
    const DEFAULTS = { event_types: ['default_streams', 'default_stream_groups'] };
    for (const [level, older] of [[196, 'can_remove_subscribers_group_id'], [141, undefined]] as const) {
      const { mock, client } = serverAt(level, IAGO);
      const admins = mock.store.userGroupByName('role:administrators')?.id ?? 0;
      const added = await verifyAction(client, () => client.channels.addDefault({ stream_id: mock.store.channelByName('Denmark')!.id }), DEFAULTS);
      const grouped = await verifyAction(client, () => client.channels.createDefaultGroup({ group_name: 'g', description: 'd', stream_names: ['Verona'] }), DEFAULTS);
      const state = await client.events.register(DEFAULTS);
      const channels = [
        (added[0] as { default_streams: unknown[] }).default_streams[0],
        (grouped[0] as { default_stream_groups: { streams: unknown[] }[] }).default_stream_groups[0]?.streams[0],
        state.realm_default_streams?.[0],
        state.realm_default_stream_groups?.[0]?.streams[0],
      ];
      for (const channel of channels) {
        expect(channel, `level ${level}`).toMatchObject({ stream_id: expect.any(Number) });
        expect(channel, `level ${level}`).not.toHaveProperty('can_remove_subscribers_group');
        if (older) expect(channel, `level ${level}`).toHaveProperty(older, admins);
        else expect(channel, `level ${level}`).not.toHaveProperty('can_remove_subscribers_group_id');
      }
    }
  });

  it('from the renames, the newer names only', async () => {
    const { client } = serverAt(198, DESDEMONA);
    const state = await client.events.register({ event_types: ['realm_user_groups', 'subscription'] });
    expect(state.realm_user_groups?.[0]).toHaveProperty('can_mention_group');
    expect(state.realm_user_groups?.[0]).not.toHaveProperty('can_mention_group_id');
    expect(state.subscriptions?.[0]).toHaveProperty('can_remove_subscribers_group');
    expect(state.subscriptions?.[0]).not.toHaveProperty('can_remove_subscribers_group_id');
  });
});
