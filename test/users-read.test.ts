import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED } from '../mock/seed/default-seed';
import { expectApiError } from './support/failure';
import { SITE, useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

// The default realm, with addresses hidden at each visibility level: 2 members, 3 administrators,
// 4 nobody, 5 moderators.
const VISIBILITY: Readonly<Record<string, number>> = {
  'hamlet@zulip.com': 2,
  'cordelia@zulip.com': 3,
  'othello@zulip.com': 4,
  'prospero@zulip.com': 5,
};
const realm = useTestRealm({
  seed: {
    ...DEFAULT_SEED,
    users: (DEFAULT_SEED.users ?? []).map((user) =>
      user.email in VISIBILITY ? { ...user, email_address_visibility: VISIBILITY[user.email] } : user,
    ),
  },
});

const noSuchUser = { code: 'BAD_REQUEST', status: 400, msg: 'No such user' };

describe('reading users', () => {
  it('describes a user with the exact fields of the server', async () => {
    const iagoId = realm.userId('iago@zulip.com');
    const { user } = await realm.clientFor('polonius@zulip.com').users.get({ user_id: iagoId });
    expect(user).toEqual({
      user_id: iagoId,
      email: 'iago@zulip.com',
      delivery_email: 'iago@zulip.com',
      full_name: 'Iago',
      role: 200,
      is_owner: false,
      is_admin: true,
      is_guest: false,
      is_bot: false,
      is_active: true,
      timezone: '',
      avatar_version: 1,
      // iago's address is public, so with client_gravatar (the default) the client computes his Gravatar.
      avatar_url: null,
      date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d\+00:00$/),
      is_imported_stub: false,
    });
  });

  it('gives Gravatar URLs (the MD5 of the lower-cased address) where the client cannot compute them, or when asked not to', async () => {
    const polonius = realm.clientFor('polonius@zulip.com');
    const iagoId = realm.userId('iago@zulip.com');
    const { user } = await polonius.users.get({ user_id: iagoId, client_gravatar: false });
    // The MD5 of 'iago@zulip.com', as Node's crypto computes it.
    expect(user.avatar_url).toBe('https://secure.gravatar.com/avatar/af4f06322c177ef4e1e9b2c424986b54?d=identicon&version=1');
    const hamlet = (await polonius.users.get({ user_id: realm.userId('hamlet@zulip.com') })).user;
    expect(hamlet.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/);
    const { messages } = await polonius.messages.list({ anchor: 'newest', num_before: 5, num_after: 0 });
    for (const message of messages) expect(message.avatar_url === null).toBe(message.sender_email.endsWith('@zulip.com'));
  });

  it("gives the Notification Bot the server's static avatar everywhere, with or without client_gravatar", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    // The server's static files are under its STATIC_URL, absolute.
    const avatar = `${SITE}/static/images/static_avatars/notification-bot.png`;
    for (const client_gravatar of [true, false]) {
      const { cross_realm_bots } = await hamlet.events.register({ fetch_event_types: ['realm_user'], client_gravatar });
      expect(cross_realm_bots?.find((bot) => bot.email === 'notification-bot@zulip.com')?.avatar_url).toBe(avatar);
    }
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'fresh' }] });
    for (const client_gravatar of [true, false]) {
      const { messages } = await hamlet.messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'channel', operand: 'fresh' }], client_gravatar });
      expect(messages.map((message) => [message.sender_email, message.avatar_url])).toEqual([['notification-bot@zulip.com', avatar]]);
    }
  });

  it('reports roles 100 to 600 with their flags, and bots with their type and owner', async () => {
    const { members } = await realm.clientFor('hamlet@zulip.com').users.list();
    const byEmail = new Map(members.map((member) => [member.delivery_email ?? member.email, member]));
    const flags = (email: string) => {
      const member = byEmail.get(email);
      return [member?.role, member?.is_owner, member?.is_admin, member?.is_guest];
    };
    expect(flags('desdemona@zulip.com')).toEqual([100, true, true, false]);
    expect(flags('iago@zulip.com')).toEqual([200, false, true, false]);
    expect(flags('shiva@zulip.com')).toEqual([300, false, false, false]);
    expect(flags('hamlet@zulip.com')).toEqual([400, false, false, false]);
    expect(flags('polonius@zulip.com')).toEqual([600, false, false, true]);
    expect(byEmail.get('default-bot@zulip.com')).toMatchObject({
      is_bot: true,
      bot_type: 1,
      bot_owner_id: realm.userId('hamlet@zulip.com'),
    });
    expect(byEmail.get('hamlet@zulip.com')).not.toHaveProperty('bot_type');
    expect(members.map((member) => member.user_id)).toEqual([...members.map((member) => member.user_id)].sort((a, b) => a - b));
    // is_imported_stub is on every user (false here), as the spec lists it; is_deleted is not a field.
    expect(members.every((member) => member.is_imported_stub === false && !('is_deleted' in member))).toBe(true);
  });

  it('hides real addresses per the owner setting and the viewer role, with placeholders', async () => {
    const seen = async (viewer: string) => {
      const { members } = await realm.clientFor(viewer).users.list();
      return Object.fromEntries(
        Object.keys(VISIBILITY).map((email) => {
          const member = members.find((candidate) => candidate.user_id === realm.userId(email));
          return [email.split('@')[0], member?.delivery_email ?? null];
        }),
      );
    };
    expect(await seen('iago@zulip.com')).toEqual({
      hamlet: 'hamlet@zulip.com',
      cordelia: 'cordelia@zulip.com',
      othello: null,
      prospero: 'prospero@zulip.com',
    });
    expect(await seen('shiva@zulip.com')).toEqual({ hamlet: 'hamlet@zulip.com', cordelia: null, othello: null, prospero: 'prospero@zulip.com' });
    expect(await seen('desdemona@zulip.com')).toMatchObject({ othello: null });
    expect(await seen('cordelia@zulip.com')).toEqual({ hamlet: 'hamlet@zulip.com', cordelia: 'cordelia@zulip.com', othello: null, prospero: null });
    expect(await seen('polonius@zulip.com')).toEqual({ hamlet: null, cordelia: null, othello: null, prospero: null });
    const hamletId = realm.userId('hamlet@zulip.com');
    const { user } = await realm.clientFor('polonius@zulip.com').users.get({ user_id: hamletId });
    expect(user.email).toBe(`user${hamletId}@zulip.testserver`);
    const { user: bot } = await realm.clientFor('polonius@zulip.com').users.getByEmail({ email: 'default-bot@zulip.com' });
    expect(bot.delivery_email).toBe('default-bot@zulip.com');
  });

  it('finds a user by real address only where the requester may see it, and always by placeholder', async () => {
    const othelloId = realm.userId('othello@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    expect((await iago.users.getByEmail({ email: 'HAMLET@zulip.com' })).user.user_id).toBe(hamletId);
    // The real address is stripped; the requester's role alone decides, their own account no exception.
    expect((await iago.users.getByEmail({ email: ' hamlet@zulip.com ' })).user.user_id).toBe(hamletId);
    // Stripped as Python's str.strip strips: the separators U+001C..U+001F go, a byte order mark stays.
    expect((await iago.users.getByEmail({ email: '\u001fhamlet@zulip.com\u001c' })).user.user_id).toBe(hamletId);
    await expectApiError(iago.users.getByEmail({ email: '\ufeffhamlet@zulip.com' }), noSuchUser);
    await expectApiError(iago.users.getByEmail({ email: 'othello@zulip.com' }), noSuchUser);
    await expectApiError(realm.clientFor('othello@zulip.com').users.getByEmail({ email: 'othello@zulip.com' }), noSuchUser);
    await expectApiError(realm.clientFor('cordelia@zulip.com').users.getByEmail({ email: 'cordelia@zulip.com' }), noSuchUser);
    expect((await realm.clientFor('polonius@zulip.com').users.getByEmail({ email: 'default-bot@zulip.com' })).user.is_bot).toBe(true);
    await expectApiError(realm.clientFor('polonius@zulip.com').users.getByEmail({ email: 'hamlet@zulip.com' }), noSuchUser);
    await expectApiError(iago.users.getByEmail({ email: 'nobody@zulip.com' }), noSuchUser);
    // The placeholder is matched as the server's re.match does: in this case only, anchored at the start only.
    expect((await iago.users.getByEmail({ email: `user${othelloId}@zulip.testserver` })).user.user_id).toBe(othelloId);
    expect((await iago.users.getByEmail({ email: `user${othelloId}@zulip.testserver.example` })).user.user_id).toBe(othelloId);
    await expectApiError(iago.users.getByEmail({ email: `User${othelloId}@zulip.testserver` }), noSuchUser);
    await expectApiError(iago.users.getByEmail({ email: `user${othelloId}@ZULIP.testserver` }), noSuchUser);
    await expectApiError(iago.users.getByEmail({ email: ` user${othelloId}@zulip.testserver` }), noSuchUser);
  });

  it('answers "No such user" for an unknown ID in GET /users/{id}; user_ids leaves unknown IDs out and lists each user once', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.users.get({ user_id: 9999 }), noSuchUser);
    const iago = realm.userId('iago@zulip.com');
    const shiva = realm.userId('shiva@zulip.com');
    const bot = realm.userId('default-bot@zulip.com');
    await hamlet.events.register({});
    const systemBot = realm.mock.store.systemBotByEmail('notification-bot@zulip.com')?.id ?? 0;
    expect(systemBot).toBeGreaterThan(0);
    const { members } = await hamlet.users.list({ user_ids: [shiva, 9999, iago, shiva, bot, systemBot] });
    expect(members.map((member) => member.user_id)).toEqual([iago, shiva, bot].sort((a, b) => a - b));
    expect((await hamlet.users.list({ user_ids: [9999] })).members).toEqual([]);
  });

  it('adds profile_data to humans only when asked', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { members } = await hamlet.users.list({ include_custom_profile_fields: true });
    for (const member of members) expect('profile_data' in member).toBe(!member.is_bot);
    const { user } = await hamlet.users.get({ user_id: realm.userId('iago@zulip.com') });
    expect(user).not.toHaveProperty('profile_data');
  });

  it('GET /users/me: the caller with the real address and max_message_id', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const me = await othello.users.me();
    expect(me).toMatchObject({
      user_id: realm.userId('othello@zulip.com'),
      delivery_email: 'othello@zulip.com',
      email: `user${realm.userId('othello@zulip.com')}@zulip.testserver`,
      role: 400,
      max_message_id: expect.any(Number),
    });
    expect(me.max_message_id).toBeGreaterThan(0);
  });

  it('GET /users/me: humans with their custom profile fields (empty until set), bots without', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    expect((await othello.users.me()).profile_data).toEqual({});
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.profileFields.create({ field_type: 1, name: 'Ship' });
    await iago.users.update({ user_id: realm.userId('othello@zulip.com'), profile_data: [{ id, value: 'The *Moor*' }] });
    expect((await othello.users.me()).profile_data).toEqual({ [String(id)]: { value: 'The *Moor*', rendered_value: '<p>The <em>Moor</em></p>' } });
    expect(await realm.clientFor('default-bot@zulip.com').users.me()).not.toHaveProperty('profile_data');
  });

  it('register: realm_users, realm_non_active_users (without is_active), cross_realm_bots and the own identity', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId('cordelia@zulip.com') });
    const state = await hamlet.events.register({ event_types: ['realm_user'] });
    const { members } = await hamlet.users.list({ include_custom_profile_fields: true });
    const listed = ({ is_active: _active, ...user }: (typeof members)[number]) => user;
    expect(state.realm_users).toEqual(members.filter((member) => member.is_active).map(listed));
    expect(state.realm_non_active_users).toEqual(members.filter((member) => !member.is_active).map(listed));
    expect(state.realm_non_active_users?.map((user) => user.user_id)).toEqual([realm.userId('cordelia@zulip.com')]);
    expect([...(state.realm_users ?? []), ...(state.realm_non_active_users ?? [])].some((user) => 'is_active' in user)).toBe(false);
    // The server's three cross-realm bots, sorted by name.
    expect(state.cross_realm_bots).toEqual([
      expect.objectContaining({ email: 'emailgateway@zulip.com', full_name: 'Email Gateway', is_bot: true, is_system_bot: true, is_active: true }),
      expect.objectContaining({ email: 'notification-bot@zulip.com', full_name: 'Notification Bot', is_bot: true, is_system_bot: true, is_active: true }),
      expect.objectContaining({ email: 'welcome-bot@zulip.com', full_name: 'Welcome Bot', is_bot: true, is_system_bot: true, is_active: true }),
    ]);
    expect(members.some((member) => member.email === 'notification-bot@zulip.com')).toBe(false);
    expect(state).toMatchObject({
      user_id: realm.userId('hamlet@zulip.com'),
      full_name: 'King Hamlet',
      delivery_email: 'hamlet@zulip.com',
      is_admin: false,
      is_owner: false,
      is_moderator: false,
      is_guest: false,
    });
    await verifyAction(hamlet, async () => undefined, { event_types: ['realm_user'] });
  });
});
