import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const INSUFFICIENT = bad('Insufficient permission');

/** hamlet creates a group of his own (he manages it and may add members by default). */
async function hamletsGroup(name = 'support', members: string[] = ['hamlet@zulip.com']): Promise<number> {
  const { group_id } = await realm.clientFor('hamlet@zulip.com').userGroups.create({
    name,
    description: 'First line',
    members: members.map((email) => realm.userId(email)),
  });
  if (group_id === undefined) throw new Error('the mock always answers group_id');
  return group_id;
}

async function groupById(client: ChatClient, id: number, includeDeactivated = false) {
  const { user_groups } = await client.userGroups.list({ include_deactivated_groups: includeDeactivated });
  return user_groups.find((group) => group.id === id);
}

describe('userGroups.create (POST /user_groups/create)', () => {
  it("creates a group with the server's defaults: the creator manages it and adds members, everyone may leave and mention it", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () => hamletsGroup('support', ['hamlet@zulip.com', 'cordelia@zulip.com']));
    const id = realm.groupId('support');
    const hamletId = realm.userId('hamlet@zulip.com');
    expect(await groupById(hamlet, id)).toEqual({
      id,
      name: 'support',
      description: 'First line',
      creator_id: hamletId,
      date_created: Math.floor(realm.clock.now() / 1000),
      members: [hamletId, realm.userId('cordelia@zulip.com')].sort((a, b) => a - b),
      direct_subgroup_ids: [],
      is_system_group: false,
      deactivated: false,
      can_add_members_group: { direct_members: [hamletId], direct_subgroups: [] },
      can_join_group: realm.groupId('role:nobody'),
      can_leave_group: realm.groupId('role:everyone'),
      can_manage_group: { direct_members: [hamletId], direct_subgroups: [] },
      can_mention_group: realm.groupId('role:everyone'),
      can_remove_members_group: realm.groupId('role:nobody'),
    });
    expect(events.map((event) => [event?.type, (event as { op?: string }).op])).toEqual([['user_group', 'add']]);
  });

  it('takes initial subgroups and settings; a one-subgroup anonymous value is that group, an empty one role:nobody', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const events = await verifyAction(iago, () =>
      iago.userGroups.create({
        name: 'leads',
        description: '',
        members: [],
        subgroups: [realm.groupId('hamletcharacters')],
        can_join_group: { direct_members: [], direct_subgroups: [realm.groupId('role:members')] },
        can_mention_group: { direct_members: [], direct_subgroups: [] },
        can_leave_group: { direct_members: [realm.userId('othello@zulip.com')], direct_subgroups: [realm.groupId('role:moderators')] },
      }),
    );
    expect(events.map((event) => (event as { op?: string }).op)).toEqual(['add', 'add_subgroups']);
    expect(await groupById(iago, realm.groupId('leads'))).toMatchObject({
      direct_subgroup_ids: [realm.groupId('hamletcharacters')],
      can_join_group: realm.groupId('role:members'),
      can_mention_group: realm.groupId('role:nobody'),
      can_leave_group: { direct_members: [realm.userId('othello@zulip.com')], direct_subgroups: [realm.groupId('role:moderators')] },
    });
  });

  it('refuses guests, bots and, when the realm restricts can_create_groups, members', async () => {
    const input = { name: 'x', description: '', members: [] };
    await expectApiError(realm.clientFor('polonius@zulip.com').userGroups.create(input), bad('Not allowed for guest users'));
    await expectApiError(realm.clientFor('default-bot@zulip.com').userGroups.create(input), bad('This endpoint does not accept bot requests.'));
    realm.mock.realm.can_create_groups = realm.groupId('role:administrators');
    await expectApiError(realm.clientFor('hamlet@zulip.com').userGroups.create(input), INSUFFICIENT);
    // The server's permission decorator runs before any parameter is read: missing or malformed ones do not matter.
    for (const body of ['', 'members=abc', 'name=x&description=&members=[]&can_mention_group=nonsense']) {
      const response = await realm.raw('hamlet@zulip.com', 'POST', '/user_groups/create', new URLSearchParams(body));
      expect({ status: response.status, ...((await response.json()) as object) }).toEqual({ status: 400, result: 'error', code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    }
    await expect(realm.clientFor('iago@zulip.com').userGroups.create(input)).resolves.toMatchObject({ group_id: expect.any(Number) });
  });

  it("checks members, name, settings and subgroups with the server's messages, and creates nothing on failure", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const create = (fields: Partial<Parameters<ChatClient['userGroups']['create']>[0]>) =>
      hamlet.userGroups.create({ name: 'fine', description: '', members: [], ...fields });
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId('cordelia@zulip.com') });
    const before = realm.mock.store.tables.userGroup.all().length;
    await expectApiError(create({ members: [9999] }), bad('Invalid user ID: 9999'));
    await expectApiError(create({ members: [realm.userId('cordelia@zulip.com')] }), bad(`Invalid user ID: ${realm.userId('cordelia@zulip.com')}`));
    await expectApiError(create({ name: '  ' }), bad("User group name can't be empty!"));
    await expectApiError(create({ name: 'x'.repeat(101) }), bad('User group name cannot exceed 100 characters.'));
    for (const prefix of ['@', 'role:', 'user:', 'stream:', 'channel:']) {
      await expectApiError(create({ name: `${prefix}team` }), bad(`User group name cannot start with '${prefix}'.`));
    }
    await expectApiError(create({ name: 'hamletcharacters' }), bad("User group 'hamletcharacters' already exists."));
    await expectApiError(create({ can_manage_group: realm.groupId('role:internet') }), bad("'can_manage_group' setting cannot be set to 'role:internet' group."));
    await expectApiError(create({ can_join_group: realm.groupId('role:everyone') }), bad("'can_join_group' setting cannot be set to 'role:everyone' group."));
    await expectApiError(create({ can_mention_group: 424242 }), bad('Invalid user group'));
    await expectApiError(create({ can_mention_group: { direct_members: [1], direct_subgroups: [] } }), bad('Invalid user ID: 1'));
    await expectApiError(create({ subgroups: [424242] }), bad('Invalid user group ID: 424242'));
    expect(realm.mock.store.tables.userGroup.all()).toHaveLength(before);
  });
});

