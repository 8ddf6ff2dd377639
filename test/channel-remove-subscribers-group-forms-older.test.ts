import { describe, expect, it } from 'vitest';
import { serverAt, unsupported } from './support/older-server';

const IAGO = 'iago@zulip.com';
const CHANNELS = { event_types: ['stream'] };

/** A server at `level` with iago's client, a channel to update and two system groups' IDs. */
function channelsAt(level: number) {
  const older = serverAt(level, IAGO);
  const groupId = (name: string) => older.mock.store.userGroupByName(name)?.id ?? 0;
  const denmark = older.mock.store.channelByName('Denmark')?.id ?? 0;
  return { ...older, denmark, admins: groupId('role:administrators'), moderators: groupId('role:moderators') };
}

const badRequest = (msg: string) => ({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });

// From 197 until 320 subscribe and PATCH /streams/{id} read `can_remove_subscribers_group` as a
// group's ID: until 275 `REQ(json_validator=check_int)` (a null is no integer, as for
// `can_remove_subscribers_group_id` from 161), from 275 (8b489f4b96, typed_endpoint) `Json[int | None]`;
// at 320 (b6ebf143cc) subscribe took the group-setting value and PATCH the change `{new, old}`.
describe("a channel's can_remove_subscribers_group in its older form", () => {
  it('below 320 a group ID on the wire for update; the change and its event as before', async () => {
    const { client, mock, denmark, admins, moderators } = channelsAt(319);
    const queue = await client.events.register(CHANNELS);
    await client.channels.update({ stream_id: denmark, can_remove_subscribers_group: { new: moderators } });
    expect(mock.journal.entries.at(-1)).toMatchObject({ operation: 'update-stream', status: 200, params: { can_remove_subscribers_group: String(moderators) } });
    expect(mock.store.channelByName('Denmark')?.can_remove_subscribers_group).toBe(moderators);
    const { events } = await client.events.get({ queue_id: queue.queue_id ?? '', last_event_id: -1, dont_block: true });
    expect(events).toEqual([expect.objectContaining({ type: 'stream', op: 'update', property: 'can_remove_subscribers_group', value: moderators, stream_id: denmark })]);
    await client.subscriptions.add({ subscriptions: [{ name: 'older' }], can_remove_subscribers_group: moderators });
    expect(mock.store.channelByName('older')?.can_remove_subscribers_group).toBe(moderators);
    // A null `old` is no expected value (as on the server): the change is still a group's ID.
    await client.channels.update({ stream_id: denmark, can_remove_subscribers_group: { new: admins, old: null } });
    expect(mock.journal.entries.at(-1)).toMatchObject({ status: 200, params: { can_remove_subscribers_group: String(admins) } });
  });

  it('below 320 the server reads an integer: an anonymous group (subscribe) and a change (update) are not integers', async () => {
    const { raw, mock, denmark, admins, moderators } = channelsAt(319);
    const anonymous = JSON.stringify({ direct_members: [], direct_subgroups: [admins] });
    const subscribed = await raw('POST', '/users/me/subscriptions', { subscriptions: '[{"name":"older"}]', can_remove_subscribers_group: anonymous });
    expect(subscribed).toEqual(badRequest('can_remove_subscribers_group is not an integer'));
    expect(mock.store.channelByName('older')).toBeUndefined();
    const updated = await raw('PATCH', `/streams/${denmark}`, { can_remove_subscribers_group: JSON.stringify({ new: moderators }) });
    expect(updated).toEqual(badRequest('can_remove_subscribers_group is not an integer'));
    expect(await raw('PATCH', `/streams/${denmark}`, { can_remove_subscribers_group: String(moderators) })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    expect(mock.store.channelByName('Denmark')?.can_remove_subscribers_group).toBe(moderators);
    // `Json[int | None]`: a null is no group given, the default on subscribe.
    const defaulted = await raw('POST', '/users/me/subscriptions', { subscriptions: '[{"name":"older"}]', can_remove_subscribers_group: 'null' });
    expect(defaulted.status).toBe(200);
    expect(mock.store.channelByName('older')?.can_remove_subscribers_group).toBe(admins);
  });

  it.each([
    { level: 196, param: 'can_remove_subscribers_group_id' },
    { level: 197, param: 'can_remove_subscribers_group' },
    { level: 274, param: 'can_remove_subscribers_group' },
  ])('at $level (check_int) a null $param is not an integer, on subscribe and update', async ({ level, param }) => {
    const { raw, mock, denmark } = channelsAt(level);
    const before = mock.store.channelByName('Denmark')?.can_remove_subscribers_group;
    expect(await raw('POST', '/users/me/subscriptions', { subscriptions: '[{"name":"older"}]', [param]: 'null' })).toEqual(badRequest(`${param} is not an integer`));
    expect(mock.store.channelByName('older')).toBeUndefined();
    expect(await raw('PATCH', `/streams/${denmark}`, { [param]: 'null' })).toEqual(badRequest(`${param} is not an integer`));
    expect(mock.store.channelByName('Denmark')?.can_remove_subscribers_group).toBe(before);
  });

  it('from 275 (Json[int | None]) a null is no group given: the default on subscribe, no change on update', async () => {
    const { raw, mock, denmark, admins } = channelsAt(275);
    const before = mock.store.channelByName('Denmark')?.can_remove_subscribers_group;
    expect(await raw('PATCH', `/streams/${denmark}`, { can_remove_subscribers_group: 'null', description: 'moved' })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    expect(mock.store.channelByName('Denmark')).toMatchObject({ can_remove_subscribers_group: before, description: 'moved' });
    expect((await raw('POST', '/users/me/subscriptions', { subscriptions: '[{"name":"older"}]', can_remove_subscribers_group: 'null' })).status).toBe(200);
    expect(mock.store.channelByName('older')?.can_remove_subscribers_group).toBe(admins);
  });

  it('below 320 the SDK refuses what a group ID cannot say: an anonymous group, an expected old value', async () => {
    const { client, denmark, admins, moderators } = channelsAt(319);
    const anonymous = { direct_members: [], direct_subgroups: [admins] };
    const subscribed = unsupported(client.subscriptions.add({ subscriptions: [{ name: 'older' }], can_remove_subscribers_group: anonymous }));
    await expect(subscribed).resolves.toMatchObject({ parameter: 'can_remove_subscribers_group', neededLevel: 320, serverLevel: 319 });
    const updated = unsupported(client.channels.update({ stream_id: denmark, can_remove_subscribers_group: { new: anonymous } }));
    await expect(updated).resolves.toMatchObject({ parameter: 'can_remove_subscribers_group', neededLevel: 320, serverLevel: 319 });
    const withOld = unsupported(client.channels.update({ stream_id: denmark, can_remove_subscribers_group: { new: moderators, old: admins } }));
    await expect(withOld).resolves.toMatchObject({ parameter: 'can_remove_subscribers_group', neededLevel: 320, serverLevel: 319 });
  });

  it('from 320 the value and the change, on the wire as JSON', async () => {
    const { client, mock, denmark, admins, moderators } = channelsAt(320);
    const anonymous = { direct_members: [], direct_subgroups: [admins, moderators] };
    await client.subscriptions.add({ subscriptions: [{ name: 'newer' }], can_remove_subscribers_group: anonymous });
    expect(mock.journal.entries.at(-1)).toMatchObject({ status: 200, params: { can_remove_subscribers_group: JSON.stringify(anonymous) } });
    await client.channels.update({ stream_id: denmark, can_remove_subscribers_group: { new: moderators, old: admins } });
    expect(mock.journal.entries.at(-1)).toMatchObject({ status: 200, params: { can_remove_subscribers_group: JSON.stringify({ new: moderators, old: admins }) } });
  });
});
