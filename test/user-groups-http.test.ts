import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('user groups over real HTTP (standalone mock)', () => {
  it('creates, configures, fills, reads, refuses deactivating a group in use, then deactivates', async () => {
    const hamlet = http.clientFor('hamlet@zulip.com');
    const store = http.running.mock.store;
    const id = (email: string) => store.userByDeliveryEmail(email)?.id ?? 0;
    const groupId = (name: string) => store.userGroupByName(name)?.id ?? 0;
    const { group_id: inner = 0 } = await hamlet.userGroups.create({ name: 'http inner', description: 'over HTTP', members: [id('cordelia@zulip.com')] });
    const { group_id: outer = 0 } = await hamlet.userGroups.create({ name: 'http outer', description: '', members: [id('hamlet@zulip.com')], subgroups: [inner] });
    await hamlet.userGroups.update({ user_group_id: outer, can_join_group: { new: groupId('role:members'), old: groupId('role:nobody') } });
    await http.clientFor('othello@zulip.com').userGroups.updateMembers({ user_group_id: outer, add: [id('othello@zulip.com')] });
    expect((await hamlet.userGroups.members({ user_group_id: outer })).members).toEqual(
      [id('hamlet@zulip.com'), id('cordelia@zulip.com'), id('othello@zulip.com')].sort((a, b) => a - b),
    );
    expect(await hamlet.userGroups.isMember({ user_group_id: outer, user_id: id('cordelia@zulip.com'), direct_member_only: true })).toMatchObject({ is_user_group_member: false });
    await expectApiError(hamlet.userGroups.deactivate({ user_group_id: inner }), {
      code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
      status: 400,
      msg: 'Cannot deactivate user group in use.',
      objections: [{ type: 'subgroup', supergroup_ids: [outer] }],
    });
    await hamlet.userGroups.updateSubgroups({ user_group_id: outer, delete: [inner] });
    await hamlet.userGroups.deactivate({ user_group_id: inner });
    const names = (await hamlet.userGroups.list()).user_groups.map((group) => group.name);
    expect(names).toContain('http outer');
    expect(names).not.toContain('http inner');
  });
});
