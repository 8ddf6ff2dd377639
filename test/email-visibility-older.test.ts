import { describe, expect, it } from 'vitest';
import { serverAt } from './support/older-server';
import { verifyAction } from './support/verify-action';

const IAGO = 'iago@zulip.com';
const HAMLET = 'hamlet@zulip.com';
const SETTINGS = { event_types: ['user_settings', 'realm_user_settings_defaults'], client_capabilities: { notification_settings_null: true, user_settings_object: true } };
const REALM = { event_types: ['realm', 'realm_user'] };
const ADMINS_ONLY = 3;

/** `PATCH /realm` as Iago with form parameters (the SDK declares no `email_address_visibility`). */
function patchRealm(server: ReturnType<typeof serverAt>, params: Record<string, string>) {
  return server.raw('PATCH', '/realm', params);
}

describe("the organization's `email_address_visibility` below 163", () => {
  it('is a realm setting in register, not a personal one; the personal setting is an ignored parameter', async () => {
    const server = serverAt(162, IAGO);
    const state = await server.client.events.register({ ...SETTINGS, event_types: [...SETTINGS.event_types, 'realm'] });
    expect(state).toMatchObject({ realm_email_address_visibility: 1 });
    expect(state.user_settings).not.toHaveProperty('email_address_visibility');
    expect(state.realm_user_settings_defaults).not.toHaveProperty('email_address_visibility');
    // Ignored, and listed so (PATCH /settings did from 78).
    expect(await server.raw('PATCH', '/settings', { email_address_visibility: '3' })).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: ['email_address_visibility'] },
    });
    expect(server.mock.store.userByDeliveryEmail(IAGO)?.email_address_visibility).toBe(1);
    expect(await patchRealm(server, { email_address_visibility: '2' })).toEqual({
      status: 400,
      body: { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid email_address_visibility' },
    });
  });

  it("PATCH /realm changes every human's visibility: a realm event (acceptance test), then each new API address", async () => {
    const server = serverAt(162, IAGO);
    const { mock } = server;
    const hamlet = mock.clientFor(HAMLET);
    const hamletId = mock.store.userByDeliveryEmail(HAMLET)!.id;
    // The acceptance test holds for the realm's state; the users' avatar URLs and real addresses,
    // which the server does not send again, go stale in a client's list as they did on the server.
    const watching = await hamlet.events.register(REALM);
    const events = await verifyAction(hamlet, async () => {
      expect(await patchRealm(server, { email_address_visibility: String(ADMINS_ONLY) })).toEqual({ status: 200, body: { result: 'success', msg: '', email_address_visibility: ADMINS_ONLY } });
    }, { event_types: ['realm'] });
    expect(events).toEqual([expect.objectContaining({ type: 'realm', op: 'update', property: 'email_address_visibility', value: ADMINS_ONLY })]);
    const all = (await hamlet.events.get({ queue_id: watching.queue_id ?? '', last_event_id: watching.last_event_id, dont_block: true })).events;
    expect(all[0]).toMatchObject({ type: 'realm', op: 'update', property: 'email_address_visibility', value: ADMINS_ONLY });
    expect(all).toContainEqual(expect.objectContaining({ type: 'realm_user', op: 'update', person: { user_id: hamletId, new_email: `user${hamletId}@zulip.testserver` } }));
    const humans = mock.store.tables.user.all().filter((user) => !user.is_bot && user.is_active);
    expect(all.filter((event) => event.type === 'realm_user')).toHaveLength(humans.length);
    expect(mock.store.tables.user.get(hamletId)).toMatchObject({ email_address_visibility: ADMINS_ONLY, email: `user${hamletId}@zulip.testserver` });
    const fresh = await hamlet.events.register(REALM);
    expect(fresh.realm_email_address_visibility).toBe(ADMINS_ONLY);
    // Such a server left the field out where the viewer may not see the address.
    expect(fresh.realm_users?.find((user) => user.email === `user${mock.store.userByDeliveryEmail(IAGO)!.id}@zulip.testserver`)).not.toHaveProperty('delivery_email');
    // Bots keep their addresses.
    for (const bot of mock.store.tables.user.all().filter((user) => user.is_bot)) expect(bot.email).not.toMatch(/^user\d+@/);
  });

  it('from 163 it is each user\'s', async () => {
    const server = serverAt(163, IAGO);
    const state = await server.client.events.register({ ...SETTINGS, event_types: [...SETTINGS.event_types, 'realm'] });
    expect(state).not.toHaveProperty('realm_email_address_visibility');
    expect(state.user_settings).toHaveProperty('email_address_visibility', 1);
    // Ignored (servers below 167 do not list ignored parameters).
    expect(await patchRealm(server, { email_address_visibility: '3' })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    expect(server.mock.store.userByDeliveryEmail(HAMLET)?.email_address_visibility).toBe(1);
  });
});