describe('userGroups.update (PATCH /user_groups/{user_group_id})', () => {
  it('renames, describes and changes settings, one update event each', async () => {
    const id = await hamletsGroup();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () =>
      hamlet.userGroups.update({
        user_group_id: id,
        name: 'support-team',
        description: 'Second line',
        can_join_group: { new: realm.groupId('role:members') },
        can_mention_group: { new: realm.groupId('role:nobody'), old: realm.groupId('role:everyone') },
      }),
    );
    expect(events.map((event) => (event as { data?: object }).data)).toEqual([
      { name: 'support-team' },
      { description: 'Second line' },
      { can_join_group: realm.groupId('role:members') },
      { can_mention_group: realm.groupId('role:nobody') },
    ]);
    expect(await groupById(hamlet, id)).toMatchObject({ name: 'support-team', description: 'Second line', can_join_group: realm.groupId('role:members') });
  });

  it('changes nothing, and sends nothing, for the current values', async () => {
    const id = await hamletsGroup();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () =>
      hamlet.userGroups.update({ user_group_id: id, name: 'support', can_leave_group: { new: realm.groupId('role:everyone') } }),
    );
    expect(events).toEqual([]);
  });

  it('an unchanged setting is not checked again, even when it names a group deactivated since (any spelling of the value)', async () => {
    const a = await hamletsGroup('a');
    const b = await hamletsGroup('b');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.userGroups.update({ user_group_id: b, can_mention_group: { new: a } });
    await hamlet.userGroups.deactivate({ user_group_id: b });
    await hamlet.userGroups.deactivate({ user_group_id: a });
    const events = await verifyAction(
      hamlet,
      async () => {
        await hamlet.userGroups.update({ user_group_id: b, can_mention_group: { new: a } });
        await hamlet.userGroups.update({ user_group_id: b, can_mention_group: { new: { direct_members: [], direct_subgroups: [a] }, old: a } });
      },
      { client_capabilities: { notification_settings_null: true, include_deactivated_groups: true } },
    );
    expect(events).toEqual([]);
    // A changed value is checked: a deactivated group may not become one.
    await expectApiError(hamlet.userGroups.update({ user_group_id: b, can_leave_group: { new: a } }), bad('User group is deactivated.'));
  });

  it('an anonymous value: members first, then any missing subgroup, then a deactivated one', async () => {
    const id = await hamletsGroup();
    const retired = await hamletsGroup('retired');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.userGroups.deactivate({ user_group_id: retired });
    const mention = (direct_members: number[], direct_subgroups: number[]) =>
      hamlet.userGroups.update({ user_group_id: id, can_mention_group: { new: { direct_members, direct_subgroups } } });
    await expectApiError(mention([], [retired, 424242]), bad('Invalid user group ID: 424242'));
    await expectApiError(mention([424243], [retired, 424242]), bad('Invalid user ID: 424243'));
    await expectApiError(mention([], [retired, realm.groupId('role:members')]), bad('User group is deactivated.'));
  });

  it("refuses a stale 'old' (EXPECTATION_MISMATCH), no data, unknown and system groups, and non-managers", async () => {
    const id = await hamletsGroup();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.userGroups.update({ user_group_id: id, can_join_group: { new: realm.groupId('role:members'), old: realm.groupId('role:members') } }), {
      code: 'EXPECTATION_MISMATCH',
      status: 400,
      msg: "'old' value does not match the expected value.",
    });
    await expectApiError(hamlet.userGroups.update({ user_group_id: id }), bad('No new data supplied'));
    await expectApiError(hamlet.userGroups.update({ user_group_id: 424242, name: 'y' }), bad('Invalid user group'));
    await expectApiError(realm.clientFor('desdemona@zulip.com').userGroups.update({ user_group_id: realm.groupId('role:members'), name: 'y' }), INSUFFICIENT);
    await expectApiError(realm.clientFor('othello@zulip.com').userGroups.update({ user_group_id: id, name: 'y' }), INSUFFICIENT);
    // Administrators are not owners: can_manage_all_groups is role:owners by default.
    await expectApiError(realm.clientFor('iago@zulip.com').userGroups.update({ user_group_id: id, name: 'y' }), INSUFFICIENT);
    await realm.clientFor('desdemona@zulip.com').userGroups.update({ user_group_id: id, name: 'owned' });
    await expectApiError(hamlet.userGroups.update({ user_group_id: id, name: 'hamletcharacters' }), bad("User group 'hamletcharacters' already exists."));
    expect((await groupById(hamlet, id))?.name).toBe('owned');
  });

  it('a user in can_manage_group through an anonymous group manages it; the setting filters deactivated users', async () => {
    const id = await hamletsGroup();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    await hamlet.userGroups.update({ user_group_id: id, can_manage_group: { new: { direct_members: [othelloId, realm.userId('hamlet@zulip.com')], direct_subgroups: [] } } });
    await realm.clientFor('othello@zulip.com').userGroups.update({ user_group_id: id, description: 'by othello' });
    const iago = realm.clientFor('iago@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    // Deactivation sends no group event: clients drop the user from these lists on the realm_user
    // update (after the peer_remove of the user's channels).
    const deactivated = await verifyAction(iago, () => iago.users.deactivate({ user_id: othelloId }), { include_subscribers: true });
    // Two peer_remove: Verona, which a guest is subscribed to, alone; then Denmark and Scotland.
    expect(deactivated.map((event) => `${event?.type}:${(event as { op?: string } | undefined)?.op}`)).toEqual([
      'subscription:peer_remove',
      'subscription:peer_remove',
      'realm_user:update',
    ]);
    expect(deactivated.at(-1)).toEqual({ type: 'realm_user', op: 'update', person: { user_id: othelloId, is_active: false }, id: expect.any(Number) });
    expect((await groupById(hamlet, id))?.can_manage_group).toEqual({ direct_members: [hamletId], direct_subgroups: [] });
  });

  it('reactivation: peer_add, add_members per group, then one update per anonymous setting naming the user (groups, then the realm)', async () => {
    const id = await hamletsGroup();
    const hamletId = realm.userId('hamlet@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await desdemona.userGroups.updateMembers({ user_group_id: id, add: [othelloId] });
    const anonymous = (members: number[]) => ({ new: { direct_members: members, direct_subgroups: [] } });
    await desdemona.userGroups.update({ user_group_id: id, can_manage_group: anonymous([othelloId]), can_mention_group: anonymous([hamletId, othelloId]) });
    const administrators = realm.groupId('role:administrators');
    await desdemona.realm.update({ can_create_groups: { new: { direct_members: [othelloId], direct_subgroups: [administrators] } } });
    const iago = realm.clientFor('iago@zulip.com');
    await iago.users.deactivate({ user_id: othelloId });
    const events = await verifyAction(iago, () => iago.users.reactivate({ user_id: othelloId }), { include_subscribers: true });
    const systemGroups = [realm.groupId('role:fullmembers'), realm.groupId('role:members')].sort((a, b) => a - b);
    expect(events.map((event) => event && { ...event, id: 0 })).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: othelloId, is_active: true }, id: 0 },
      // Iago administers the realm: the reactivated user's consent to private data exports.
      { type: 'realm_export_consent', user_id: othelloId, consented: false, id: 0 },
      // Verona (a guest is subscribed to it) alone, then the other public channels together.
      { type: 'subscription', op: 'peer_add', stream_ids: [realm.channelId('Verona')], user_ids: [othelloId], id: 0 },
      { type: 'subscription', op: 'peer_add', stream_ids: [realm.channelId('Denmark'), realm.channelId('Scotland')].sort((a, b) => a - b), user_ids: [othelloId], id: 0 },
      ...[...systemGroups, id].map((groupId) => ({ type: 'user_group', op: 'add_members', group_id: groupId, user_ids: [othelloId], id: 0 })),
      { type: 'user_group', op: 'update', group_id: id, data: { can_manage_group: { direct_members: [othelloId], direct_subgroups: [] } }, id: 0 },
      { type: 'user_group', op: 'update', group_id: id, data: { can_mention_group: { direct_members: [hamletId, othelloId], direct_subgroups: [] } }, id: 0 },
      { type: 'realm', op: 'update_dict', property: 'default', data: { can_create_groups: { direct_members: [othelloId], direct_subgroups: [administrators] } }, id: 0 },
    ]);
  });
});

