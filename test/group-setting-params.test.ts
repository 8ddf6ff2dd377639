import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

async function answer(email: string, method: string, path: string, form: Record<string, string>) {
  const response = await realm.raw(email, method, path, new URLSearchParams(form));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const badRequest = (msg: string) => ({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });

// The server types a new group-setting value as `Json[int | UserGroupMembersData]` and a change
// as `Json[GroupSettingChangeRequest]` (a dataclass): pydantic reports the union's first member,
// labelled `int`, and a change that is no object as `dataclass_type`.
describe('group-setting parameters are refused in pydantic words', () => {
  it('POST /user_groups/create: a value neither an ID nor a full anonymous group is not an integer, under ["int"]', async () => {
    const create = (value: string) =>
      answer('desdemona@zulip.com', 'POST', '/user_groups/create', { name: 'x1', members: '[]', description: '', can_mention_group: value });
    for (const value of ['"abc"', '{"direct_members":[]}', 'true', 'null', '[1]', '2.0']) {
      expect(await create(value)).toEqual(badRequest('can_mention_group["int"] is not an integer'));
    }
  });

  it('PATCH /user_groups/{id}: a change that is no object does not have the expected format; a bad new value is ["new"]["int"]', async () => {
    const update = (value: string) => answer('desdemona@zulip.com', 'PATCH', `/user_groups/${realm.groupId('hamletcharacters')}`, { can_mention_group: value });
    for (const value of ['5', 'null', '[5]', '"x"']) {
      expect(await update(value)).toEqual(badRequest('can_mention_group does not have the expected format'));
    }
    expect(await update('{"new":true}')).toEqual(badRequest('can_mention_group["new"]["int"] is not an integer'));
    expect(await update('{"new":{"direct_members":[1]}}')).toEqual(badRequest('can_mention_group["new"]["int"] is not an integer'));
    expect(await update('{"new":5,"old":"x"}')).toEqual(badRequest('can_mention_group["old"]["int"] is not an integer'));
    expect(await update('{}')).toEqual(badRequest('can_mention_group["new"] field is missing: Field required'));
  });

  it('channels type them alike: POST /users/me/subscriptions and PATCH /streams/{id}', async () => {
    const subscribe = await answer('iago@zulip.com', 'POST', '/users/me/subscriptions', { subscriptions: '[{"name":"new channel"}]', can_send_message_group: '"abc"' });
    expect(subscribe).toEqual(badRequest('can_send_message_group["int"] is not an integer'));
    const update = (value: string) => answer('iago@zulip.com', 'PATCH', `/streams/${realm.channelId('Denmark')}`, { can_send_message_group: value });
    expect(await update('5')).toEqual(badRequest('can_send_message_group does not have the expected format'));
    expect(await update('{"new":{"direct_subgroups":[]}}')).toEqual(badRequest('can_send_message_group["new"]["int"] is not an integer'));
  });

  it('the organization types them alike: PATCH /realm', async () => {
    const update = (value: string) => answer('desdemona@zulip.com', 'PATCH', '/realm', { can_create_groups: value });
    expect(await update('5')).toEqual(badRequest('can_create_groups does not have the expected format'));
    expect(await update('{"new":"everyone"}')).toEqual(badRequest('can_create_groups["new"]["int"] is not an integer'));
  });
});

// GroupSettingChangeRequest's `old` is `int | UserGroupMembersData | None`; the views compare it only when it is not None.
describe("a change request's old: null is no expectation", () => {
  it('PATCH /user_groups/{id}, /streams/{id} and /realm change the setting', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const members = realm.groupId('role:members');
    const group = realm.groupId('hamletcharacters');
    const events = await verifyAction(desdemona, async () => {
      await desdemona.userGroups.update({ user_group_id: group, can_mention_group: { new: members, old: null } });
      await desdemona.channels.update({ stream_id: realm.channelId('Denmark'), can_send_message_group: { new: members, old: null } });
      await desdemona.realm.update({ can_create_groups: { new: realm.groupId('role:administrators'), old: null } });
    });
    expect(events.map((event) => event?.type)).toEqual(expect.arrayContaining(['user_group', 'stream', 'realm']));
    const { user_groups } = await desdemona.userGroups.list();
    expect(user_groups.find((entry) => entry.id === group)?.can_mention_group).toBe(members);
  });
});
