import { describe, expect, it } from 'vitest';
import { rawRequest, serverAt } from './support/older-server';
import { verifyAction } from './support/verify-action';

const IAGO = 'iago@zulip.com';
const GUEST = 'polonius@zulip.com';

/**
 * A realm at `level` where Othello is in a custom group, in `hamletcharacters`'s
 * `can_mention_group` and in the realm's `can_create_public_channel_group` (anonymous values).
 */
async function othelloInGroups(level: number) {
  const server = serverAt(level);
  const { mock } = server;
  const id = (email: string) => mock.store.userByDeliveryEmail(email)?.id ?? 0;
  const group = (name: string) => mock.store.userGroupByName(name)?.id ?? 0;
  const iago = mock.clientFor(IAGO);
  const othello = id('othello@zulip.com');
  const members = group('role:members');
  // Servers before 317 answer no group_id: the new group is looked up by name.
  await iago.userGroups.create({ name: 'team', description: '', members: [othello, id('cordelia@zulip.com')] });
  const team = group('team');
  const anonymous = { direct_members: [othello], direct_subgroups: [members] };
  await iago.realm.update({ can_create_public_channel_group: { new: anonymous } });
  await mock.clientFor('desdemona@zulip.com').userGroups.update({ user_group_id: group('hamletcharacters'), can_mention_group: { new: anonymous } });
  return { ...server, iago, othello, team, members, hamletcharacters: group('hamletcharacters') };
}

/** Everything a deactivation touches but presence, whose `server_timestamp` moves with the real clock of `serverAt`. */
const REGISTER = { event_types: ['realm_user', 'subscription', 'realm_user_groups', 'user_group', 'realm', 'user_status', 'realm_bot'], include_subscribers: true };

type Events = Awaited<ReturnType<typeof verifyAction>>;
const groupOrRealmEvents = (events: Events) => events.filter((event) => event?.type === 'user_group' || event?.type === 'realm');