describe('userGroups.deactivate (POST /user_groups/{user_group_id}/deactivate) and reactivation', () => {
  it('deactivates: an update for clients that keep deactivated groups, a remove for the others', async () => {
    const id = await hamletsGroup();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const plain = await verifyAction(hamlet, () => hamlet.userGroups.deactivate({ user_group_id: id }));
    expect(plain).toEqual([expect.objectContaining({ type: 'user_group', op: 'remove', group_id: id })]);
    expect(await groupById(hamlet, id)).toBeUndefined();
    expect(await groupById(hamlet, id, true)).toMatchObject({ deactivated: true });
    await expectApiError(hamlet.userGroups.deactivate({ user_group_id: id }), bad('User group is deactivated.'));
    const capability = { client_capabilities: { notification_settings_null: true, include_deactivated_groups: true } };
    const kept = await verifyAction(hamlet, () => hamlet.userGroups.update({ user_group_id: id, deactivated: false }), capability);
    expect(kept).toEqual([expect.objectContaining({ op: 'update', data: { deactivated: false } })]);
    const again = await verifyAction(hamlet, () => hamlet.userGroups.deactivate({ user_group_id: id }), capability);
    expect(again).toEqual([expect.objectContaining({ op: 'update', data: { deactivated: true } })]);
    const readded = await verifyAction(hamlet, () => hamlet.userGroups.update({ user_group_id: id, deactivated: false }));
    expect(readded).toEqual([expect.objectContaining({ op: 'add', group: expect.objectContaining({ id, deactivated: false }) })]);
  });

  it('refuses a group in use, naming every use in objections (CANNOT_DEACTIVATE_GROUP_IN_USE)', async () => {
    const id = await hamletsGroup();
    const other = await hamletsGroup('other');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.userGroups.updateSubgroups({ user_group_id: other, add: [id] });
    await hamlet.userGroups.update({ user_group_id: other, can_mention_group: { new: { direct_members: [], direct_subgroups: [id, realm.groupId('role:moderators')] } } });
    for (const setting of ['can_create_private_channel_group', 'can_create_groups', 'can_add_custom_emoji_group', 'can_create_public_channel_group', 'can_add_subscribers_group'] as const) {
      realm.mock.realm[setting] = id;
    }
    const channelId = realm.channelId('Denmark');
    await realm.clientFor('iago@zulip.com').channels.update({
      stream_id: channelId,
      can_send_message_group: { new: id },
      can_administer_channel_group: { new: { direct_members: [realm.userId('iago@zulip.com')], direct_subgroups: [id] } },
      can_add_subscribers_group: { new: id },
    });
    // Settings are named in the server's fixed orders (Stream.stream_permission_group_settings, Realm.REALM_PERMISSION_GROUP_SETTINGS).
    await expectApiError(hamlet.userGroups.deactivate({ user_group_id: id }), {
      code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
      status: 400,
      msg: 'Cannot deactivate user group in use.',
      objections: [
        { type: 'subgroup', supergroup_ids: [other] },
        { type: 'channel', channel_id: channelId, settings: ['can_add_subscribers_group', 'can_administer_channel_group', 'can_send_message_group'] },
        { type: 'user_group', group_id: other, settings: ['can_mention_group'] },
        {
          type: 'realm',
          settings: ['can_add_subscribers_group', 'can_add_custom_emoji_group', 'can_create_groups', 'can_create_public_channel_group', 'can_create_private_channel_group'],
        },
      ],
    });
    expect((await groupById(hamlet, id))?.deactivated).toBe(false);
  });

  it('a deactivated group is no subgroup, setting value or membership answer', async () => {
    const id = await hamletsGroup();
    const other = await hamletsGroup('other');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.userGroups.deactivate({ user_group_id: id });
    await expectApiError(hamlet.userGroups.updateSubgroups({ user_group_id: other, add: [id] }), bad('User group is deactivated.'));
    await expectApiError(hamlet.userGroups.update({ user_group_id: other, can_mention_group: { new: id } }), bad('User group is deactivated.'));
    await expectApiError(hamlet.userGroups.members({ user_group_id: id }), bad('User group is deactivated.'));
    // Its managers still change its members and subgroups (from level 391).
    await hamlet.userGroups.updateMembers({ user_group_id: id, add: [realm.userId('othello@zulip.com')] });
    expect(realm.mock.store.tables.userGroup.get(id)?.members).toContain(realm.userId('othello@zulip.com'));
    await hamlet.userGroups.updateSubgroups({ user_group_id: id, add: [other] });
    expect(realm.mock.store.tables.userGroup.get(id)?.direct_subgroup_ids).toEqual([other]);
    await hamlet.userGroups.updateMembers({ user_group_id: id, delete_subgroups: [other] });
    expect(realm.mock.store.tables.userGroup.get(id)?.direct_subgroup_ids).toEqual([]);
  });

  it("a deactivated subgroup's members still belong to its supergroup, as the server's recursive queries count them", async () => {
    const inner = await hamletsGroup('inner', ['othello@zulip.com']);
    const outer = await hamletsGroup('outer');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.userGroups.updateSubgroups({ user_group_id: outer, add: [inner] });
    // Only an active supergroup objects, so deactivate the outer group first.
    await hamlet.userGroups.deactivate({ user_group_id: outer });
    await hamlet.userGroups.deactivate({ user_group_id: inner });
    await hamlet.userGroups.update({ user_group_id: outer, deactivated: false });
    const othelloId = realm.userId('othello@zulip.com');
    expect((await hamlet.userGroups.members({ user_group_id: outer, direct_member_only: false })).members).toContain(othelloId);
    expect((await hamlet.userGroups.isMember({ user_group_id: outer, user_id: othelloId })).is_user_group_member).toBe(true);
  });

  it('renaming a deactivated group is told only to clients that keep deactivated groups', async () => {
    const id = await hamletsGroup();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.userGroups.deactivate({ user_group_id: id });
    const plain = await verifyAction(hamlet, () => hamlet.userGroups.update({ user_group_id: id, name: 'renamed' }));
    expect(plain).toEqual([]);
    const capability = { client_capabilities: { notification_settings_null: true, include_deactivated_groups: true } };
    const kept = await verifyAction(hamlet, () => hamlet.userGroups.update({ user_group_id: id, name: 'again' }), capability);
    expect(kept).toEqual([expect.objectContaining({ type: 'user_group', op: 'update', group_id: id, data: { name: 'again' } })]);
  });

  it('only its managers may deactivate a group, never a system group', async () => {
    const id = await hamletsGroup();
    await expectApiError(realm.clientFor('othello@zulip.com').userGroups.deactivate({ user_group_id: id }), INSUFFICIENT);
    await expectApiError(realm.clientFor('polonius@zulip.com').userGroups.deactivate({ user_group_id: id }), INSUFFICIENT);
    await expectApiError(realm.clientFor('desdemona@zulip.com').userGroups.deactivate({ user_group_id: realm.groupId('role:members') }), INSUFFICIENT);
    await expectApiError(realm.clientFor('desdemona@zulip.com').userGroups.deactivate({ user_group_id: 424242 }), bad('Invalid user group'));
  });
});

