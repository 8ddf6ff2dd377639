import { describe, expect, it } from 'vitest';
import { serverAt } from './support/older-server';
import { verifyAction } from './support/verify-action';

const DESDEMONA = 'desdemona@zulip.com';
const GROUPS = { event_types: ['user_group', 'realm_user_groups'] };

/** A server at `level` with Desdemona's client and the IDs of two groups of the test realm. */
function groupsAt(level: number) {
  const { mock } = serverAt(level);
  const group = (name: string) => mock.store.userGroupByName(name)?.id ?? 0;
  return { mock, desdemona: mock.clientFor(DESDEMONA), hamletcharacters: group('hamletcharacters'), members: group('role:members'), admins: group('role:administrators') };
}

describe("a user group's subgroups before `direct_subgroup_ids` (131)", () => {
  it('from 127 to 130 are `subgroups` in groups (register, GET /user_groups, add events) and `subgroup_ids` in subgroup events (acceptance test)', async () => {
    const { desdemona, hamletcharacters, members, admins } = groupsAt(130);
    const state = await desdemona.events.register(GROUPS);
    const listed = state.realm_user_groups?.find((group) => group.id === members);
    expect(listed?.subgroups).toEqual([expect.any(Number)]);
    expect(listed).not.toHaveProperty('direct_subgroup_ids');
    const fetched = (await desdemona.userGroups.list()).user_groups.find((group) => group.id === members);
    expect(fetched?.subgroups).toEqual(listed?.subgroups);
    expect(fetched).not.toHaveProperty('direct_subgroup_ids');
    const added = await verifyAction(desdemona, () => desdemona.userGroups.updateSubgroups({ user_group_id: hamletcharacters, add: [admins] }), GROUPS);
    expect(added).toEqual([{ id: expect.any(Number), type: 'user_group', op: 'add_subgroups', group_id: hamletcharacters, subgroup_ids: [admins] }]);
    const removed = await verifyAction(desdemona, () => desdemona.userGroups.updateSubgroups({ user_group_id: hamletcharacters, delete: [admins] }), GROUPS);
    expect(removed).toEqual([{ id: expect.any(Number), type: 'user_group', op: 'remove_subgroups', group_id: hamletcharacters, subgroup_ids: [admins] }]);
    const created = await verifyAction(desdemona, () => desdemona.userGroups.create({ name: 'team', description: '', members: [] }), GROUPS);
    expect(created).toEqual([expect.objectContaining({ op: 'add', group: expect.objectContaining({ subgroups: [] }) })]);
    expect((created[0] as { group: object }).group).not.toHaveProperty('direct_subgroup_ids');
  });

  it('below 127 groups have neither', async () => {
    const { desdemona, members } = groupsAt(126);
    const listed = (await desdemona.events.register(GROUPS)).realm_user_groups?.find((group) => group.id === members);
    expect(listed).not.toHaveProperty('subgroups');
    expect(listed).not.toHaveProperty('direct_subgroup_ids');
  });

  it('from 131 `direct_subgroup_ids` only', async () => {
    const { desdemona, members } = groupsAt(131);
    const listed = (await desdemona.events.register(GROUPS)).realm_user_groups?.find((group) => group.id === members);
    expect(listed?.direct_subgroup_ids).toEqual([expect.any(Number)]);
    expect(listed).not.toHaveProperty('subgroups');
  });
});