describe('deactivated users in groups before level 303', () => {
  it('at 302 they stay in members and anonymous values; (de)activation sends no group events and passes the acceptance test', async () => {
    const { iago, othello, team, members, hamletcharacters, client, raw } = await othelloInGroups(302);
    for (const observer of [client, iago]) {
      expect(groupOrRealmEvents(await verifyAction(observer, () => iago.users.deactivate({ user_id: othello }), REGISTER))).toEqual([]);
      const state = await observer.events.register({});
      const listed = (groupId: number) => state.realm_user_groups?.find((entry) => entry.id === groupId);
      expect([listed(team)?.members, listed(members)?.members]).toEqual([expect.arrayContaining([othello]), expect.arrayContaining([othello])]);
      expect(listed(hamletcharacters)?.can_mention_group).toEqual({ direct_members: [othello], direct_subgroups: [members] });
      expect(state.realm_can_create_public_channel_group).toEqual({ direct_members: [othello], direct_subgroups: [members] });
      expect(groupOrRealmEvents(await verifyAction(observer, () => iago.users.reactivate({ user_id: othello }), REGISTER))).toEqual([]);
    }
    await iago.users.deactivate({ user_id: othello });
    expect((await client.userGroups.list()).user_groups.find((group) => group.id === team)?.members).toContain(othello);
    expect((await client.userGroups.members({ user_group_id: team, direct_member_only: true })).members).toContain(othello);
    expect((await client.userGroups.members({ user_group_id: members })).members).toContain(othello);
    // Asking about a deactivated user is refused at every level.
    expect((await raw('GET', `/user_groups/${team}/members/${othello}`)).body).toMatchObject({ msg: 'User is deactivated' });
  });

  it('from 303 they leave them, and the reactivation tells the groups and settings (acceptance test)', async () => {
    const { iago, othello, team, members, hamletcharacters, client } = await othelloInGroups(303);
    const deactivation = await verifyAction(client, () => iago.users.deactivate({ user_id: othello }), REGISTER);
    expect(groupOrRealmEvents(deactivation)).toEqual([]);
    const state = await client.events.register({});
    expect(state.realm_user_groups?.find((group) => group.id === team)?.members).not.toContain(othello);
    expect(state.realm_can_create_public_channel_group).toEqual({ direct_members: [], direct_subgroups: [members] });
    const reactivation = await verifyAction(client, () => iago.users.reactivate({ user_id: othello }), REGISTER);
    expect(groupOrRealmEvents(reactivation)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'user_group', op: 'add_members', group_id: team, user_ids: [othello] }),
        expect.objectContaining({ type: 'user_group', op: 'update', group_id: hamletcharacters }),
        expect.objectContaining({ type: 'realm', op: 'update_dict' }),
      ]),
    );
  });

  it('a limited guest who may not see the user: nothing on deactivation and the reactivation update at 302; group events from 303', async () => {
    for (const level of [302, 303]) {
      const { mock, iago, othello } = await othelloInGroups(level);
      const guest = mock.clientFor(GUEST);
      await iago.realm.update({ can_access_all_users_group: { new: mock.store.userGroupByName('role:members')?.id ?? 0 } });
      // The guest shares no channel with Othello (Verona had everyone).
      await guest.subscriptions.remove({ subscriptions: ['Verona'] });
      expect((await guest.events.register({ event_types: ['realm_user'] })).realm_users?.find((user) => user.user_id === othello)?.full_name).toBe('Unknown user');
      const register = REGISTER;
      const deactivated = await verifyAction(guest, () => iago.users.deactivate({ user_id: othello }), register);
      const reactivated = await verifyAction(guest, () => iago.users.reactivate({ user_id: othello }), register);
      const kinds = (events: Events) => events.map((event) => `${event?.type}:${(event as { op?: string } | undefined)?.op}`);
      if (level === 302) {
        expect([kinds(deactivated), kinds(reactivated)]).toEqual([[], ['realm_user:update']]);
      } else {
        expect(kinds(deactivated)).toContain('user_group:remove_members');
        expect(kinds(reactivated)).toContain('user_group:add_members');
        expect(kinds(reactivated)).not.toContain('realm_user:update');
      }
    }
  });

  it('POST /user_groups/{id}/members, a new group and an anonymous value take a deactivated user at 302, Invalid user ID from 303', async () => {
    for (const level of [302, 303]) {
      const { mock, iago, team } = await othelloInGroups(level);
      const hamletId = mock.store.userByDeliveryEmail('hamlet@zulip.com')?.id ?? 0;
      const prospero = mock.store.userByDeliveryEmail('prospero@zulip.com')?.id ?? 0;
      await iago.users.deactivate({ user_id: prospero });
      const admin = (method: string, path: string, params: Record<string, string>) => rawRequest(mock, IAGO, method, path, params);
      const refused = { status: 400, body: { result: 'error', msg: `Invalid user ID: ${prospero}`, code: 'BAD_REQUEST' } };
      const answers = [
        await admin('POST', `/user_groups/${team}/members`, { add: `[${prospero}]` }),
        await admin('POST', `/user_groups/${team}/members`, { delete: `[${prospero}]` }),
        await admin('POST', '/user_groups/create', { name: 'with-prospero', description: '', members: `[${prospero}]` }),
        await admin('PATCH', '/realm', { can_create_public_channel_group: JSON.stringify({ new: { direct_members: [prospero, hamletId], direct_subgroups: [] } }) }),
      ];
      if (level === 302) {
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
        expect((await iago.events.register({})).realm_can_create_public_channel_group).toEqual({ direct_members: [hamletId, prospero].sort((a, b) => a - b), direct_subgroups: [] });
        // Adding a deactivated user to a group at 302 passes the acceptance test, and tells no one.
        const add = () => iago.userGroups.updateMembers({ user_group_id: team, add: [prospero] });
        expect(groupOrRealmEvents(await verifyAction(iago, add, REGISTER))).toEqual([expect.objectContaining({ op: 'add_members', user_ids: [prospero] })]);
      } else {
        expect(answers).toEqual([refused, refused, refused, refused]);
      }
    }
  });

  it('at 302 a new group may list a deactivated user, and the state keeps them (acceptance test)', async () => {
    const { iago, othello, client } = await othelloInGroups(302);
    await iago.users.deactivate({ user_id: othello });
    const events = await verifyAction(client, () => iago.userGroups.create({ name: 'with-othello', description: '', members: [othello] }), REGISTER);
    expect(events).toEqual([expect.objectContaining({ type: 'user_group', op: 'add', group: expect.objectContaining({ members: [othello] }) })]);
  });
});
