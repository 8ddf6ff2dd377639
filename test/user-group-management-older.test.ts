import { describe, expect, it } from 'vitest';
import type { MockServer } from '../mock/index';
import { expectApiError } from './support/failure';
import { olderServerForAll, rawRequest } from './support/older-server';
import { verifyAction } from './support/verify-action';

const OWNER = 'desdemona@zulip.com';
const MODERATOR = 'shiva@zulip.com';
const HAMLET = 'hamlet@zulip.com';
const OTHELLO = 'othello@zulip.com';
const PROSPERO = 'prospero@zulip.com';
const REGISTER = { event_types: ['user_group'] };
const INSUFFICIENT = { code: 'BAD_REQUEST', status: 400, msg: 'Insufficient permission' } as const;

function groupId(mock: MockServer, name: string): number {
  return mock.store.userGroupByName(name)!.id;
}

/**
 * Below level 305 managing all groups (`user_group_edit_policy` below 299, then
 * `can_manage_all_groups`) let administrators and moderators manage every group, and anyone
 * else only the groups they belong to (the server's `check_permission_for_managing_all_groups`;
 * the changelog's 305). The seeded `hamletcharacters` has Hamlet and Cordelia; Othello is a
 * member of the realm only.
 */
async function managingAllGroupsOnlyOwnGroups(level: number) {
  const { mock, clientFor, userId } = olderServerForAll(level);
  if (level >= 299) {
    // The realm's policy of members, as the group setting that replaced it.
    await clientFor(OWNER).realm.update({ can_manage_all_groups: { new: groupId(mock, 'role:members') } });
  }
  return { mock, clientFor, userId, group: groupId(mock, 'hamletcharacters') };
}

describe.each([298, 304])('below level 305 (at %i), managing all groups is for the groups one is in, unless a moderator', (level) => {
  it('a member of the realm outside the group may not edit it, change its members or deactivate it', async () => {
    const { clientFor, userId, group } = await managingAllGroupsOnlyOwnGroups(level);
    const othello = clientFor(OTHELLO);
    await expectApiError(othello.userGroups.update({ user_group_id: group, name: 'renamed' }), INSUFFICIENT);
    await expectApiError(othello.userGroups.updateMembers({ user_group_id: group, add: [userId(PROSPERO)!] }), INSUFFICIENT);
    await expectApiError(othello.userGroups.updateMembers({ user_group_id: group, delete: [userId(HAMLET)!] }), INSUFFICIENT);
    await expectApiError(othello.userGroups.updateMembers({ user_group_id: group, add: [userId(OTHELLO)!] }), INSUFFICIENT);
    await expectApiError(othello.userGroups.deactivate({ user_group_id: group }), INSUFFICIENT);
  });

  it('a member of the group may, and the events keep a client in step', async () => {
    const { clientFor, userId, group } = await managingAllGroupsOnlyOwnGroups(level);
    const hamlet = clientFor(HAMLET);
    const observer = clientFor(OTHELLO);
    const context = { userId: userId(OTHELLO) };
    await verifyAction(observer, () => hamlet.userGroups.update({ user_group_id: group, name: 'hamlet-cast' }), REGISTER, context);
    await verifyAction(observer, () => hamlet.userGroups.updateMembers({ user_group_id: group, add: [userId(PROSPERO)!] }), REGISTER, context);
    await verifyAction(observer, () => hamlet.userGroups.updateMembers({ user_group_id: group, delete: [userId(PROSPERO)!] }), REGISTER, context);
    await verifyAction(observer, () => hamlet.userGroups.deactivate({ user_group_id: group }), REGISTER, context);
  });

  it('a moderator may manage a group they are not in', async () => {
    const { clientFor, group } = await managingAllGroupsOnlyOwnGroups(level);
    await clientFor(MODERATOR).userGroups.update({ user_group_id: group, name: 'renamed by a moderator' });
  });
});

it('from level 305 managing all groups is every group, whoever holds it', async () => {
  const { clientFor, userId, group } = await managingAllGroupsOnlyOwnGroups(305);
  const othello = clientFor(OTHELLO);
  await othello.userGroups.update({ user_group_id: group, name: 'renamed' });
  await othello.userGroups.updateMembers({ user_group_id: group, add: [userId(PROSPERO)!] });
});

it('below 298 only direct members of the group count; from 298 members of its subgroups too', async () => {
  for (const [level, allowed] of [
    [297, false],
    [298, true],
  ] as const) {
    const { mock, clientFor, userId, group } = await managingAllGroupsOnlyOwnGroups(level);
    await clientFor(OWNER).userGroups.create({ name: 'othello-and-friends', description: 'Subgroup', members: [userId(OTHELLO)!] });
    await clientFor(OWNER).userGroups.updateSubgroups({ user_group_id: group, add: [groupId(mock, 'othello-and-friends')] });
    const renamed = clientFor(OTHELLO).userGroups.update({ user_group_id: group, name: `renamed at ${level}` });
    if (allowed) await renamed;
    else await expectApiError(renamed, INSUFFICIENT);
  }
});

it('below 294 only the groups one is in may be deleted (DELETE /user_groups/{user_group_id})', async () => {
  const { mock, group } = await managingAllGroupsOnlyOwnGroups(293);
  expect(await rawRequest(mock, OTHELLO, 'DELETE', `/user_groups/${group}`)).toEqual({
    status: 400,
    body: { result: 'error', code: 'BAD_REQUEST', msg: 'Insufficient permission' },
  });
  expect(await rawRequest(mock, HAMLET, 'DELETE', `/user_groups/${group}`)).toEqual({ status: 200, body: { result: 'success', msg: '' } });
});

it("a group's can_manage_group counts from level 283 only: below, its creator outside it may not manage it", async () => {
  for (const [level, allowed] of [
    [282, false],
    [300, true],
  ] as const) {
    const { mock, clientFor, userId } = await managingAllGroupsOnlyOwnGroups(level);
    const hamlet = clientFor(HAMLET);
    await hamlet.userGroups.create({ name: 'cordelias', description: 'Without its creator', members: [userId('cordelia@zulip.com')!] });
    const renamed = hamlet.userGroups.update({ user_group_id: groupId(mock, 'cordelias'), name: `renamed at ${level}` });
    if (allowed) await renamed;
    else await expectApiError(renamed, INSUFFICIENT);
  }
});