describe('userGroups.updateMembers and updateSubgroups', () => {
  it('an ID given twice is added once, as the server reads users by ID', async () => {
    const id = await hamletsGroup();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const events = await verifyAction(hamlet, () => hamlet.userGroups.updateMembers({ user_group_id: id, add: [othelloId, othelloId] }));
    expect(events).toEqual([expect.objectContaining({ type: 'user_group', op: 'add_members', group_id: id, user_ids: [othelloId] })]);
    const created = await hamlet.userGroups.create({ name: 'twice', description: '', members: [othelloId, othelloId] });
    expect((await groupById(hamlet, created.group_id ?? 0))?.members).toEqual([othelloId]);
  });

  it('adds and removes members and subgroups in one step, one event per part', async () => {
    const id = await hamletsGroup('support', ['hamlet@zulip.com', 'cordelia@zulip.com']);
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.userId('othello@zulip.com');
    const cordelia = realm.userId('cordelia@zulip.com');
    const events = await verifyAction(hamlet, () =>
      hamlet.userGroups.updateMembers({ user_group_id: id, add: [othello], delete: [cordelia], add_subgroups: [realm.groupId('hamletcharacters')] }),
    );
    expect(events.map((event) => [(event as { op?: string }).op, (event as { user_ids?: number[] }).user_ids ?? (event as { direct_subgroup_ids?: number[] }).direct_subgroup_ids])).toEqual([
      ['add_members', [othello]],
      ['remove_members', [cordelia]],
      ['add_subgroups', [realm.groupId('hamletcharacters')]],
    ]);
    const removed = await verifyAction(hamlet, () => hamlet.userGroups.updateSubgroups({ user_group_id: id, delete: [realm.groupId('hamletcharacters')] }));
    expect(removed).toEqual([expect.objectContaining({ op: 'remove_subgroups', direct_subgroup_ids: [realm.groupId('hamletcharacters')] })]);
  });

  it("the Notification Bot tells each human someone else added or removed (not the actor, not bots)", async () => {
    const id = await hamletsGroup();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const events = await verifyAction(othello, () =>
      hamlet.userGroups.updateMembers({ user_group_id: id, add: [realm.userId('othello@zulip.com'), realm.userId('default-bot@zulip.com')] }),
    );
    const dms = events.filter((event) => event?.type === 'message');
    expect(dms).toHaveLength(1);
    const hamletId = realm.userId('hamlet@zulip.com');
    expect(dms[0]).toMatchObject({ message: { sender_email: 'notification-bot@zulip.com', type: 'private' } });
    const { messages } = await othello.messages.list({ anchor: 'newest', num_before: 1, num_after: 0, apply_markdown: false });
    expect(messages[0]?.content).toBe(`@_**King Hamlet|${hamletId}** added you to the group @_*support*.`);
    await hamlet.userGroups.updateMembers({ user_group_id: id, delete: [realm.userId('othello@zulip.com')] });
    const removed = await othello.messages.list({ anchor: 'newest', num_before: 1, num_after: 0 });
    expect(removed.messages[0]?.content).toBe(
      `<p><span class="user-mention silent" data-user-id="${hamletId}">King Hamlet</span> removed you from the group <span class="user-group-mention silent" data-user-group-id="${id}">support</span>.</p>`,
    );
    const before = realm.mock.store.tables.message.size;
    await hamlet.userGroups.updateMembers({ user_group_id: id, delete: [hamletId] });
    expect(realm.mock.store.tables.message.size).toBe(before);
  });

  it('changes nothing when a later part fails', async () => {
    const id = await hamletsGroup();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, async () => {
      await expectApiError(
        hamlet.userGroups.updateMembers({ user_group_id: id, add: [realm.userId('othello@zulip.com')], delete: [realm.userId('cordelia@zulip.com')] }),
        bad(`There is no member '${realm.userId('cordelia@zulip.com')}' in this user group`),
      );
    });
    expect(events).toEqual([]);
    expect((await hamlet.userGroups.members({ user_group_id: id })).members).toEqual([realm.userId('hamlet@zulip.com')]);
  });

  it('users join by can_join_group and leave by can_leave_group; others need add or remove permission', async () => {
    const id = await hamletsGroup();
    const othelloClient = realm.clientFor('othello@zulip.com');
    const othello = realm.userId('othello@zulip.com');
    await expectApiError(othelloClient.userGroups.updateMembers({ user_group_id: id, add: [othello] }), INSUFFICIENT);
    await realm.clientFor('hamlet@zulip.com').userGroups.update({ user_group_id: id, can_join_group: { new: realm.groupId('role:members') } });
    await othelloClient.userGroups.updateMembers({ user_group_id: id, add: [othello] });
    await expectApiError(othelloClient.userGroups.updateMembers({ user_group_id: id, add: [realm.userId('cordelia@zulip.com')] }), INSUFFICIENT);
    await expectApiError(othelloClient.userGroups.updateMembers({ user_group_id: id, delete: [realm.userId('hamlet@zulip.com')] }), INSUFFICIENT);
    await othelloClient.userGroups.updateMembers({ user_group_id: id, delete: [othello] });
    expect((await othelloClient.userGroups.members({ user_group_id: id })).members).toEqual([realm.userId('hamlet@zulip.com')]);
  });

  it("refuses with the server's messages", async () => {
    const id = await hamletsGroup();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    await expectApiError(hamlet.userGroups.updateMembers({ user_group_id: id }), bad('Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".'));
    await expectApiError(hamlet.userGroups.updateSubgroups({ user_group_id: id, add: [] }), bad('Nothing to do. Specify at least one of "add" or "delete".'));
    await expectApiError(hamlet.userGroups.updateMembers({ user_group_id: id, add: [hamletId] }), bad(`User ${hamletId} is already a member of this group`));
    await expectApiError(hamlet.userGroups.updateMembers({ user_group_id: id, add: [9999] }), bad('Invalid user ID: 9999'));
    // The Notification Bot lives outside the realm: no member, no setting member.
    const { cross_realm_bots: systemBots } = await hamlet.events.register({ fetch_event_types: ['realm_user'] });
    const botId = systemBots?.find((bot) => bot.email === 'notification-bot@zulip.com')?.user_id ?? 0;
    await expectApiError(hamlet.userGroups.updateMembers({ user_group_id: id, add: [botId] }), bad(`Invalid user ID: ${botId}`));
    await expectApiError(
      hamlet.userGroups.update({ user_group_id: id, can_mention_group: { new: { direct_members: [botId], direct_subgroups: [] } } }),
      bad(`Invalid user ID: ${botId}`),
    );
    await expectApiError(hamlet.userGroups.updateMembers({ user_group_id: realm.groupId('role:members'), add: [9999] }), INSUFFICIENT);
    await expectApiError(hamlet.userGroups.updateSubgroups({ user_group_id: id, add: [id] }), bad(`User group ${id} is already a subgroup of one of the passed subgroups.`));
    const outer = await hamletsGroup('outer');
    await hamlet.userGroups.updateSubgroups({ user_group_id: outer, add: [id] });
    await expectApiError(hamlet.userGroups.updateSubgroups({ user_group_id: outer, add: [id] }), bad(`User group ${id} is already a subgroup of this group.`));
    await expectApiError(hamlet.userGroups.updateSubgroups({ user_group_id: id, add: [outer] }), bad(`User group ${id} is already a subgroup of one of the passed subgroups.`));
    await expectApiError(hamlet.userGroups.updateSubgroups({ user_group_id: id, delete: [outer] }), bad(`User group ${outer} is not a subgroup of this group.`));
    await expectApiError(hamlet.userGroups.updateSubgroups({ user_group_id: id, add: [424242] }), bad('Invalid user group ID: 424242'));
    await expectApiError(realm.clientFor('polonius@zulip.com').userGroups.updateMembers({ user_group_id: id, add: [hamletId] }), bad('Not allowed for guest users'));
  });
});

