import { beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { GUEST, limitGuestToScotland } from './support/limited-guests';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

type Event = Awaited<ReturnType<typeof verifyAction>>[number];

/** Each user event as `type:op:user_id`, to compare what reached a queue. */
const userEvents = (events: readonly Event[]) =>
  events.flatMap((event) => {
    if (event?.type === 'realm_user') return [`realm_user:${event.op}:${event.person.user_id}`];
    if (event?.type === 'user_status') return [`user_status:${(event as { user_id: number }).user_id}`];
    return [];
  });

const NO_ACCESS = { code: 'BAD_REQUEST', status: 400, msg: 'You do not have permission to access some of the recipients.' };

describe('limited guests: what they hear of users they may not see', () => {
  beforeEach(() => limitGuestToScotland(realm));

  it('realm_user updates (name, time zone, role, profile data) and user_status reach a guest only about users they may see', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const cordeliaId = realm.userId('cordelia@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    const { id: field } = await iago.profileFields.create({ field_type: 1, name: 'Desk' });
    const changes = async () => {
      await cordelia.settings.update({ full_name: 'Cordelia Renamed' });
      await cordelia.settings.update({ timezone: 'Europe/Paris' });
      await cordelia.users.updateStatus({ status_text: 'in the tower' });
      await iago.users.update({ user_id: cordeliaId, role: 300, profile_data: [{ id: field, value: '4B' }] });
      await hamlet.settings.update({ full_name: 'Hamlet Renamed' });
      await hamlet.users.updateStatus({ status_text: 'thinking' });
    };
    const guest = realm.clientFor(GUEST);
    const heard = await verifyAction(guest, changes);
    expect(userEvents(heard)).toEqual([`realm_user:update:${hamletId}`, `user_status:${hamletId}`]);
    // A member hears of both.
    const othello = realm.clientFor('othello@zulip.com');
    const heardByMember = await verifyAction(othello, async () => {
      await cordelia.settings.update({ full_name: 'Cordelia' });
      await hamlet.settings.update({ full_name: 'King Hamlet' });
    });
    expect(userEvents(heardByMember)).toEqual([`realm_user:update:${cordeliaId}`, `realm_user:update:${hamletId}`]);
  });

  it('GET /users/{user_id}/status: "Insufficient permission" for a user the guest may not see; register leaves their status out', async () => {
    const cordeliaId = realm.userId('cordelia@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    await realm.clientFor('cordelia@zulip.com').users.updateStatus({ status_text: 'in the tower' });
    await realm.clientFor('hamlet@zulip.com').users.updateStatus({ status_text: 'thinking' });
    const guest = realm.clientFor(GUEST);
    await expectApiError(guest.users.getStatus({ user_id: cordeliaId }), { code: 'BAD_REQUEST', status: 400, msg: 'Insufficient permission' });
    // The server's other checks come first.
    await expectApiError(guest.users.getStatus({ user_id: realm.userId('default-bot@zulip.com') }), { code: 'BAD_REQUEST', status: 400, msg: 'No such user' });
    expect((await guest.users.getStatus({ user_id: hamletId })).status).toEqual({ status_text: 'thinking' });
    const { user_status } = await guest.events.register({ fetch_event_types: ['user_status'] });
    expect(Object.keys(user_status ?? {})).toEqual([String(hamletId)]);
    const member = await realm.clientFor('othello@zulip.com').events.register({ fetch_event_types: ['user_status'] });
    expect(Object.keys(member.user_status ?? {})).toEqual(expect.arrayContaining([String(hamletId), String(cordeliaId)]));
  });
});

describe('limited guests: other lookups of a user', () => {
  beforeEach(() => limitGuestToScotland(realm));

  const DENIED = { code: 'BAD_REQUEST', status: 400, msg: 'Insufficient permission' };

  it('muting and unmuting a user the guest may not see: "Insufficient permission", after "Cannot mute self"', async () => {
    const guest = realm.clientFor(GUEST);
    const cordelia = realm.userId('cordelia@zulip.com');
    await expectApiError(guest.users.mute({ muted_user_id: cordelia }), DENIED);
    await expectApiError(guest.users.unmute({ muted_user_id: cordelia }), DENIED);
    await expectApiError(guest.users.mute({ muted_user_id: realm.userId(GUEST) }), { code: 'BAD_REQUEST', status: 400, msg: 'Cannot mute self' });
    await guest.users.mute({ muted_user_id: realm.userId('hamlet@zulip.com') });
    await guest.users.mute({ muted_user_id: realm.userId('default-bot@zulip.com') });
  });

  it('presence is not limited, as on a default server (CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE off)', async () => {
    const guest = realm.clientFor(GUEST);
    const queue = await guest.events.register({ event_types: ['presence'] });
    await realm.clientFor('cordelia@zulip.com').presence.update({ status: 'active', ping_only: true });
    expect((await guest.presence.get({ user_id_or_email: 'cordelia@zulip.com' })).presence.aggregated?.status).toBe('active');
    expect(Object.keys((await guest.presence.list()).presences)).toContain('cordelia@zulip.com');
    const { events } = await guest.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(events.map((event) => (event as { user_id?: number }).user_id)).toEqual([realm.userId('cordelia@zulip.com')]);
  });

  it('GET /users/{user_id}/subscriptions/{stream_id}: "Insufficient permission" before the channel is looked at', async () => {
    const guest = realm.clientFor(GUEST);
    const scotland = realm.channelId('Scotland');
    await expectApiError(guest.subscriptions.status({ user_id: realm.userId('cordelia@zulip.com'), stream_id: scotland }), DENIED);
    await expectApiError(guest.subscriptions.status({ user_id: realm.userId('cordelia@zulip.com'), stream_id: 424_242 }), DENIED);
    expect((await guest.subscriptions.status({ user_id: realm.userId('hamlet@zulip.com'), stream_id: scotland })).is_subscribed).toBe(true);
  });
});

describe('limited guests: direct messages', () => {
  beforeEach(() => limitGuestToScotland(realm));

  it('a guest may not write to a user they may not see: the server\'s error, asked before whether recipients are active', async () => {
    const guest = realm.clientFor(GUEST);
    const cordelia = realm.userId('cordelia@zulip.com');
    const hamlet = realm.userId('hamlet@zulip.com');
    await expectApiError(guest.messages.send({ type: 'direct', to: [cordelia], content: 'Hello' }), NO_ACCESS);
    await expectApiError(guest.messages.send({ type: 'direct', to: [hamlet, cordelia], content: 'Hello' }), NO_ACCESS);
    await expectApiError(guest.messages.send({ type: 'direct', to: ['cordelia@zulip.com'], content: 'Hello' }), NO_ACCESS);
    // Othello shares Scotland with the guest; once deactivated he no longer counts as sharing it.
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId('othello@zulip.com') });
    await expectApiError(guest.messages.send({ type: 'direct', to: [realm.userId('othello@zulip.com')], content: 'Hello' }), NO_ACCESS);
    await expectApiError(realm.clientFor('hamlet@zulip.com').messages.send({ type: 'direct', to: [realm.userId('othello@zulip.com')], content: 'Hello' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: "'othello@zulip.com' is no longer using Zulip.",
    });
    // Bots and users the guest shares a channel with are fine.
    await guest.messages.send({ type: 'direct', to: [hamlet, realm.userId('default-bot@zulip.com')], content: 'Hello' });
  });

  it('a guest in no channel or group conversation does not see themself until they wrote to themself (as the server)', async () => {
    const guest = realm.clientFor(GUEST);
    const guestId = realm.userId(GUEST);
    await guest.subscriptions.remove({ subscriptions: ['Scotland'] });
    await expectApiError(guest.messages.send({ type: 'direct', to: [guestId], content: 'Note to self' }), NO_ACCESS);
    await realm.clientFor('iago@zulip.com').subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: [guestId] });
    await guest.messages.send({ type: 'direct', to: [guestId], content: 'Note to self' });
    await guest.subscriptions.remove({ subscriptions: ['Scotland'] });
    await guest.messages.send({ type: 'direct', to: [guestId], content: 'Another note' });
  });

  it('so in that state the messages they read name themself "Unknown user", as the server\'s get_inaccessible_user_ids has it', async () => {
    const guest = realm.clientFor(GUEST);
    const hamletId = realm.userId('hamlet@zulip.com');
    const { id } = await guest.messages.send({ type: 'direct', to: [hamletId], content: 'Hello, Hamlet' });
    expect((await guest.messages.get({ message_id: id })).message.sender_full_name).toBe('Polonius');
    await guest.subscriptions.remove({ subscriptions: ['Scotland'] });
    const { message } = await guest.messages.get({ message_id: id });
    expect(message).toMatchObject({ sender_full_name: 'Unknown user', sender_email: `user${realm.userId(GUEST)}@${realm.mock.state.realm.fake_email_domain}` });
    const reply = await realm.clientFor('hamlet@zulip.com').messages.send({ type: 'direct', to: [realm.userId(GUEST)], content: 'Hello' });
    const { messages } = await guest.messages.list({ anchor: 'newest', num_before: 5, num_after: 0, narrow: [{ operator: 'dm', operand: [hamletId] }] });
    expect(messages.map((entry) => [entry.id, entry.sender_full_name])).toEqual([
      [id, 'Unknown user'],
      [reply.id, 'King Hamlet'],
    ]);
  });

  it('a direct message to a guest from a user they did not see tells them of that user first', async () => {
    const guest = realm.clientFor(GUEST);
    const guestId = realm.userId(GUEST);
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const cordeliaId = realm.userId('cordelia@zulip.com');
    const desdemonaId = realm.userId('desdemona@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    const events = await verifyAction(guest, () => cordelia.messages.send({ type: 'direct', to: [guestId], content: 'Hello, guest' }));
    expect(events.map((event) => `${event?.type}:${(event as { op?: string } | undefined)?.op}`)).toEqual(['realm_user:add', 'message:undefined']);
    expect(events[0]).toMatchObject({ person: { user_id: cordeliaId, full_name: "Cordelia, Lear's daughter", profile_data: {} } });
    expect(events[1]).toMatchObject({ message: { sender_full_name: "Cordelia, Lear's daughter" } });
    // Now a partner, Cordelia may be written to; a group conversation makes Desdemona known too.
    await guest.messages.send({ type: 'direct', to: [cordeliaId], content: 'Hello, Cordelia' });
    const group = await verifyAction(guest, () =>
      realm.clientFor('desdemona@zulip.com').messages.send({ type: 'direct', to: [guestId, cordeliaId, hamletId], content: 'Hello all' }),
    );
    expect(userEvents(group)).toEqual([`realm_user:add:${desdemonaId}`]);
    expect((await guest.users.get({ user_id: desdemonaId })).user.full_name).toBe('Desdemona');
  });
});

