import { beforeEach, describe, expect, it } from 'vitest';
import type { RealmUser } from '../src/index';
import { expectApiError } from './support/failure';
import { GUEST, guestOnlyInScotland, limitGuests } from './support/limited-guests';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const UNKNOWN_AVATAR = /\/static\/images\/unknown-user-avatar\.png$/;

const names = (users: readonly RealmUser[]) => users.map((user) => user.full_name);

describe('can_access_all_users_group: role:members (guests see only the users they share a channel with)', () => {
  beforeEach(() => limitGuests(realm));

  it('register and GET /users show the others as "Unknown user" placeholders; a member still sees everyone', async () => {
    await guestOnlyInScotland(realm);
    const guest = realm.clientFor(GUEST);
    const cordelia = realm.userId('cordelia@zulip.com');
    const state = await guest.events.register({ fetch_event_types: ['realm_user'] });
    const placeholder = state.realm_users?.find((user) => user.user_id === cordelia);
    expect(placeholder).toEqual({
      email: `user${cordelia}@${realm.mock.state.realm.fake_email_domain}`,
      user_id: cordelia,
      avatar_version: 1,
      is_admin: false,
      is_owner: false,
      is_guest: false,
      role: 400,
      is_bot: false,
      full_name: 'Unknown user',
      timezone: '',
      date_joined: '1970-01-01T00:00:00+00:00',
      delivery_email: null,
      avatar_url: expect.stringMatching(UNKNOWN_AVATAR),
      profile_data: {},
      is_imported_stub: false,
    });
    // Listed by ID with the others; bots are always visible.
    expect(state.realm_users?.map((user) => user.user_id)).toEqual([...(state.realm_users ?? [])].map((user) => user.user_id).sort((a, b) => a - b));
    expect(names(state.realm_users ?? [])).toEqual(expect.arrayContaining(['King Hamlet', 'Iago', 'Shiva', 'Othello, the Moor of Venice', 'Polonius', 'Zulip Default Bot']));
    expect(names(state.realm_users ?? []).filter((name) => name === 'Unknown user')).toHaveLength(3);

    const { members } = await guest.users.list();
    const unknown = members.filter((user) => user.full_name === 'Unknown user');
    expect(unknown.map((user) => user.user_id)).toEqual(
      ['desdemona@zulip.com', 'cordelia@zulip.com', 'prospero@zulip.com'].map((email) => realm.userId(email)).sort((a, b) => a - b),
    );
    // The server lists the users the guest may see first, then the placeholders.
    expect(members.slice(-3)).toEqual(unknown);
    expect(unknown[0]).toMatchObject({ is_active: true, date_joined: '1970-01-01T00:00:00+00:00', is_imported_stub: false });

    const { members: all } = await realm.clientFor('hamlet@zulip.com').users.list();
    expect(all.some((user) => user.full_name === 'Unknown user')).toBe(false);
  });

  it('GET /users/{user_id} and /users/{email}: "Insufficient permission" for a user the guest may not see', async () => {
    await guestOnlyInScotland(realm);
    const guest = realm.clientFor(GUEST);
    const cordelia = realm.userId('cordelia@zulip.com');
    const denied = { code: 'BAD_REQUEST', status: 400, msg: 'Insufficient permission' };
    await expectApiError(guest.users.get({ user_id: cordelia }), denied);
    await expectApiError(guest.users.getByEmail({ email: `user${cordelia}@${realm.mock.state.realm.fake_email_domain}` }), denied);
    await expectApiError(guest.users.get({ user_id: 424_242 }), { code: 'BAD_REQUEST', status: 400, msg: 'No such user' });
    expect((await guest.users.get({ user_id: realm.userId('hamlet@zulip.com') })).user.full_name).toBe('King Hamlet');
    expect((await guest.users.get({ user_id: realm.userId('default-bot@zulip.com') })).user.is_bot).toBe(true);
    // With everyone allowed again, the guest sees Cordelia.
    await realm.clientFor('iago@zulip.com').realm.update({ can_access_all_users_group: { new: realm.groupId('role:everyone') } });
    expect((await guest.users.get({ user_id: cordelia })).user.full_name).toBe("Cordelia, Lear's daughter");
  });

  it('messages from a sender the guest may not see name "Unknown user", in history and in events', async () => {
    await guestOnlyInScotland(realm);
    const guest = realm.clientFor(GUEST);
    const cordelia = realm.userId('cordelia@zulip.com');
    // Cordelia posted in Scotland without being subscribed to it.
    const { messages } = await guest.messages.list({ anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'channel', operand: 'Scotland' }] });
    const fromCordelia = messages.find((message) => message.sender_id === cordelia);
    expect(fromCordelia).toMatchObject({
      sender_full_name: 'Unknown user',
      sender_email: `user${cordelia}@${realm.mock.state.realm.fake_email_domain}`,
      avatar_url: expect.stringMatching(UNKNOWN_AVATAR),
    });
    const single = await guest.messages.get({ message_id: fromCordelia?.id ?? 0 });
    expect(single.message.sender_full_name).toBe('Unknown user');
    const queue = await guest.events.register({ event_types: ['message'] });
    await realm.clientFor('cordelia@zulip.com').messages.send({ type: 'channel', to: 'Scotland', topic: 'weather', content: 'Still raining.' });
    await realm.clientFor('hamlet@zulip.com').messages.send({ type: 'channel', to: 'Scotland', topic: 'weather', content: 'Sun here.' });
    const { events } = await guest.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    const senders = events.flatMap((event) => (event.type === 'message' ? [(event as unknown as { message: { sender_full_name: string } }).message.sender_full_name] : []));
    expect(senders).toEqual(['Unknown user', 'King Hamlet']);
  });

  it('a new user reaches the guest as the placeholder, is_imported_stub false as in every user object (register + events == a fresh register)', async () => {
    const guest = realm.clientFor(GUEST);
    const iago = realm.clientFor('iago@zulip.com');
    const events = await verifyAction(guest, () => iago.users.create({ email: 'newbie@zulip.com', password: 'a-long-password-1', full_name: 'Newbie' }), {
      fetch_event_types: ['realm_user'],
    });
    const added = events.flatMap((event) => (event?.type === 'realm_user' && event.op === 'add' ? [event.person] : []));
    expect(added).toEqual([expect.objectContaining({ full_name: 'Unknown user', is_active: true, is_imported_stub: false })]);
  });

  it('losing and gaining shared channels sends realm_user remove and add events that keep the state equal to a fresh one', async () => {
    const guest = realm.clientFor(GUEST);
    const leave = await verifyAction(guest, () => guest.subscriptions.remove({ subscriptions: ['Verona'] }));
    const removed = leave.flatMap((event) => (event?.type === 'realm_user' && event.op === 'remove' ? [event.person] : []));
    // Every human but the guest: bots stay visible.
    expect(removed).toHaveLength(7);
    expect(removed[0]).toEqual({ user_id: expect.any(Number), full_name: 'Unknown user' });
    const iago = realm.clientFor('iago@zulip.com');
    const join = await verifyAction(guest, () => iago.subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: [realm.userId(GUEST)] }));
    const added = join.flatMap((event) => (event?.type === 'realm_user' && event.op === 'add' ? [event.person.user_id] : []));
    expect(added.sort((a, b) => a - b)).toEqual(
      ['iago@zulip.com', 'shiva@zulip.com', 'hamlet@zulip.com', 'othello@zulip.com'].map((email) => realm.userId(email)).sort((a, b) => a - b),
    );
    // Cordelia joins Scotland: the guest now sees her; she leaves again: the guest no longer does.
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const joined = await verifyAction(guest, () => cordelia.subscriptions.add({ subscriptions: [{ name: 'Scotland' }] }));
    expect(joined).toContainEqual(expect.objectContaining({ type: 'realm_user', op: 'add', person: expect.objectContaining({ user_id: realm.userId('cordelia@zulip.com'), profile_data: {} }) }));
    const left = await verifyAction(guest, () => cordelia.subscriptions.remove({ subscriptions: ['Scotland'] }));
    expect(left).toContainEqual(expect.objectContaining({ type: 'realm_user', op: 'remove', person: { user_id: realm.userId('cordelia@zulip.com'), full_name: 'Unknown user' } }));
    // Members are never told: they see everyone.
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const seen = await verifyAction(hamlet, () => cordelia.subscriptions.add({ subscriptions: [{ name: 'Scotland' }] }));
    expect(seen.some((event) => event?.type === 'realm_user')).toBe(false);
  });

  it('registered with realm_user only, a remove makes the placeholder from one already in the state, else from context.inaccessibleUser', async () => {
    await guestOnlyInScotland(realm);
    const guest = realm.clientFor(GUEST);
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const narrow = { event_types: ['realm_user'] };
    await cordelia.subscriptions.add({ subscriptions: [{ name: 'Scotland' }] });
    // Desdemona's and Prospero's placeholders are in the state: Cordelia's copies their host and avatar.
    const left = await verifyAction(guest, () => cordelia.subscriptions.remove({ subscriptions: ['Scotland'] }), narrow);
    expect(left.map((event) => `${event?.type}:${(event as { op?: string } | undefined)?.op}`)).toEqual(['realm_user:remove']);
    // And so with a full registration.
    await cordelia.subscriptions.add({ subscriptions: [{ name: 'Scotland' }] });
    await verifyAction(guest, () => cordelia.subscriptions.remove({ subscriptions: ['Scotland'] }));
  });

  it('registered with realm_user only and no placeholder in the state, the context gives its host and avatar', async () => {
    const guest = realm.clientFor(GUEST);
    const { members } = await guest.users.list();
    expect(members.some((user) => user.full_name === 'Unknown user')).toBe(false);
    const context = {
      userId: realm.userId(GUEST),
      clientCapabilities: { notification_settings_null: true },
      inaccessibleUser: { emailDomain: realm.mock.state.realm.fake_email_domain, avatarUrl: `${realm.mock.state.realm.url}/static/images/unknown-user-avatar.png` },
    };
    const events = await verifyAction(guest, () => guest.subscriptions.remove({ subscriptions: ['Verona'] }), { event_types: ['realm_user'] }, context);
    expect(events.filter((event) => event?.type === 'realm_user' && event.op === 'remove')).toHaveLength(7);
  });

  it('a new user reaches guests as a placeholder, then as themself when they share a channel', async () => {
    await guestOnlyInScotland(realm);
    const guest = realm.clientFor(GUEST);
    const iago = realm.clientFor('iago@zulip.com');
    await iago.channels.addDefault({ stream_id: realm.channelId('Scotland') });
    const events = await verifyAction(guest, () => iago.users.create({ email: 'newbie@zulip.com', password: 'a-long-password-1', full_name: 'Newbie' }));
    const adds = events.filter((event) => event?.type === 'realm_user' && event.op === 'add');
    expect(adds[0]).toMatchObject({ person: { full_name: 'Unknown user', is_active: true } });
    // Joining Scotland, a default channel, the newcomer shares it with the guest.
    expect(adds[1]).toMatchObject({ person: { full_name: 'Newbie' } });
  });
});

describe('a guest leaving a public channel loses sight of it (whatever can_access_all_users_group says)', () => {
  it('gets stream delete after subscription remove, and the channel is not among its former subscriptions', async () => {
    const guest = realm.clientFor(GUEST);
    const verona = realm.channelId('Verona');
    const events = await verifyAction(guest, () => guest.subscriptions.remove({ subscriptions: ['Verona'] }));
    expect(events.map((event) => `${event?.type}:${(event as { op?: string } | undefined)?.op}`)).toEqual(['subscription:remove', 'stream:delete', 'update_message_flags:add']);
    expect(events[1]).toMatchObject({ streams: [{ stream_id: verona }], stream_ids: [verona] });
    const state = await guest.events.register({ fetch_event_types: ['subscription'] });
    expect(state.unsubscribed).toEqual([]);
    // A member keeps a public channel they left among their former subscriptions.
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.subscriptions.remove({ subscriptions: ['Verona'] });
    expect((await hamlet.events.register({ fetch_event_types: ['subscription'] })).unsubscribed?.map((sub) => sub.name)).toEqual(['Verona']);
  });
});
