import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

// Cases from the newest server's zerver/tests/test_user_groups.py that its 10.2 release lacks.
const realm = useTestRealm();

const INSUFFICIENT = { code: 'BAD_REQUEST', status: 400, msg: 'Insufficient permission' };

async function deactivatedSupport(): Promise<number> {
  const desdemona = realm.clientFor('desdemona@zulip.com');
  const { group_id: id = 0 } = await desdemona.userGroups.create({ name: 'support', description: '', members: [realm.userId('othello@zulip.com')] });
  await desdemona.userGroups.deactivate({ user_group_id: id });
  return id;
}

describe('reactivating a group takes the permission to manage it (test_user_group_reactivation)', () => {
  it('can_manage_all_groups lets its members reactivate any group; others are refused', async () => {
    const id = await deactivatedSupport();
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const shiva = realm.clientFor('shiva@zulip.com');
    await desdemona.realm.update({ can_manage_all_groups: { new: realm.groupId('role:administrators') } });
    await expectApiError(shiva.userGroups.update({ user_group_id: id, deactivated: false }), INSUFFICIENT);
    await desdemona.realm.update({ can_manage_all_groups: { new: realm.groupId('role:moderators') } });
    await shiva.userGroups.update({ user_group_id: id, deactivated: false });
    const { user_groups } = await shiva.userGroups.list();
    expect(user_groups.find((group) => group.id === id)?.deactivated).toBe(false);
  });

  it("the group's can_manage_group, an anonymous one too, lets its members reactivate it", async () => {
    const id = await deactivatedSupport();
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const shiva = realm.clientFor('shiva@zulip.com');
    const administrators = realm.groupId('role:administrators');
    await desdemona.realm.update({ can_manage_all_groups: { new: administrators } });
    await desdemona.userGroups.update({ user_group_id: id, can_manage_group: { new: administrators } });
    await expectApiError(shiva.userGroups.update({ user_group_id: id, deactivated: false }), INSUFFICIENT);
    const anonymous = { direct_members: [realm.userId('shiva@zulip.com')], direct_subgroups: [administrators] };
    await desdemona.userGroups.update({ user_group_id: id, can_manage_group: { new: anonymous } });
    await shiva.userGroups.update({ user_group_id: id, deactivated: false });
    await expectApiError(shiva.userGroups.update({ user_group_id: realm.groupId('role:members'), deactivated: false }), INSUFFICIENT);
  });
});

describe('a group used by a setting (test_user_group_deactivation_with_group_used_for_settings)', () => {
  it("a newer channel setting objects until its channel is archived, a group's until that group is deactivated", async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const othello = realm.userId('othello@zulip.com');
    const { group_id: support = 0 } = await desdemona.userGroups.create({ name: 'support', description: '', members: [othello] });
    const { group_id: leadership = 0 } = await desdemona.userGroups.create({ name: 'leadership', description: '', members: [othello] });
    const channelId = realm.channelId('Denmark');
    await desdemona.channels.update({ stream_id: channelId, can_resolve_topics_group: { new: support } });
    await desdemona.userGroups.update({ user_group_id: leadership, can_leave_group: { new: { direct_members: [othello], direct_subgroups: [support] } } });
    const inUse = { code: 'CANNOT_DEACTIVATE_GROUP_IN_USE', status: 400, msg: 'Cannot deactivate user group in use.' };
    await expectApiError(desdemona.userGroups.deactivate({ user_group_id: support }), {
      ...inUse,
      objections: [
        { type: 'channel', channel_id: channelId, settings: ['can_resolve_topics_group'] },
        { type: 'user_group', group_id: leadership, settings: ['can_leave_group'] },
      ],
    });
    await desdemona.channels.archive({ stream_id: channelId });
    await expectApiError(desdemona.userGroups.deactivate({ user_group_id: support }), {
      ...inUse,
      objections: [{ type: 'user_group', group_id: leadership, settings: ['can_leave_group'] }],
    });
    await desdemona.userGroups.deactivate({ user_group_id: leadership });
    await desdemona.userGroups.deactivate({ user_group_id: support });
  });
});