describe('limited guests: mentions', () => {
  beforeEach(() => limitGuestToScotland(realm));

  it('a guest\'s mention of a user they may not see stays text and notifies no one', async () => {
    const guest = realm.clientFor(GUEST);
    const hamletId = realm.userId('hamlet@zulip.com');
    const cordeliaId = realm.userId('cordelia@zulip.com');
    const content = "@**Cordelia, Lear's daughter** @**King Hamlet** @_**Cordelia, Lear's daughter** @**|" + cordeliaId + '**';
    const { id } = await guest.messages.send({ type: 'channel', to: 'Scotland', topic: 'mentions', content });
    const { message } = await guest.messages.get({ message_id: id, apply_markdown: true });
    expect(message.content).toBe(
      "<p>@<strong>Cordelia, Lear's daughter</strong> " +
        `<span class="user-mention" data-user-id="${hamletId}">@King Hamlet</span> ` +
        "@_<strong>Cordelia, Lear's daughter</strong> " +
        `@<strong>|${cordeliaId}</strong></p>`,
    );
    const forCordelia = await realm.clientFor('cordelia@zulip.com').messages.get({ message_id: id });
    expect(forCordelia.message.flags).not.toContain('mentioned');
    // A member's mention of her is one.
    const fromHamlet = await realm.clientFor('hamlet@zulip.com').messages.send({ type: 'channel', to: 'Scotland', topic: 'mentions', content: "@**Cordelia, Lear's daughter**" });
    const rendered = await guest.messages.get({ message_id: fromHamlet.id, apply_markdown: true });
    expect(rendered.message.content).toContain(`data-user-id="${cordeliaId}"`);
  });
});