describe('user objects below 163 carry `delivery_email` only where the viewer may see it (2396e6858f made it always present at 163)', () => {
  /** The users' `delivery_email` as `viewer` sees them in register and `GET /users`, by API email, absent ones left out. */
  async function deliveryEmails(server: ReturnType<typeof serverAt>, viewer: string) {
    const client = server.mock.clientFor(viewer);
    const state = await client.events.register({ event_types: ['realm_user'] });
    const listed = (await client.users.list()).members;
    const shown = (users: readonly { email: string; delivery_email?: string | null | undefined }[]) =>
      Object.fromEntries(users.filter((user) => 'delivery_email' in user).map((user) => [user.email, user.delivery_email]));
    expect(shown(listed)).toEqual(shown(state.realm_users ?? []));
    return shown([...(state.realm_users ?? []), ...(state.realm_non_active_users ?? [])]);
  }

  it('to everyone: one\'s own only (the others\' API addresses are real), bots included', async () => {
    const server = serverAt(162, IAGO);
    expect(await deliveryEmails(server, HAMLET)).toEqual({ [HAMLET]: HAMLET });
    expect(await deliveryEmails(server, IAGO)).toEqual({ [IAGO]: IAGO });
  });

  it('to administrators: every address for an administrator, one\'s own for the others', async () => {
    const server = serverAt(162, IAGO);
    await patchRealm(server, { email_address_visibility: String(ADMINS_ONLY) });
    const humansAndBots = server.mock.store.tables.user.all().filter((user) => !user.is_system_bot);
    expect(Object.keys(await deliveryEmails(server, IAGO))).toHaveLength(humansAndBots.length);
    const hamletId = server.mock.store.userByDeliveryEmail(HAMLET)!.id;
    expect(await deliveryEmails(server, HAMLET)).toEqual({ [`user${hamletId}@zulip.testserver`]: HAMLET });
    expect(Object.keys(await deliveryEmails(server, 'shiva@zulip.com'))).toHaveLength(1);
  });

  it('to moderators: moderators see them too', async () => {
    const server = serverAt(162, IAGO);
    await patchRealm(server, { email_address_visibility: '5' });
    const humansAndBots = server.mock.store.tables.user.all().filter((user) => !user.is_system_bot);
    expect(Object.keys(await deliveryEmails(server, 'shiva@zulip.com'))).toHaveLength(humansAndBots.length);
  });

  it("a new user's realm_user add has it likewise, and a client's list keeps in step (acceptance test)", async () => {
    const server = serverAt(162, IAGO);
    const hamlet = server.mock.clientFor(HAMLET);
    const events = await verifyAction(hamlet, () => server.client.users.create({ email: 'newbie@zulip.com', password: 'a-long-password', full_name: 'Newbie' }), {
      event_types: ['realm_user'],
    });
    const added = events.find((event) => event?.type === 'realm_user' && event.op === 'add') as { person: Record<string, unknown> } | undefined;
    expect(added?.person).not.toHaveProperty('delivery_email');
  });

  it('from 163 every user object has it, null where the viewer may not see it', async () => {
    const server = serverAt(163, IAGO);
    const state = await server.mock.clientFor(HAMLET).events.register({ event_types: ['realm_user'] });
    for (const user of state.realm_users ?? []) expect(user).toHaveProperty('delivery_email');
  });
});
