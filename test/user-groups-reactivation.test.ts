import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

describe('reactivating a user group (PATCH /user_groups/{id} deactivated=false)', () => {
  it("the add event lists every direct member, deactivated accounts too (do_reactivate_user_group); register lists active ones, and applyEvent leaves the state's deactivated users out", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const cordelia = realm.userId('cordelia@zulip.com');
    const prospero = realm.userId('prospero@zulip.com');
    const { group_id: id = 0 } = await hamlet.userGroups.create({ name: 'g1', description: 'd', members: [cordelia, prospero] });
    await hamlet.userGroups.deactivate({ user_group_id: id });
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: prospero });
    const othello = realm.clientFor('othello@zulip.com');
    const events = await verifyAction(othello, () => hamlet.userGroups.update({ user_group_id: id, deactivated: false }));
    expect(events).toEqual([
      expect.objectContaining({ type: 'user_group', op: 'add', group: expect.objectContaining({ id, members: [cordelia, prospero].sort((a, b) => a - b) }) }),
    ]);
    const { user_groups } = await othello.userGroups.list();
    expect(user_groups.find((group) => group.id === id)?.members).toEqual([cordelia]);
  });

  it('clients that keep deactivated groups get the update alone, and their state holds too', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const prospero = realm.userId('prospero@zulip.com');
    const { group_id: id = 0 } = await hamlet.userGroups.create({ name: 'g2', description: '', members: [prospero] });
    await hamlet.userGroups.deactivate({ user_group_id: id });
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: prospero });
    const capability = { client_capabilities: { notification_settings_null: true, include_deactivated_groups: true } };
    const events = await verifyAction(hamlet, () => hamlet.userGroups.update({ user_group_id: id, deactivated: false }), capability);
    expect(events).toEqual([expect.objectContaining({ type: 'user_group', op: 'update', group_id: id, data: { deactivated: false } })]);
  });
});