describe('limited guests: the user_list_incomplete client capability', () => {
  beforeEach(() => limitGuestToScotland(realm));

  const register = { client_capabilities: { notification_settings_null: true, user_list_incomplete: true } };

  it('register leaves out the users the guest may not see instead of placeholders', async () => {
    const guest = realm.clientFor(GUEST);
    const state = await guest.events.register({ ...register, fetch_event_types: ['realm_user'] });
    expect(state.realm_users?.some((user) => user.full_name === 'Unknown user')).toBe(false);
    const listed = new Set(state.realm_users?.map((user) => user.user_id));
    for (const email of ['cordelia@zulip.com', 'desdemona@zulip.com', 'prospero@zulip.com']) expect(listed.has(realm.userId(email))).toBe(false);
    for (const email of ['hamlet@zulip.com', 'iago@zulip.com', GUEST, 'default-bot@zulip.com']) expect(listed.has(realm.userId(email))).toBe(true);
    // GET /users has no such capability: the placeholders stay.
    const { members } = await guest.users.list();
    expect(members.filter((user) => user.full_name === 'Unknown user')).toHaveLength(3);
  });

  it('a new user the guest may not see sends nothing; losing sight of a user removes them from the state', async () => {
    const guest = realm.clientFor(GUEST);
    const iago = realm.clientFor('iago@zulip.com');
    const created = await verifyAction(guest, () => iago.users.create({ email: 'newbie@zulip.com', password: 'a-long-password-1', full_name: 'Newbie' }), register);
    expect(userEvents(created)).toEqual([]);
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const cordeliaId = realm.userId('cordelia@zulip.com');
    const joined = await verifyAction(guest, () => cordelia.subscriptions.add({ subscriptions: [{ name: 'Scotland' }] }), register);
    expect(userEvents(joined)).toEqual([`realm_user:add:${cordeliaId}`]);
    const left = await verifyAction(guest, () => cordelia.subscriptions.remove({ subscriptions: ['Scotland'] }), register);
    expect(userEvents(left)).toEqual([`realm_user:remove:${cordeliaId}`]);
  });
});

