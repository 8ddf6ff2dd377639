import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const principal = (msg: string) => ({ code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg });
const NEWBIE = { email: 'newbie@zulip.com', password: 'secret', full_name: 'New User' };

describe('creating users', () => {
  it('an administrator with can_create_users creates a member who can then log in', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { user_id } = await iago.users.create(NEWBIE);
    const { user } = await iago.users.get({ user_id });
    expect(user).toMatchObject({ email: 'newbie@zulip.com', delivery_email: 'newbie@zulip.com', full_name: 'New User', role: 400, is_active: true });
    const { api_key } = await realm.anonymousClient().server.fetchApiKey({ username: 'newbie@zulip.com', password: 'secret' });
    expect(api_key).toMatch(/^[0-9a-zA-Z]{32}$/);
  });

  it('refuses non-administrators, administrators without the permission, and bad input', async () => {
    await expectApiError(realm.clientFor('hamlet@zulip.com').users.create(NEWBIE), principal('Must be an organization administrator'));
    await expectApiError(realm.clientFor('desdemona@zulip.com').users.create(NEWBIE), bad('User not authorized to create users'));
    const iago = realm.clientFor('iago@zulip.com');
    await expectApiError(iago.users.create({ ...NEWBIE, full_name: 'X' }), bad('Name too short!'));
    await expectApiError(iago.users.create({ ...NEWBIE, full_name: 'a@b' }), bad('Invalid characters in name!'));
    await expectApiError(iago.users.create({ ...NEWBIE, email: 'not-an-address' }), bad('Bad name or username'));
    await expectApiError(iago.users.create({ ...NEWBIE, email: 'HAMLET@zulip.com' }), bad('Email is already in use.'));
  });

  it("checks the address by Django's EmailValidator, then whether it is in use, then the password", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    for (const email of ['a,b@zulip.com', 'z@zulip.c', 'a..b@zulip.com', 'a@-zulip.com', '"a b"@zulip.com', 'a@[127.0.0.01]', 'a@LOCALHOST']) {
      await expectApiError(iago.users.create({ ...NEWBIE, email }), bad('Bad name or username'));
    }
    // The address is checked stripped, as the server's form field strips it.
    const valid = ['a@localhost', 'b@[127.0.0.1]', 'c@[::1]', '"d\\ e"@zulip.com', 'f@bücher.de', 'g@zulip.co', ' h@zulip.com ', 'i@zulip.com\u001f', '\u0085j@zulip.com'];
    for (const email of valid) expect((await iago.users.create({ ...NEWBIE, email })).user_id).toEqual(expect.any(Number));
    // Python's str.strip, not JavaScript's trim: U+FEFF is kept, and the address is then invalid.
    await expectApiError(iago.users.create({ ...NEWBIE, email: '\ufeffk@zulip.com' }), bad('Bad name or username'));
    await expectApiError(iago.users.create({ ...NEWBIE, email: 'hamlet@zulip.com', password: '' }), bad('Email is already in use.'));
    for (const password of ['', 'short']) {
      await expectApiError(iago.users.create({ ...NEWBIE, password }), bad('The password is too weak.'));
    }
  });

  it("stores the address as Django's normalize_email leaves it: stripped, the domain in lower case, the local part as sent", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { user_id } = await iago.users.create({ ...NEWBIE, email: ' NewGuy@Zulip.COM\u001f' });
    const { user } = await iago.users.get({ user_id });
    expect(user).toMatchObject({ email: 'NewGuy@zulip.com', delivery_email: 'NewGuy@zulip.com' });
    const { api_key } = await realm.anonymousClient().server.fetchApiKey({ username: 'newguy@zulip.com', password: NEWBIE.password });
    expect(api_key).toBe(realm.mock.store.tables.user.get(user_id)?.api_key);
    // Padded, an address in use is still in use: no second account of it.
    await expectApiError(iago.users.create({ ...NEWBIE, email: ' hamlet@zulip.com ' }), bad('Email is already in use.'));
  });

  it("a system bot's address is free in the realm: its holder is a member, and notices still come from the Notification Bot", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const systemBot = () => realm.mock.store.systemBotByEmail('notification-bot@zulip.com');
    // The human comes first here: the Notification Bot is created on first use, after them.
    const human = { email: 'Notification-Bot@zulip.com', password: 'not a bot', full_name: 'Not A Bot' };
    const { user_id } = await iago.users.create(human);
    expect((await iago.users.get({ user_id })).user).toMatchObject({ is_bot: false, full_name: 'Not A Bot', delivery_email: human.email });
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 'before', content: 'moving on' });
    await hamlet.messages.update({ message_id: id, topic: 'after', propagate_mode: 'change_one' });
    const notice = realm.mock.store.tables.message.all().at(-1);
    expect(notice?.sender_id).toBe(systemBot()?.id);
    expect(notice?.sender_id).not.toBe(user_id);
    const { api_key } = await realm.anonymousClient().server.fetchApiKey({ username: human.email, password: human.password });
    expect(api_key).toBe(realm.mock.store.tables.user.get(user_id)?.api_key);
    // A second holder of the address is refused; the system bot's own record is not a realm user's.
    await expectApiError(iago.users.create({ ...human, email: 'notification-bot@zulip.com' }), bad('Email is already in use.'));
    expect((await iago.users.getByEmail({ email: 'notification-bot@zulip.com' })).user.user_id).toBe(user_id);
  });

  it("a new user's language is the organization's default_language, as for any user created through the API", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await realm.clientFor('desdemona@zulip.com').realm.update({ default_language: 'ja' });
    await iago.users.create(NEWBIE);
    const state = await realm.clientFor(NEWBIE.email, { apiKey: realm.mock.apiKeyOf(NEWBIE.email) }).events.register({ fetch_event_types: ['user_settings'] });
    expect(state.user_settings).toMatchObject({ default_language: 'ja' });
  });

  it('events: realm_user add, and the register state follows', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () => realm.clientFor('iago@zulip.com').users.create(NEWBIE), {
      event_types: ['realm_user'],
    });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'realm_user',
        op: 'add',
        person: expect.objectContaining({ full_name: 'New User', profile_data: {}, delivery_email: 'newbie@zulip.com' }),
      }),
    ]);
  });
});

