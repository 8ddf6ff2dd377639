import { describe, expect, it } from 'vitest';
import { serverAt, unsupported } from './support/older-server';

const DESDEMONA = 'desdemona@zulip.com';
const GROUPS = { event_types: ['user_group'] };

/** A server at `level` with desdemona's client, a group to update and two system groups' IDs. */
function groupsAt(level: number) {
  const older = serverAt(level, DESDEMONA);
  const groupId = (name: string) => older.mock.store.userGroupByName(name)?.id ?? 0;
  return { ...older, team: groupId('hamletcharacters'), admins: groupId('role:administrators'), everyone: groupId('role:everyone') };
}

const notAnInteger = (msg: string) => ({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });

// The server read `can_mention_group` as a group's ID (`Json[int]`) from 198 until 258 (23fdb73353,
// 3f80bc1b41), PATCH then took the group-setting value until the change `{new, old}` at 260 (8bca565218).
describe("a user group's can_mention_group in its older forms", () => {
  it('below 258 a group ID on the wire for create and update; the change and its event as before', async () => {
    const { client, mock, team, admins } = groupsAt(257);
    await client.userGroups.create({ name: 'team', description: '', members: [], can_mention_group: admins });
    expect(mock.store.userGroupByName('team')?.can_mention_group).toBe(admins);
    const queue = await client.events.register(GROUPS);
    await client.userGroups.update({ user_group_id: team, can_mention_group: { new: admins } });
    expect(mock.journal.entries.at(-1)).toMatchObject({ operation: 'update-user-group', status: 200, params: { can_mention_group: String(admins) } });
    expect(mock.store.userGroupByName('hamletcharacters')?.can_mention_group).toBe(admins);
    const { events } = await client.events.get({ queue_id: queue.queue_id ?? '', last_event_id: -1, dont_block: true });
    expect(events).toEqual([{ type: 'user_group', op: 'update', group_id: team, data: { can_mention_group: admins }, id: 0 }]);
  });

  it('below 258 the server reads an integer: an anonymous group (create) and a change (update) are not integers', async () => {
    const { raw, mock, team, admins } = groupsAt(257);
    const anonymous = JSON.stringify({ direct_members: [], direct_subgroups: [admins] });
    const created = await raw('POST', '/user_groups/create', { name: 'team', description: '', members: '[]', can_mention_group: anonymous });
    expect(created).toEqual(notAnInteger('can_mention_group is not an integer'));
    expect(mock.store.userGroupByName('team')).toBeUndefined();
    const updated = await raw('PATCH', `/user_groups/${team}`, { can_mention_group: JSON.stringify({ new: admins }) });
    expect(updated).toEqual(notAnInteger('can_mention_group is not an integer'));
    expect(await raw('PATCH', `/user_groups/${team}`, { can_mention_group: String(admins) })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    expect(mock.store.userGroupByName('hamletcharacters')?.can_mention_group).toBe(admins);
  });

  it('below 258 the SDK refuses an anonymous group (258), below 260 an expected old value (260)', async () => {
    const { client, team, admins, everyone } = groupsAt(257);
    const anonymous = { direct_members: [], direct_subgroups: [admins] };
    const created = unsupported(client.userGroups.create({ name: 'team', description: '', members: [], can_mention_group: anonymous }));
    await expect(created).resolves.toMatchObject({ parameter: 'can_mention_group', neededLevel: 258, serverLevel: 257 });
    const updated = unsupported(client.userGroups.update({ user_group_id: team, can_mention_group: { new: anonymous } }));
    await expect(updated).resolves.toMatchObject({ parameter: 'can_mention_group', neededLevel: 258, serverLevel: 257 });
    const withOld = unsupported(groupsAt(259).client.userGroups.update({ user_group_id: team, can_mention_group: { new: admins, old: everyone } }));
    await expect(withOld).resolves.toMatchObject({ parameter: 'can_mention_group', neededLevel: 260, serverLevel: 259 });
  });

  it('at 258 and 259 update takes the group-setting value (an anonymous group too); a change is refused', async () => {
    const { client, raw, mock, team, admins } = groupsAt(259);
    const anonymous = { direct_members: [mock.store.userByDeliveryEmail(DESDEMONA)?.id ?? 0], direct_subgroups: [admins] };
    await client.userGroups.update({ user_group_id: team, can_mention_group: { new: anonymous } });
    expect(mock.journal.entries.at(-1)).toMatchObject({ status: 200, params: { can_mention_group: JSON.stringify(anonymous) } });
    const listed = (await client.userGroups.list()).user_groups.find((group) => group.id === team);
    expect(listed?.can_mention_group).toEqual(anonymous);
    expect(await raw('PATCH', `/user_groups/${team}`, { can_mention_group: JSON.stringify({ new: admins }) })).toEqual(
      notAnInteger('can_mention_group["int"] is not an integer'),
    );
    await client.userGroups.update({ user_group_id: team, can_mention_group: { new: admins } });
    expect(mock.journal.entries.at(-1)).toMatchObject({ status: 200, params: { can_mention_group: String(admins) } });
    expect(mock.store.userGroupByName('hamletcharacters')?.can_mention_group).toBe(admins);
    // A null `old` is no expected value (as on the server).
    await client.userGroups.update({ user_group_id: team, can_mention_group: { new: admins, old: null } });
    expect(mock.journal.entries.at(-1)).toMatchObject({ status: 200, params: { can_mention_group: String(admins) } });
  });

  it('from 260 the change, on the wire as JSON', async () => {
    const { client, mock, team, admins, everyone } = groupsAt(260);
    await client.userGroups.update({ user_group_id: team, can_mention_group: { new: admins, old: everyone } });
    expect(mock.journal.entries.at(-1)).toMatchObject({ status: 200, params: { can_mention_group: JSON.stringify({ new: admins, old: everyone }) } });
  });
});