describe('limited guests: deactivation of a user', () => {
  beforeEach(() => limitGuestToScotland(realm));

  it('a guest who may not see the user gets their groups\' remove_members instead of the realm_user update', async () => {
    const guest = realm.clientFor(GUEST);
    const iago = realm.clientFor('iago@zulip.com');
    const cordeliaId = realm.userId('cordelia@zulip.com');
    const { user_groups } = await iago.userGroups.list();
    const hers = user_groups.filter((group) => group.members.includes(cordeliaId)).map((group) => group.id);
    const events = await verifyAction(guest, () => iago.users.deactivate({ user_id: cordeliaId }));
    expect(userEvents(events)).toEqual([]);
    expect(events.filter((event) => event?.type === 'user_group' && event.op === 'remove_members').map((event) => (event as { group_id: number }).group_id)).toEqual(hers);
    expect(hers.length).toBeGreaterThan(0);
  });

  it('a guest in a group conversation with the user is told of the deactivation, as are members', async () => {
    const guest = realm.clientFor(GUEST);
    const iago = realm.clientFor('iago@zulip.com');
    const prosperoId = realm.userId('prospero@zulip.com');
    await realm.clientFor('prospero@zulip.com').messages.send({ type: 'direct', to: [realm.userId(GUEST), realm.userId('hamlet@zulip.com')], content: 'Hello' });
    const told = await verifyAction(guest, () => iago.users.deactivate({ user_id: prosperoId }));
    expect(userEvents(told)).toEqual([`realm_user:update:${prosperoId}`]);
    expect(told.some((event) => event?.type === 'user_group')).toBe(false);
  });

  it('a guest who saw the user only through a shared channel gets the group events, then realm_user remove', async () => {
    const guest = realm.clientFor(GUEST);
    const iago = realm.clientFor('iago@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const scotland = realm.channelId('Scotland');
    const { user_groups } = await iago.userGroups.list();
    const his = user_groups.filter((group) => group.members.includes(othelloId)).map((group) => group.id);
    // Subscribers included: the remove takes him out of the channel's subscribers too.
    const register = { include_subscribers: true };
    const before = await guest.events.register(register);
    expect(before.subscriptions?.find((sub) => sub.stream_id === scotland)?.subscribers).toContain(othelloId);
    const events = await verifyAction(guest, () => iago.users.deactivate({ user_id: othelloId }), register);
    const kinds = events.map((event) => `${event?.type}:${(event as { op?: string } | undefined)?.op}`);
    expect(kinds.at(-1)).toBe('realm_user:remove');
    expect(events.at(-1)).toEqual({ id: expect.any(Number), type: 'realm_user', op: 'remove', person: { user_id: othelloId, full_name: 'Unknown user' } });
    // The server first tells the channel's peers (level 377), then the groups.
    expect(kinds.slice(0, his.length + 1)).toEqual(['subscription:peer_remove', ...his.map(() => 'user_group:remove_members')]);
    expect(userEvents(events)).toEqual([`realm_user:remove:${othelloId}`]);
    const after = await guest.events.register({ ...register, fetch_event_types: ['realm_user', 'subscription'] });
    expect(after.realm_users?.find((user) => user.user_id === othelloId)?.full_name).toBe('Unknown user');
    expect(after.subscriptions?.find((sub) => sub.stream_id === scotland)?.subscribers).not.toContain(othelloId);
    // A member keeps hearing of the deactivation itself.
    const member = await verifyAction(realm.clientFor('hamlet@zulip.com'), () => iago.users.deactivate({ user_id: realm.userId('shiva@zulip.com') }));
    expect(userEvents(member)).toEqual([`realm_user:update:${realm.userId('shiva@zulip.com')}`]);
  });
});