describe('changing users', () => {
  it('administrators rename users and change roles, by ID or by address', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    expect(await iago.users.update({ user_id: hamletId, full_name: '  Prince Hamlet ', role: 300 })).toEqual({});
    expect((await iago.users.get({ user_id: hamletId })).user).toMatchObject({ full_name: 'Prince Hamlet', role: 300 });
    await iago.users.updateByEmail({ email: 'hamlet@zulip.com', role: 400 });
    expect((await iago.users.get({ user_id: hamletId })).user.role).toBe(400);
  });

  it('enforces the role rules of the server', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const id = (email: string) => realm.userId(email);
    await expectApiError(realm.clientFor('shiva@zulip.com').users.update({ user_id: id('hamlet@zulip.com'), role: 300 }), bad('Insufficient permission'));
    await expectApiError(iago.users.update({ user_id: id('hamlet@zulip.com'), role: 100 }), principal('Must be an organization owner'));
    await expectApiError(iago.users.update({ user_id: id('desdemona@zulip.com'), role: 200 }), principal('Must be an organization owner'));
  });

  it('keeps the only owner, refuses unknown roles, makes a guest an administrator in one step, lets owners hand over', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const id = (email: string) => realm.userId(email);
    await expectApiError(
      desdemona.users.update({ user_id: id('desdemona@zulip.com'), role: 200 }),
      bad('The owner permission cannot be removed from the only organization owner.'),
    );
    // The server's update_user_backend checks only the owner rules and the caller's role (the old
    // "Guests cannot be organization administrators" belonged to the is_guest/is_admin flags).
    await iago.users.update({ user_id: id('polonius@zulip.com'), role: 200 });
    expect((await iago.users.get({ user_id: id('polonius@zulip.com') })).user.role).toBe(200);
    await expectApiError(
      iago.users.update({ user_id: id('hamlet@zulip.com'), role: 500 }),
      bad('Invalid role: Value error, Not in the list of possible values'),
    );
    await desdemona.users.update({ user_id: id('iago@zulip.com'), role: 100 });
    await desdemona.users.update({ user_id: id('desdemona@zulip.com'), role: 200 });
    expect((await iago.users.me()).role).toBe(100);
  });

  it('by address, as the specification describes it: a guest does not become an administrator or owner, and only administrators update', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const poloniusId = realm.userId('polonius@zulip.com');
    const guestsCannot = bad('Guests cannot be organization administrators');
    await expectApiError(iago.users.updateByEmail({ email: 'polonius@zulip.com', role: 200, full_name: 'Lord Polonius' }), guestsCannot);
    await expectApiError(desdemona.users.updateByEmail({ email: 'polonius@zulip.com', role: 100 }), guestsCannot);
    // Nothing of a refused request is applied.
    expect((await iago.users.get({ user_id: poloniusId })).user).toMatchObject({ role: 600, full_name: 'Polonius' });
    // One step at a time is allowed: a moderator first, then an administrator.
    await iago.users.updateByEmail({ email: 'polonius@zulip.com', role: 300 });
    await iago.users.updateByEmail({ email: 'polonius@zulip.com', role: 200 });
    expect((await iago.users.get({ user_id: poloniusId })).user.role).toBe(200);
    // A bot's owner who is not an administrator updates the bot by ID only (the server's rule there).
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.users.updateByEmail({ email: 'default-bot@zulip.com', full_name: 'Hamlet Bot' }), bad('Insufficient permission'));
    await hamlet.users.update({ user_id: realm.userId('default-bot@zulip.com'), full_name: 'Hamlet Bot' });
  });

  it('checks names, and unknown users', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    await expectApiError(iago.users.update({ user_id: hamletId, full_name: 'x'.repeat(101) }), bad('Name too long!'));
    await expectApiError(iago.users.update({ user_id: hamletId, full_name: 'Hamlet|12' }), bad('Invalid format!'));
    // The server refuses control characters, lone surrogates and noncharacters only: a zero-width
    // joiner or a right-to-left mark is fine, as is a trailing "|12 " (checked before stripping).
    await expectApiError(iago.users.update({ user_id: hamletId, full_name: 'Fam\ufdd0ily' }), bad('Invalid characters in name!'));
    await expectApiError(iago.users.update({ user_id: hamletId, full_name: 'Ham\u0007let' }), bad('Invalid characters in name!'));
    await expectApiError(iago.users.update({ user_id: hamletId, full_name: 'Hamlet|12\n' }), bad('Invalid format!'));
    for (const name of ['Ham\u200dlet', '\u200fHamlet', 'Hamlet|12 ']) {
      await iago.users.update({ user_id: hamletId, full_name: name });
      expect(realm.mock.store.tables.user.get(hamletId)?.full_name).toBe(name.trim());
    }
    await expectApiError(iago.users.update({ user_id: 9999, full_name: 'Who' }), bad('No such user'));
    await expectApiError(iago.users.updateByEmail({ email: 'ghost@zulip.com', full_name: 'Who' }), bad('No such user'));
  });

  it('a bot owner renames their bot; others may not', async () => {
    const botId = realm.userId('default-bot@zulip.com');
    await realm.clientFor('hamlet@zulip.com').users.update({ user_id: botId, full_name: 'Hamlet Bot' });
    expect((await realm.clientFor('hamlet@zulip.com').users.get({ user_id: botId })).user.full_name).toBe('Hamlet Bot');
    await expectApiError(realm.clientFor('othello@zulip.com').users.update({ user_id: botId, full_name: 'Mine' }), bad('Insufficient permission'));
  });

  it('new_email needs an owner holding can_change_user_emails, a valid address no one holds, nor a system bot', async () => {
    const hamletId = realm.userId('hamlet@zulip.com');
    await expectApiError(
      realm.clientFor('iago@zulip.com').users.update({ user_id: hamletId, new_email: 'prince@zulip.com' }),
      bad('User not authorized to change user emails'),
    );
    const desdemona = realm.clientFor('desdemona@zulip.com');
    for (const address of ['nope', 'a,b@zulip.com', 'z@zulip.c']) {
      await expectApiError(desdemona.users.update({ user_id: hamletId, new_email: address }), bad('Invalid new email address.'));
    }
    // Another spelling of an address in use, the target's own included, is in use.
    for (const address of ['iago@zulip.com', 'IAGO@zulip.com', 'Hamlet@zulip.com']) {
      await expectApiError(desdemona.users.update({ user_id: hamletId, new_email: address }), bad('New email value error: Already has an account.'));
    }
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId('othello@zulip.com') });
    await expectApiError(
      desdemona.users.update({ user_id: hamletId, new_email: 'othello@zulip.com' }),
      bad('New email value error: Account has been deactivated.'),
    );
    for (const address of ['notification-bot@zulip.com', 'Welcome-Bot@zulip.com', 'emailgateway@zulip.com']) {
      await expectApiError(desdemona.users.update({ user_id: hamletId, new_email: address }), bad('New email value error: Reserved for system bots.'));
    }
    await desdemona.users.update({ user_id: hamletId, new_email: 'prince@localhost' });
    expect((await desdemona.users.get({ user_id: hamletId })).user).toMatchObject({ email: 'prince@localhost', delivery_email: 'prince@localhost' });
  });

  it('new_email equal to the current address changes nothing and succeeds', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    const events = await verifyAction(realm.clientFor('othello@zulip.com'), () => desdemona.users.update({ user_id: hamletId, new_email: 'hamlet@zulip.com' }), {
      event_types: ['realm_user'],
    });
    expect(events).toEqual([]);
  });

  it("checks in the server's order: the target and the right to administer it, new_email's right, role, name, fields, the new address", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const cordeliaId = realm.userId('cordelia@zulip.com');
    const principal = (msg: string) => ({ code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg });
    // A role outside the list is refused while the parameters are parsed, before the lookup.
    await expectApiError(hamlet.users.update({ user_id: 9999, role: 999 }), bad('Invalid role: Value error, Not in the list of possible values'));
    await expectApiError(hamlet.users.updateByEmail({ email: 'ghost@zulip.com', role: 999 }), bad('Invalid role: Value error, Not in the list of possible values'));
    await expectApiError(hamlet.users.update({ user_id: 9999, full_name: 'Who' }), bad('No such user'));
    await expectApiError(hamlet.users.update({ user_id: cordeliaId, new_email: 'x@zulip.com' }), bad('Insufficient permission'));
    await expectApiError(iago.users.update({ user_id: cordeliaId, role: 100, new_email: 'x@zulip.com' }), bad('User not authorized to change user emails'));
    await expectApiError(iago.users.update({ user_id: cordeliaId, role: 100, full_name: 'x' }), principal('Must be an organization owner'));
    await expectApiError(desdemona.users.update({ user_id: cordeliaId, full_name: 'x', profile_data: [{ id: 9999, value: 'v' }] }), bad('Name too short!'));
    await expectApiError(
      desdemona.users.update({ user_id: cordeliaId, profile_data: [{ id: 9999, value: 'v' }], new_email: 'iago@zulip.com' }),
      bad('Field id 9999 not found.'),
    );
    // Nothing changes when a later check fails.
    await expectApiError(
      desdemona.users.update({ user_id: cordeliaId, role: 300, full_name: 'Queen Cordelia', new_email: 'iago@zulip.com' }),
      bad('New email value error: Already has an account.'),
    );
    expect((await desdemona.users.get({ user_id: cordeliaId })).user).toMatchObject({ role: 400, full_name: 'Cordelia, Lear\'s daughter' });
  });

  it('events: realm_user update for role, name and address (with the new Gravatar), in the server\'s order; the register state follows', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    const register = { event_types: ['realm_user'] };
    const renamed = await verifyAction(hamlet, () => desdemona.users.update({ user_id: hamletId, full_name: 'Prince Hamlet' }), register);
    expect(renamed).toEqual([{ id: expect.any(Number), type: 'realm_user', op: 'update', person: { user_id: hamletId, full_name: 'Prince Hamlet' } }]);
    const promoted = await verifyAction(hamlet, () => desdemona.users.update({ user_id: hamletId, role: 200 }), register);
    expect(promoted).toEqual([{ id: expect.any(Number), type: 'realm_user', op: 'update', person: { user_id: hamletId, role: 200 } }]);
    const both = await verifyAction(hamlet, () => desdemona.users.update({ user_id: hamletId, full_name: 'King Hamlet', role: 400 }), register);
    expect(both.map((event) => event && 'person' in event && event.person)).toEqual([
      { user_id: hamletId, role: 400 },
      { user_id: hamletId, full_name: 'King Hamlet' },
    ]);
    // The new address is also the login, so hamlet's client (logging in as hamlet@zulip.com) stops working.
    const othello = realm.clientFor('othello@zulip.com');
    for (const client_gravatar of [true, false]) {
      const address = `prince${String(client_gravatar)}@zulip.com`;
      const moved = await verifyAction(othello, () => desdemona.users.update({ user_id: hamletId, new_email: address }), { ...register, client_gravatar });
      // The whole new Gravatar, even for a client that computes Gravatars (applyEvent drops it there).
      const url = (await desdemona.users.get({ user_id: hamletId, client_gravatar: false })).user.avatar_url ?? '';
      expect(url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/);
      expect(moved.map((event) => event && 'person' in event && event.person)).toEqual([
        { user_id: hamletId, delivery_email: address },
        { user_id: hamletId, avatar_source: 'G', avatar_url: url, avatar_url_medium: url.replace('&version', '&s=500&version'), avatar_version: 1 },
        { user_id: hamletId, new_email: address },
      ]);
    }
    await verifyAction(othello, () => desdemona.users.update({ user_id: hamletId, role: 400 }), register);
  });

  it("events: a bot's new address sends its owner realm_bot update with the new avatar", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const botId = realm.userId('default-bot@zulip.com');
    const register = { event_types: ['realm_user', 'realm_bot'] };
    const events = await verifyAction(hamlet, () => realm.clientFor('desdemona@zulip.com').users.update({ user_id: botId, new_email: 'renamed-bot@zulip.com' }), register);
    const { user } = await hamlet.users.get({ user_id: botId, client_gravatar: false });
    expect(events.map((event) => event?.type)).toEqual(['realm_user', 'realm_bot', 'realm_user', 'realm_user']);
    expect(events[1]).toMatchObject({ op: 'update', bot: { user_id: botId, avatar_url: user.avatar_url } });
  });
});

