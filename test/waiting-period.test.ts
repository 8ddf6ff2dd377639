import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { expectApiError } from './support/failure';
import { CountingClock } from './support/counting-clock';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const DAY = 24 * 60 * 60 * 1000;
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const ownerRequired = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization owner' };
const adminRequired = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization administrator' };
const withoutIds = (events: unknown[]) => events.map((event) => ({ ...(event as object), id: undefined }));
const NEWBIE = { email: 'newbie@zulip.com', password: 'a-long-password-1', full_name: 'Newbie' };

/** The seeded members (role member, bots included) by ID: the direct members of role:fullmembers while no one waits. */
async function fullMemberIds(email = 'iago@zulip.com'): Promise<number[]> {
  const state = await realm.clientFor(email).events.register({ fetch_event_types: ['realm_user_groups'] });
  return state.realm_user_groups?.find((group) => group.name === 'role:fullmembers')?.members ?? [];
}

async function registerRealm(): Promise<Record<string, unknown>> {
  return (await realm.clientFor('iago@zulip.com').events.register({ fetch_event_types: ['realm'] })) as Record<string, unknown>;
}

/** desdemona (an owner) lets only full members create user groups. */
async function onlyFullMembersCreateGroups(): Promise<void> {
  await realm.clientFor('desdemona@zulip.com').realm.update({ can_create_groups: { new: realm.groupId('role:fullmembers') } });
}

const createGroup = (email: string, name: string) => realm.clientFor(email).userGroups.create({ name, description: '', members: [] });

describe('waiting_period_threshold (PATCH /realm): owners only, a non-negative number of days', () => {
  it('refuses administrators and members, and values the server refuses as it reads them', async () => {
    await expectApiError(realm.clientFor('iago@zulip.com').realm.update({ waiting_period_threshold: 3 }), ownerRequired);
    await expectApiError(realm.clientFor('hamlet@zulip.com').realm.update({ waiting_period_threshold: 3 }), adminRequired);
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await expectApiError(desdemona.realm.update({ waiting_period_threshold: -1 }), bad('waiting_period_threshold is too small'));
    const raw = await realm.raw('desdemona@zulip.com', 'PATCH', '/realm', new URLSearchParams({ waiting_period_threshold: 'three' }));
    expect({ status: raw.status, ...((await raw.json()) as object) }).toMatchObject({ status: 400, code: 'BAD_REQUEST', msg: 'waiting_period_threshold is not valid JSON' });
    // The type is read before the owner check.
    await expectApiError(realm.clientFor('iago@zulip.com').realm.update({ waiting_period_threshold: -1 }), bad('waiting_period_threshold is too small'));
    expect(await registerRealm()).toMatchObject({ realm_waiting_period_threshold: 0 });
  });

  it('a new period moves the members too new out of role:fullmembers after its realm event, and back when it ends', async () => {
    const members = await fullMemberIds();
    expect(members).toContain(realm.userId('hamlet@zulip.com'));
    // hamlet sees a private channel only through role:fullmembers.
    await realm.clientFor('iago@zulip.com').subscriptions.add({
      subscriptions: [{ name: 'veterans' }],
      invite_only: true,
      can_add_subscribers_group: realm.groupId('role:fullmembers'),
    });
    const veterans = realm.channelId('veterans');
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const fullMembers = realm.groupId('role:fullmembers');
    let answer: unknown;
    const started = await verifyAction(hamlet, async () => {
      answer = await desdemona.realm.update({ waiting_period_threshold: 3 });
    });
    expect(answer).toEqual({ waiting_period_threshold: 3 });
    expect(withoutIds(started)).toEqual(
      withoutIds([
        { type: 'realm', op: 'update', property: 'waiting_period_threshold', value: 3 },
        { type: 'user_group', op: 'remove_members', group_id: fullMembers, user_ids: members },
        { type: 'stream', op: 'delete', streams: [{ stream_id: veterans }], stream_ids: [veterans] },
      ]),
    );
    expect(await fullMemberIds()).toEqual([]);
    expect(await registerRealm()).toMatchObject({ realm_waiting_period_threshold: 3 });
    // The same value again changes nothing.
    expect(await verifyAction(hamlet, () => desdemona.realm.update({ waiting_period_threshold: 3 }))).toEqual([]);

    const ended = await verifyAction(hamlet, () => desdemona.realm.update({ waiting_period_threshold: 0 }));
    expect(ended.map((event) => `${event?.type}/${(event as { op: string }).op}`)).toEqual(['realm/update', 'user_group/add_members', 'stream/create', 'subscription/peer_add']);
    expect(ended[1]).toMatchObject({ group_id: fullMembers, user_ids: members });
    expect(await fullMemberIds()).toEqual(members);
  });

  it('members whose accounts are old enough stay full members; administrators and moderators always are', async () => {
    realm.clock.advance(10 * DAY);
    const members = await fullMemberIds();
    const events = await verifyAction(realm.clientFor('hamlet@zulip.com'), () => realm.clientFor('desdemona@zulip.com').realm.update({ waiting_period_threshold: 10 }));
    expect(events.map((event) => event?.type)).toEqual(['realm']);
    expect(await fullMemberIds()).toEqual(members);
    await realm.clientFor('desdemona@zulip.com').realm.update({ waiting_period_threshold: 11 });
    expect(await fullMemberIds()).toEqual([]);
    // shiva (a moderator) is in role:fullmembers through role:moderators, whatever his account's age.
    await onlyFullMembersCreateGroups();
    await createGroup('shiva@zulip.com', 'moderators club');
    await expectApiError(createGroup('hamlet@zulip.com', 'members club'), bad('Insufficient permission'));
  });
});