describe('userGroups.members, subgroups and isMember', () => {
  it('answer direct and recursive membership; system groups by role', async () => {
    const inner = await hamletsGroup('inner', ['cordelia@zulip.com']);
    const outer = await hamletsGroup('outer', ['hamlet@zulip.com']);
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.userGroups.updateSubgroups({ user_group_id: outer, add: [inner] });
    const ids = (...emails: string[]) => emails.map((email) => realm.userId(email)).sort((a, b) => a - b);
    expect((await hamlet.userGroups.members({ user_group_id: outer })).members).toEqual(ids('hamlet@zulip.com', 'cordelia@zulip.com'));
    expect((await hamlet.userGroups.members({ user_group_id: outer, direct_member_only: true })).members).toEqual(ids('hamlet@zulip.com'));
    expect((await hamlet.userGroups.subgroups({ user_group_id: realm.groupId('role:members') })).subgroups).toEqual(
      ['role:owners', 'role:administrators', 'role:moderators', 'role:fullmembers'].map((name) => realm.groupId(name)),
    );
    expect((await hamlet.userGroups.subgroups({ user_group_id: realm.groupId('role:members'), direct_subgroup_only: true })).subgroups).toEqual([realm.groupId('role:fullmembers')]);
    const cordelia = realm.userId('cordelia@zulip.com');
    expect(await hamlet.userGroups.isMember({ user_group_id: outer, user_id: cordelia })).toMatchObject({ is_user_group_member: true });
    expect(await hamlet.userGroups.isMember({ user_group_id: outer, user_id: cordelia, direct_member_only: true })).toMatchObject({ is_user_group_member: false });
    expect(await hamlet.userGroups.isMember({ user_group_id: realm.groupId('role:administrators'), user_id: realm.userId('desdemona@zulip.com') })).toMatchObject({ is_user_group_member: true });
    await expectApiError(hamlet.userGroups.isMember({ user_group_id: outer, user_id: realm.userId('default-bot@zulip.com') }), bad('No such user'));
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: cordelia });
    await expectApiError(hamlet.userGroups.isMember({ user_group_id: outer, user_id: cordelia }), bad('User is deactivated'));
    await expectApiError(hamlet.userGroups.members({ user_group_id: 424242 }), bad('Invalid user group'));
  });
});

