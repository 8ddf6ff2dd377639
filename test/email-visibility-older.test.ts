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
    // The mock sends `delivery_email: null` where such a server left the field out.
    expect(fresh.realm_users?.find((user) => user.email === `user${mock.store.userByDeliveryEmail(IAGO)!.id}@zulip.testserver`)).toHaveProperty('delivery_email', null);
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