describe('as time passes on the realm clock, a new member joins role:fullmembers', () => {
  it('a new account waits the period out, then gains the permission granted to full members', async () => {
    realm.clock.advance(10 * DAY);
    await realm.clientFor('desdemona@zulip.com').realm.update({ waiting_period_threshold: 3 });
    await onlyFullMembersCreateGroups();
    const iago = realm.clientFor('iago@zulip.com');
    const fullMembers = realm.groupId('role:fullmembers');
    let newbieId = 0;
    const created = await verifyAction(iago, async () => {
      newbieId = (await iago.users.create(NEWBIE)).user_id ?? 0;
    });
    // Only role:members: the account is too new for full membership.
    expect(created.filter((event) => event?.type === 'user_group')).toEqual([
      expect.objectContaining({ op: 'add_members', group_id: realm.groupId('role:members'), user_ids: [newbieId] }),
    ]);
    await expectApiError(createGroup(NEWBIE.email, 'first'), bad('Insufficient permission'));
    realm.clock.advance(3 * DAY - 60_000);
    await expectApiError(createGroup(NEWBIE.email, 'first'), bad('Insufficient permission'));
    // Without presence, whose `server_timestamp` moves with the clock.
    const promoted = await verifyAction(iago, async () => realm.clock.advance(60_000), {
      event_types: ['user_group', 'realm_user', 'stream', 'subscription'],
      fetch_event_types: ['realm_user_groups', 'realm_user', 'subscription'],
    });
    expect(withoutIds(promoted)).toEqual(withoutIds([{ type: 'user_group', op: 'add_members', group_id: fullMembers, user_ids: [newbieId] }]));
    await createGroup(NEWBIE.email, 'first');
    expect(await fullMemberIds()).toContain(newbieId);
  });

  it('a long-poll waiting when the moment comes hears of it; a role change keeps a new member provisional', async () => {
    realm.clock.advance(10 * DAY);
    await realm.clientFor('desdemona@zulip.com').realm.update({ waiting_period_threshold: 2 });
    const iago = realm.clientFor('iago@zulip.com');
    const newbieId = (await iago.users.create(NEWBIE)).user_id ?? 0;
    // Moderator and back: as the server's do_change_user_role, full membership is decided again, by the account's age.
    await iago.users.update({ user_id: newbieId, role: 300 });
    expect(await fullMemberIds()).not.toContain(newbieId);
    const demoted = await verifyAction(iago, () => iago.users.update({ user_id: newbieId, role: 400 }));
    expect(demoted.filter((event) => event?.type === 'user_group').map((event) => [(event as { op: string }).op, (event as { group_id: number }).group_id])).toEqual([
      ['remove_members', realm.groupId('role:moderators')],
      ['add_members', realm.groupId('role:members')],
    ]);
    expect(await fullMemberIds()).not.toContain(newbieId);
    realm.clock.advance(2 * DAY - 60_000);
    const queue = await realm.clientFor('hamlet@zulip.com').events.register({ event_types: ['user_group'] });
    const poll = realm.clientFor('hamlet@zulip.com').events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id });
    realm.clock.advance(60_000);
    expect(withoutIds((await poll).events)).toEqual(
      withoutIds([{ type: 'user_group', op: 'add_members', group_id: realm.groupId('role:fullmembers'), user_ids: [newbieId] }]),
    );
    expect(await fullMemberIds()).toContain(newbieId);
  });
});

describe('deactivated members wait too, as the server keeps their memberships', () => {
  it('one promoted while deactivated is named in add_members (a client that knows them deactivated leaves them out), and rejoins both groups when reactivated', async () => {
    realm.clock.advance(10 * DAY);
    await realm.clientFor('desdemona@zulip.com').realm.update({ waiting_period_threshold: 1 });
    const iago = realm.clientFor('iago@zulip.com');
    const newbieId = (await iago.users.create(NEWBIE)).user_id ?? 0;
    await iago.users.deactivate({ user_id: newbieId });
    realm.clock.advance(DAY - 60_000);
    const fullMembers = realm.groupId('role:fullmembers');
    const watching = { event_types: ['user_group', 'realm_user'], fetch_event_types: ['realm_user_groups', 'realm_user'] };
    const promoted = await verifyAction(iago, async () => realm.clock.advance(60_000), watching);
    expect(withoutIds(promoted)).toEqual(withoutIds([{ type: 'user_group', op: 'add_members', group_id: fullMembers, user_ids: [newbieId] }]));
    expect(await fullMemberIds()).not.toContain(newbieId);
    const reactivated = await verifyAction(iago, () => iago.users.reactivate({ user_id: newbieId }), watching);
    expect(reactivated.filter((event) => event?.type === 'user_group').map((event) => (event as { group_id: number }).group_id)).toEqual([
      fullMembers,
      realm.groupId('role:members'),
    ]);
    expect(await fullMemberIds()).toContain(newbieId);
  });
});

