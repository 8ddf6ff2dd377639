import { describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../mock/index';
import { ChatClient } from '../src/index';
import { verifyAction } from './support/verify-action';

const SITE = 'http://localhost:9991';
const IAGO = 'iago@zulip.com';
const HAMLET = 'hamlet@zulip.com';
const POLONIUS = 'polonius@zulip.com';

/** A server at `level` and iago's client, which learns the level from it. */
function serverAt(level: number) {
  const mock = createMockServer({ featureLevel: level });
  const iago = new ChatClient({ site: SITE, email: IAGO, apiKey: mock.apiKeyOf(IAGO), fetch: mock.fetch, maxRetries: 0 });
  return { mock, iago, iagoId: mock.store.userByDeliveryEmail(IAGO)?.id ?? 0, hamletId: mock.store.userByDeliveryEmail(HAMLET)?.id ?? 0 };
}

/** `DELETE /user_groups/{id}` as the reference Python client's `remove_user_group` sends it. */
async function deleteGroup(mock: MockServer, groupId: number, email = IAGO) {
  const response = await mock.fetch(`${SITE}/api/v1/user_groups/${String(groupId)}`, {
    method: 'DELETE',
    headers: { authorization: `Basic ${btoa(`${email}:${mock.apiKeyOf(email)}`)}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A new group's ID (the answer has it from level 317; the store, by name, at every level). */
async function createGroup(mock: MockServer, client: ChatClient, params: Parameters<ChatClient['userGroups']['create']>[0]): Promise<number> {
  await client.userGroups.create(params);
  return mock.store.userGroupByName(params.name)?.id ?? 0;
}

const badRequest = (msg: string) => ({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });
const groupNames = (mock: MockServer) => mock.store.tables.userGroup.all().map((group) => group.name);

describe('DELETE /user_groups/{user_group_id} below feature level 294, where groups could be deleted (5f3a8334be removed it)', () => {
  it('deletes the group, and every user is sent a user_group remove event', async () => {
    const { mock, iago, hamletId, iagoId } = serverAt(293);
    const groupId = await createGroup(mock, iago, { name: 'marketing', description: 'Marketing', members: [hamletId] });
    let answer: Awaited<ReturnType<typeof deleteGroup>> | undefined;
    const events = await verifyAction(
      iago,
      async () => {
        answer = await deleteGroup(mock, groupId);
      },
      { event_types: ['user_group'] },
      { userId: iagoId },
    );
    expect(answer).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    expect(events).toEqual([{ type: 'user_group', op: 'remove', group_id: groupId, id: expect.any(Number) }]);
    // A guest, who is in no group, is told too; so is a client that keeps deactivated groups.
    for (const [email, capabilities] of [[POLONIUS, { notification_settings_null: true }], [HAMLET, { notification_settings_null: true, include_deactivated_groups: true }]] as const) {
      const client = new ChatClient({ site: SITE, email, apiKey: mock.apiKeyOf(email), fetch: mock.fetch });
      const other = await createGroup(mock, iago, { name: `other-${email}`, description: '', members: [hamletId] });
      const queue = await client.events.register({ event_types: ['user_group'], client_capabilities: capabilities });
      await deleteGroup(mock, other);
      const { events: seen } = await client.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
      expect(seen).toEqual([{ type: 'user_group', op: 'remove', group_id: other, id: 0 }]);
    }
    expect(groupNames(mock)).not.toContain('marketing');
    expect(await deleteGroup(mock, groupId)).toEqual(badRequest('Invalid user group'));
  });

  it("a subgroup leaves its supergroups and the anonymous setting values that hold it, without an event (the server's cascade)", async () => {
    const { mock, iago, hamletId } = serverAt(293);
    const inner = await createGroup(mock, iago, { name: 'inner', description: '', members: [hamletId] });
    const outer = await createGroup(mock, iago, {
      name: 'outer',
      description: '',
      members: [],
      can_mention_group: { direct_members: [hamletId], direct_subgroups: [inner] },
    });
    await iago.userGroups.updateSubgroups({ user_group_id: outer, add: [inner] });
    expect(await deleteGroup(mock, inner)).toMatchObject({ status: 200 });
    expect(mock.store.tables.userGroup.get(outer)).toMatchObject({
      direct_subgroup_ids: [],
      can_mention_group: { direct_members: [hamletId], direct_subgroups: [] },
    });
  });

  it("a group a setting names is refused as a group in use (the server's foreign keys fail with a 500 there, which the mock never answers); a system group, a guest and a member without permission are refused", async () => {
    const { mock, iago, hamletId } = serverAt(293);
    const named = await createGroup(mock, iago, { name: 'mentioners', description: '', members: [hamletId] });
    await iago.userGroups.create({ name: 'team', description: '', members: [hamletId], can_mention_group: named });
    const team = mock.store.userGroupByName('team')?.id;
    expect(await deleteGroup(mock, named)).toEqual({
      status: 400,
      body: {
        result: 'error',
        msg: 'Cannot deactivate user group in use.',
        code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
        objections: [{ type: 'user_group', group_id: team, settings: ['can_mention_group'] }],
      },
    });
    expect(groupNames(mock)).toContain('mentioners');
    const plain = await createGroup(mock, iago, { name: 'plain', description: '', members: [hamletId] });
    expect(await deleteGroup(mock, mock.state.realm.system_groups['role:members'])).toEqual(badRequest('Insufficient permission'));
    expect(await deleteGroup(mock, plain, POLONIUS)).toEqual(badRequest('Not allowed for guest users'));
    expect(await deleteGroup(mock, plain, 'othello@zulip.com')).toEqual(badRequest('Insufficient permission'));
  });

  it("from 294 there is no such route: the server's 405, PATCH alone allowed", async () => {
    const { mock, iago, hamletId } = serverAt(294);
    const groupId = await createGroup(mock, iago, { name: 'marketing', description: '', members: [hamletId] });
    expect(await deleteGroup(mock, groupId)).toEqual({ status: 405, body: { result: 'error', msg: 'Method Not Allowed', allowed_methods: ['PATCH'] } });
    expect(groupNames(mock)).toContain('marketing');
  });
});