describe('system groups follow roles', () => {
  it('a promotion moves the user between role groups with user_group events', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamlet = realm.userId('hamlet@zulip.com');
    const events = await verifyAction(iago, () => iago.users.update({ user_id: hamlet, role: 300 }));
    const groupEvents = events.filter((event) => event?.type === 'user_group').map((event) => [(event as { op?: string }).op, (event as { group_id?: number }).group_id]);
    // The server's order: out of the old role's group, into the new one's, then out of full members.
    expect(groupEvents).toEqual([
      ['remove_members', realm.groupId('role:members')],
      ['add_members', realm.groupId('role:moderators')],
      ['remove_members', realm.groupId('role:fullmembers')],
    ]);
    const back = await verifyAction(iago, () => iago.users.update({ user_id: hamlet, role: 400 }));
    expect(back.filter((event) => event?.type === 'user_group').map((event) => [(event as { op?: string }).op, (event as { group_id?: number }).group_id])).toEqual([
      ['remove_members', realm.groupId('role:moderators')],
      ['add_members', realm.groupId('role:members')],
      ['add_members', realm.groupId('role:fullmembers')],
    ]);
  });

  it('a new user joins role:members, then role:fullmembers', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const events = await verifyAction(iago, () => iago.users.create({ email: 'new@zulip.com', password: 'secret-words', full_name: 'New Person' }));
    expect(events.filter((event) => event?.type === 'user_group').map((event) => (event as { group_id?: number }).group_id)).toEqual([
      realm.groupId('role:members'),
      realm.groupId('role:fullmembers'),
    ]);
  });

  it('can_mention_group may be an anonymous group', async () => {
    const id = await hamletsGroup();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.userGroups.update({ user_group_id: id, can_mention_group: { new: { direct_members: [realm.userId('othello@zulip.com')], direct_subgroups: [] } } });
    const send = (email: string) => realm.clientFor(email).messages.send({ type: 'channel', to: 'Denmark', topic: 'mentions', content: '@*support* hello' });
    await expectApiError(send('cordelia@zulip.com'), bad("You are not allowed to mention user group 'support'."));
    await expect(send('othello@zulip.com')).resolves.toMatchObject({ id: expect.any(Number) });
  });
});