describe('snapshots keep the waiting period and who waits', () => {
  it('restores both; a document without them (an older mock) has no period and no one waiting', async () => {
    realm.clock.advance(10 * DAY);
    await realm.clientFor('desdemona@zulip.com').realm.update({ waiting_period_threshold: 3, org_type: 20 });
    const newbieId = (await realm.clientFor('iago@zulip.com').users.create(NEWBIE)).user_id ?? 0;
    const snapshot = JSON.parse(JSON.stringify(realm.mock.snapshot())) as { realm: Record<string, unknown> };
    realm.mock.reset();
    expect(await registerRealm()).toMatchObject({ realm_waiting_period_threshold: 0, realm_org_type: 10 });
    realm.mock.restore(snapshot);
    expect(await registerRealm()).toMatchObject({ realm_waiting_period_threshold: 3, realm_org_type: 20 });
    expect(await fullMemberIds()).not.toContain(newbieId);
    realm.clock.advance(3 * DAY);
    expect(await fullMemberIds()).toContain(newbieId);

    const { waiting_period_threshold: _days, org_type: _type, provisional_member_ids: _waiting, ...older } = snapshot.realm;
    realm.mock.restore({ ...snapshot, realm: older });
    expect(await registerRealm()).toMatchObject({ realm_waiting_period_threshold: 0, realm_org_type: 10 });
    expect(await fullMemberIds()).toContain(newbieId);
  });
});

describe('org_type (PATCH /realm): administrators set the organization type', () => {
  it('answers and announces it whenever it is sent, as the server sets it with its own action', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    expect(await registerRealm()).toMatchObject({ realm_org_type: 10 });
    let answer: unknown;
    const events = await verifyAction(iago, async () => {
      answer = await iago.realm.update({ org_type: 35, name: 'Elsinore' });
    });
    expect(answer).toEqual({ name: 'updated', org_type: 35 });
    expect(withoutIds(events)).toEqual(
      withoutIds([
        { type: 'realm', op: 'update', property: 'name', value: 'Elsinore' },
        { type: 'realm', op: 'update', property: 'org_type', value: 35 },
      ]),
    );
    const again = await verifyAction(iago, async () => {
      answer = await iago.realm.update({ org_type: 35 });
    });
    expect(answer).toEqual({ org_type: 35 });
    expect(withoutIds(again)).toEqual(withoutIds([{ type: 'realm', op: 'update', property: 'org_type', value: 35 }]));
    expect(await registerRealm()).toMatchObject({ realm_org_type: 35 });
  });

  it('refuses members, and types that are none of the server', async () => {
    await expectApiError(realm.clientFor('hamlet@zulip.com').realm.update({ org_type: 20 }), adminRequired);
    const iago = realm.clientFor('iago@zulip.com');
    for (const value of ['11', '-10', '1001']) {
      const response = await realm.raw('iago@zulip.com', 'PATCH', '/realm', new URLSearchParams({ org_type: value }));
      expect({ status: response.status, ...((await response.json()) as object) }).toEqual({ status: 400, result: 'error', code: 'BAD_REQUEST', msg: 'Invalid org_type' });
    }
    // Refused before anything changes.
    await expectApiError(iago.realm.update({ name: 'Elsinore', org_type: 11 as never }), bad('Invalid org_type'));
    expect(await registerRealm()).toMatchObject({ realm_org_type: 10, realm_name: 'Zulip Dev' });
  });
});

describe('the waiting period keeps one timer on the realm clock', () => {
  it('however often the period changes, and none survives a reset or a restore', async () => {
    const clock = new CountingClock();
    const mock = createMockServer({ clock });
    const idle = clock.live;
    const desdemona = mock.clientFor('desdemona@zulip.com');
    await desdemona.realm.update({ waiting_period_threshold: 3 });
    const newbieId = (await mock.clientFor('iago@zulip.com').users.create(NEWBIE)).user_id;
    for (let days = 4; days < 40; days++) await desdemona.realm.update({ waiting_period_threshold: days });
    expect(clock.live).toBe(idle + 1);
    const snapshot = mock.snapshot();
    mock.reset();
    expect(clock.live).toBe(idle);
    mock.restore(snapshot);
    expect(clock.live).toBe(idle + 1);
    // The one timer still promotes: every member once the longest period is over.
    clock.advance(40 * DAY);
    const state = await mock.clientFor('iago@zulip.com').events.register({ fetch_event_types: ['realm_user_groups'] });
    const fullMembers = state.realm_user_groups?.find((group) => group.name === 'role:fullmembers')?.members ?? [];
    expect(fullMembers).toContain(newbieId);
    expect(mock.state.realm.provisional_member_ids).toEqual([]);
  });
});