describe("the caller's own avatar and permissions in register (realm_user)", () => {
  const OWN = ['can_create_streams', 'can_create_public_streams', 'can_create_private_streams', 'can_create_web_public_streams', 'can_invite_others_to_realm'] as const;
  const own = (state: Record<string, unknown>) => Object.fromEntries(OWN.map((key) => [key, state[key]]));
  const register = { event_types: ['realm_user', 'realm_user_groups', 'user_group', 'realm'] };

  it('reports them as the server computes them: Gravatar URLs whatever client_gravatar, group membership, is_moderator for owners too', async () => {
    const hamlet = await realm.clientFor('hamlet@zulip.com').events.register({ event_types: ['realm_user'], client_gravatar: true });
    const gravatar = 'https://secure.gravatar.com/avatar/6d8cad0fd00256e7b40691d27ddfd466?d=identicon';
    expect(hamlet).toMatchObject({ avatar_source: 'G', avatar_url: `${gravatar}&version=1`, avatar_url_medium: `${gravatar}&s=500&version=1` });
    // Members create public and private channels; web-public ones are the owners'; members invite.
    expect(own(hamlet)).toEqual({
      can_create_streams: true,
      can_create_public_streams: true,
      can_create_private_streams: true,
      can_create_web_public_streams: false,
      can_invite_others_to_realm: true,
    });
    const desdemona = await realm.clientFor('desdemona@zulip.com').events.register({ event_types: ['realm_user'] });
    // From feature level 380 administrators and owners count as moderators (before: exactly moderators).
    expect(desdemona).toMatchObject({ is_owner: true, is_admin: true, is_moderator: true, can_create_web_public_streams: true });
    const older = createMockServer({ featureLevel: 379 });
    const olderIago = await older.clientFor('iago@zulip.com').events.register({ event_types: ['realm_user'] });
    expect(olderIago).toMatchObject({ is_admin: true, is_moderator: false });
    const polonius = await realm.clientFor('polonius@zulip.com').events.register({ event_types: ['realm_user'] });
    expect(Object.values(own(polonius))).toEqual([false, false, false, false, false]);
  });

  it('events keep them: a role change, a realm setting, a group membership, an avatar update (acceptance)', async () => {
    const hamletClient = realm.clientFor('hamlet@zulip.com');
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    const administrators = realm.groupId('role:administrators');
    await verifyAction(hamletClient, () => desdemona.realm.update({ can_create_public_channel_group: { new: administrators } }), register);
    const { group_id: creators } = await desdemona.userGroups.create({ name: 'creators', description: 'may create', members: [] });
    await desdemona.realm.update({ can_create_private_channel_group: { new: { direct_members: [], direct_subgroups: [creators ?? 0] } } });
    const joined = await verifyAction(hamletClient, () => desdemona.userGroups.updateMembers({ user_group_id: creators ?? 0, add: [hamletId] }), register);
    expect(joined.map((event) => event?.type)).toEqual(['user_group']);
    // The own role: administrator (is_moderator too, from level 380), moderator, guest.
    await verifyAction(hamletClient, () => desdemona.users.update({ user_id: hamletId, role: 200 }), register);
    await verifyAction(hamletClient, () => desdemona.users.update({ user_id: hamletId, role: 300 }), register);
    await verifyAction(hamletClient, () => desdemona.users.update({ user_id: hamletId, role: 600 }), register);
    const fresh = await hamletClient.events.register(register);
    expect(own(fresh)).toEqual({
      can_create_streams: true,
      can_create_public_streams: false,
      can_create_private_streams: true,
      can_create_web_public_streams: false,
      can_invite_others_to_realm: false,
    });
    expect(fresh.is_moderator).toBe(false);
    // Hiding the address, and showing it again, sends the avatar (with its source and medium size).
    for (const email_address_visibility of [2, 1]) {
      const events = await verifyAction(hamletClient, () => hamletClient.settings.update({ email_address_visibility }), { ...register, client_gravatar: false });
      expect(events).toContainEqual(expect.objectContaining({ type: 'realm_user', person: expect.objectContaining({ avatar_source: 'G', avatar_url_medium: expect.stringContaining('&s=500&version=1') }) }));
    }
  });
});

