import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

/** hamlet's group of cordelia and prospero: everyone may leave it, nobody may remove others (the defaults). */
async function cordeliasGroup(): Promise<number> {
  const { group_id } = await realm.clientFor('hamlet@zulip.com').userGroups.create({
    name: 'g1',
    description: 'd',
    members: [realm.userId('cordelia@zulip.com'), realm.userId('prospero@zulip.com')],
  });
  return group_id ?? 0;
}

describe('POST /user_groups/{id}/members: leaving and the order of its checks', () => {
  it('leaving is a list of exactly one ID, the caller\'s, as sent: [me, me] is removing, which needs can_remove_members_group', async () => {
    const id = await cordeliasGroup();
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const me = realm.userId('cordelia@zulip.com');
    const refused = await verifyAction(cordelia, () => expectApiError(cordelia.userGroups.updateMembers({ user_group_id: id, delete: [me, me] }), bad('Insufficient permission')));
    expect(refused).toEqual([]);
    const left = await verifyAction(cordelia, () => cordelia.userGroups.updateMembers({ user_group_id: id, delete: [me] }));
    expect(left).toEqual([expect.objectContaining({ type: 'user_group', op: 'remove_members', group_id: id, user_ids: [me] })]);
  });

  it('removing reads the users before the group: a bad ID on a missing group is the user\'s error; adding reads the group first', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.userGroups.updateMembers({ user_group_id: 99999, delete: [99998] }), bad('Invalid user ID: 99998'));
    await expectApiError(hamlet.userGroups.updateMembers({ user_group_id: 99999, delete: [realm.userId('cordelia@zulip.com')] }), bad('Invalid user group'));
    await expectApiError(hamlet.userGroups.updateMembers({ user_group_id: 99999, add: [99998] }), bad('Invalid user group'));
    // Adding runs first: its group lookup fails before removing reads its users.
    await expectApiError(hamlet.userGroups.updateMembers({ user_group_id: 99999, add: [99998], delete: [99997] }), bad('Invalid user group'));
    await expectApiError(hamlet.userGroups.updateSubgroups({ user_group_id: 99999, add: [99998] }), bad('Invalid user group'));
  });
});
