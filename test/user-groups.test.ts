import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

describe('GET /user_groups', () => {
  it('lists the eight system groups and the custom ones by ID, with direct members by role and the subgroup chain', async () => {
    const { user_groups } = await realm.clientFor('hamlet@zulip.com').userGroups.list();
    const ids = user_groups.map((group) => group.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(user_groups.map((group) => group.name)).toEqual([
      'role:nobody',
      'role:owners',
      'role:administrators',
      'role:moderators',
      'role:fullmembers',
      'role:members',
      'role:everyone',
      'role:internet',
      'hamletcharacters',
    ]);
    const byName = new Map(user_groups.map((group) => [group.name, group]));
    const id = (name: string) => byName.get(name)?.id;
    const user = (email: string) => realm.userId(email);
    expect(byName.get('role:owners')).toMatchObject({ members: [user('desdemona@zulip.com')], direct_subgroup_ids: [], is_system_group: true, creator_id: null, date_created: null });
    expect(byName.get('role:administrators')).toMatchObject({ members: [user('iago@zulip.com')], direct_subgroup_ids: [id('role:owners')] });
    expect(byName.get('role:moderators')).toMatchObject({ members: [user('shiva@zulip.com')], direct_subgroup_ids: [id('role:administrators')] });
    // A member is a direct member of both role:members and role:fullmembers (nobody is provisional).
    const members = ['hamlet@zulip.com', 'cordelia@zulip.com', 'othello@zulip.com', 'prospero@zulip.com', 'default-bot@zulip.com', 'webhook-bot@zulip.com']
      .map(user)
      .sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(byName.get('role:members')).toMatchObject({ members, direct_subgroup_ids: [id('role:fullmembers')] });
    expect(byName.get('role:fullmembers')).toMatchObject({ members, direct_subgroup_ids: [id('role:moderators')] });
    expect(byName.get('role:everyone')).toMatchObject({ members: [user('polonius@zulip.com')], direct_subgroup_ids: [id('role:members')] });
    expect(byName.get('role:fullmembers')?.members).toContain(user('hamlet@zulip.com'));
    const nobody = id('role:nobody');
    expect(byName.get('role:members')).toMatchObject({
      can_add_members_group: nobody,
      can_join_group: nobody,
      can_leave_group: nobody,
      can_manage_group: nobody,
      can_mention_group: nobody,
      can_remove_members_group: nobody,
    });
    expect(byName.get('hamletcharacters')).toMatchObject({
      description: 'Characters of Hamlet',
      members: [user('hamlet@zulip.com'), user('cordelia@zulip.com')].sort((a, b) => a - b),
      direct_subgroup_ids: [],
      is_system_group: false,
      deactivated: false,
      creator_id: null,
      can_add_members_group: { direct_members: [], direct_subgroups: [] },
      can_join_group: nobody,
      can_leave_group: id('role:everyone'),
      can_manage_group: { direct_members: [], direct_subgroups: [] },
      can_mention_group: id('role:everyone'),
      can_remove_members_group: nobody,
    });
  });

  it('lists active members only, and deactivated groups only with include_deactivated_groups', async () => {
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId('cordelia@zulip.com') });
    realm.mock.store.tables.userGroup.update(realm.groupId('hamletcharacters'), { deactivated: true });
    const othello = realm.clientFor('othello@zulip.com');
    expect((await othello.userGroups.list()).user_groups.map((group) => group.name)).not.toContain('hamletcharacters');
    const { user_groups } = await othello.userGroups.list({ include_deactivated_groups: true });
    expect(user_groups.find((group) => group.name === 'hamletcharacters')).toMatchObject({
      deactivated: true,
      members: [realm.userId('hamlet@zulip.com')],
    });
  });

  it('refuses guests and bots, as the server\'s require_member_or_admin does', async () => {
    await expectApiError(realm.clientFor('polonius@zulip.com').userGroups.list(), { code: 'BAD_REQUEST', status: 400, msg: 'Not allowed for guest users' });
    await expectApiError(realm.clientFor('default-bot@zulip.com').userGroups.list(), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'This endpoint does not accept bot requests.',
    });
  });
});