describe("the caller's own role: what a fresh register shows by role", () => {
  const register = { event_types: ['realm_user', 'default_streams', 'default_stream_groups', 'realm_bot', 'realm_user_groups', 'user_group', 'realm'] };

  it('becoming a guest empties the default channels and groups (register + events == a fresh register)', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await desdemona.channels.addDefault({ stream_id: realm.channelId('Denmark') });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const before = await hamlet.events.register(register);
    expect(before.realm_default_streams).toContain(realm.channelId('Denmark'));
    await verifyAction(hamlet, () => desdemona.users.update({ user_id: realm.userId('hamlet@zulip.com'), role: 600 }), register);
  });

  it('an administrator who becomes a member keeps only the bots they own (register + events == a fresh register)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const iagoId = realm.userId('iago@zulip.com');
    const before = await iago.events.register(register);
    expect(before.realm_bots?.some((bot) => bot.owner_id !== iagoId)).toBe(true);
    expect(before.realm_bots?.some((bot) => bot.owner_id === iagoId)).toBe(true);
    await verifyAction(iago, () => realm.clientFor('desdemona@zulip.com').users.update({ user_id: iagoId, role: 400 }), register);
  });
});

describe('deactivating and reactivating users', () => {
  it('deactivates a user and their bots; they cannot authenticate; reactivation restores only them', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    const botId = realm.userId('default-bot@zulip.com');
    expect(await iago.users.deactivate({ user_id: hamletId })).toEqual({});
    expect((await iago.users.get({ user_id: hamletId })).user.is_active).toBe(false);
    expect((await iago.users.get({ user_id: botId })).user.is_active).toBe(false);
    await expectApiError(realm.clientFor('hamlet@zulip.com').users.me(), { code: 'UNAUTHORIZED', status: 401, msg: 'Account is deactivated' });
    await expectApiError(iago.users.deactivate({ user_id: hamletId }), bad('User is deactivated'));
    expect(await iago.users.reactivate({ user_id: hamletId })).toEqual({});
    expect((await realm.clientFor('hamlet@zulip.com').users.me()).is_active).toBe(true);
    expect((await iago.users.get({ user_id: botId })).user.is_active).toBe(false);
  });

  it('enforces who may deactivate whom', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    // The target is looked up first (access_user_by_id), then the caller's right to administer it.
    await expectApiError(
      realm.clientFor('hamlet@zulip.com').users.deactivate({ user_id: realm.userId('othello@zulip.com') }),
      bad('Insufficient permission'),
    );
    await expectApiError(realm.clientFor('hamlet@zulip.com').users.deactivate({ user_id: 9999 }), bad('No such user'));
    await expectApiError(
      realm.clientFor('shiva@zulip.com').users.reactivate({ user_id: realm.userId('othello@zulip.com') }),
      bad('Insufficient permission'),
    );
    await expectApiError(iago.users.deactivate({ user_id: realm.userId('desdemona@zulip.com') }), principal('Must be an organization owner'));
    await expectApiError(
      realm.clientFor('desdemona@zulip.com').users.deactivate({ user_id: realm.userId('desdemona@zulip.com') }),
      bad('Cannot deactivate the only organization owner'),
    );
    await expectApiError(iago.users.deactivate({ user_id: realm.userId('default-bot@zulip.com') }), bad('No such user'));
    await expectApiError(iago.users.deactivate({ user_id: 9999 }), bad('No such user'));
  });

  it("a bot's owner reactivates it, if still allowed to create such a bot and its name is free", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const botId = realm.userId('default-bot@zulip.com');
    await hamlet.bots.deactivate({ bot_id: botId });
    await expectApiError(realm.clientFor('othello@zulip.com').users.reactivate({ user_id: botId }), bad('Insufficient permission'));
    realm.mock.realm.can_create_bots_group = realm.groupId('role:administrators');
    await expectApiError(hamlet.users.reactivate({ user_id: botId }), bad('Insufficient permission'));
    realm.mock.realm.can_create_bots_group = realm.groupId('role:members');
    const name = realm.mock.store.tables.user.get(botId)?.full_name ?? '';
    await realm.clientFor('iago@zulip.com').users.update({ user_id: realm.userId('othello@zulip.com'), full_name: name });
    await expectApiError(
      hamlet.users.reactivate({ user_id: botId }),
      bad(`There is already an active bot named "${name}" in this organization. To reactivate this bot, you must rename or deactivate the other one first.`),
    );
    await realm.clientFor('iago@zulip.com').users.update({ user_id: realm.userId('othello@zulip.com'), full_name: 'Othello' });
    expect(await hamlet.users.reactivate({ user_id: botId })).toEqual({});
    expect(realm.mock.store.tables.user.get(botId)?.is_active).toBe(true);
  });

  it('DELETE /users/me: deactivates the caller, never the only owner', async () => {
    await expectApiError(realm.clientFor('desdemona@zulip.com').users.deactivateMe(), {
      code: 'CANNOT_DEACTIVATE_LAST_USER',
      status: 400,
      msg: 'Cannot deactivate the only organization owner.',
    });
    const envelope = await (await realm.raw('desdemona@zulip.com', 'DELETE', '/users/me')).json();
    expect(envelope).toMatchObject({ entity: 'organization owner', is_last_owner: true });
    expect(await realm.clientFor('othello@zulip.com').users.deactivateMe()).toEqual({});
    const { user } = await realm.clientFor('iago@zulip.com').users.get({ user_id: realm.userId('othello@zulip.com') });
    expect(user.is_active).toBe(false);
  });

  it('deactivation: applyEvent drops the user from every list that names active users only (acceptance test)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    await othello.users.updateStatus({ status_text: 'sailing' });
    await othello.presence.update({ status: 'active' });
    await iago.channels.update({ stream_id: realm.channelId('Denmark'), can_administer_channel_group: { new: { direct_members: [othelloId, hamletId], direct_subgroups: [] } } });
    await realm.clientFor('desdemona@zulip.com').realm.update({ can_create_groups: { new: { direct_members: [othelloId], direct_subgroups: [] } } });
    for (const register of [{ include_subscribers: true }, { include_subscribers: true, slim_presence: true }] as const) {
      const hamlet = realm.clientFor('hamlet@zulip.com');
      // The newest presence row stays an active user's: a client cannot lower presence_last_update_id.
      await hamlet.presence.update({ status: 'active' });
      await verifyAction(hamlet, () => iago.users.deactivate({ user_id: othelloId }), register);
      await iago.users.reactivate({ user_id: othelloId });
      await othello.users.updateStatus({ status_text: 'sailing' });
      await othello.presence.update({ status: 'active' });
    }
  });

  it('events: realm_user update with is_active moves users between the register lists', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    const register = { event_types: ['realm_user'] };
    const deactivated = await verifyAction(realm.clientFor('othello@zulip.com'), () => iago.users.deactivate({ user_id: hamletId }), register);
    // The server deactivates the user's bots first.
    expect(deactivated.map((event) => event && 'person' in event && event.person)).toEqual([
      { user_id: realm.userId('default-bot@zulip.com'), is_active: false },
      { user_id: hamletId, is_active: false },
    ]);
    await verifyAction(realm.clientFor('othello@zulip.com'), () => iago.users.reactivate({ user_id: hamletId }), register);
    await verifyAction(iago, () => realm.clientFor('cordelia@zulip.com').users.deactivateMe(), register);
  });
});

describe('a new user reaches clients with the avatar URL whole (the server renders it without client_gravatar)', () => {
  it('the event carries the Gravatar URL, which applyEvent lists as null for a client_gravatar registration, as a fresh one does', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    for (const clientGravatar of [true, false]) {
      const email = `gravatar-${String(clientGravatar)}@zulip.com`;
      const events = await verifyAction(hamlet, () => iago.users.create({ email, password: 'a-long-password-1', full_name: 'Newbie' }), {
        event_types: ['realm_user'],
        client_gravatar: clientGravatar,
      });
      const added = events.find((event) => event?.type === 'realm_user' && event.op === 'add') as { person: { avatar_url: string | null } } | undefined;
      expect(added?.person.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\//);
    }
  });
});
