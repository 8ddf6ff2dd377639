import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { NoActivePushDeviceError, PushServiceNotConfiguredError, parseEvent } from '../src/index';
import { recordExchange } from './support/contract';
import { apiFailure, expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { serverAt, unsupported } from './support/older-server';

const BOUNCER_KEY = 'bouncer-public-key';
const realm = useTestRealm({ push: { bouncer: { knownTokens: [], registrationKeys: [BOUNCER_KEY] } } });

/** A key as the server's own tests send it: base64 of 0x31 and a 32-byte secret. */
const PUSH_KEY = 'MY+paNlyduYJRQFNZva8w7Gv3PkBua9kIj581F9Vr301';

const registration = (overrides: Record<string, unknown> = {}) => ({
  token_kind: 'fcm' as const,
  push_account_id: 2408,
  push_key: PUSH_KEY,
  bouncer_public_key: BOUNCER_KEY,
  encrypted_push_registration: 'c2VhbGVk',
  ...overrides,
});

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const NO_ACTIVE = { code: 'NO_ACTIVE_PUSH_DEVICE', status: 400, msg: 'No active registered push device' };

/** A form-encoded request the SDK would not send, as hamlet. */
function post(path: string, params: Record<string, string>) {
  return realm.raw('hamlet@zulip.com', 'POST', path, new URLSearchParams(params), { 'Content-Type': 'application/x-www-form-urlencoded' });
}

async function pushDeviceEvents(email: string, action: () => Promise<unknown>) {
  const client = realm.clientFor(email);
  const { queue_id, last_event_id } = await client.events.register({ event_types: ['push_device'] });
  await action();
  const { events } = await client.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true });
  return events.map(({ id: _id, ...event }) => event);
}

describe('registering for end-to-end encrypted notifications (POST /mobile_push/register, 406)', () => {
  it('a registration the bouncer takes becomes active, its owner alone hears it, and registering it again changes nothing', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const { queue_id, last_event_id } = await othello.events.register({ event_types: ['push_device'] });
    const events = await pushDeviceEvents('hamlet@zulip.com', async () => {
      expect(await hamlet.push.registerDevice(registration())).toEqual({});
      expect(await hamlet.push.registerDevice(registration({ token_kind: 'apns' }))).toEqual({});
    });
    expect(events).toEqual([{ type: 'push_device', push_account_id: '2408', status: 'active' }]);
    expect((await othello.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true })).events).toEqual([]);
    expect((await hamlet.events.register({ event_types: ['push_device'] })).push_devices).toEqual({ 2408: { status: 'active', error_code: null } });
    // The second request was a no-op: the kind stays the first one's.
    expect(realm.mock.store.e2eePushDevicesOf(realm.userId('hamlet@zulip.com')).map(({ token_kind }) => token_kind)).toEqual(['fcm']);
    expect((await othello.events.register({ event_types: ['push_device'] })).push_devices).toEqual({});
  });

  it('a key the bouncer does not hold fails with INVALID_BOUNCER_PUBLIC_KEY; registering again with its key succeeds', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const failed = await pushDeviceEvents('hamlet@zulip.com', () => hamlet.push.registerDevice(registration({ bouncer_public_key: 'invalid public key' })));
    expect(failed).toEqual([{ type: 'push_device', push_account_id: '2408', status: 'failed', error_code: 'INVALID_BOUNCER_PUBLIC_KEY' }]);
    expect((await hamlet.events.register({ event_types: ['push_device'] })).push_devices).toEqual({
      2408: { status: 'failed', error_code: 'INVALID_BOUNCER_PUBLIC_KEY' },
    });
    const retried = await pushDeviceEvents('hamlet@zulip.com', () => hamlet.push.registerDevice(registration()));
    expect(retried).toEqual([{ type: 'push_device', push_account_id: '2408', status: 'active' }]);
    expect(realm.mock.store.e2eePushDevicesOf(realm.userId('hamlet@zulip.com'))).toHaveLength(1);
  });

  it('checks push_key: strict base64 of 33 bytes starting with 0x31', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const prefix32 = btoa(String.fromCharCode(0x32, ...atob(PUSH_KEY).slice(1).split('').map((char) => char.charCodeAt(0))));
    for (const push_key of ['@abcdefg', 'abcd', prefix32, `${PUSH_KEY.slice(0, 20)} ${PUSH_KEY.slice(20)}`, '']) {
      await expectApiError(hamlet.push.registerDevice(registration({ push_key })), bad('Invalid `push_key`'));
    }
    expect(realm.mock.store.e2eePushDevicesOf(realm.userId('hamlet@zulip.com'))).toEqual([]);
  });

  it("reads token_kind and push_account_id as the server's typed view does, in its order", async () => {
    const form = { token_kind: 'xyz', push_account_id: 'abc', push_key: PUSH_KEY, bouncer_public_key: BOUNCER_KEY, encrypted_push_registration: 'x' };
    const answer = async (params: Record<string, string>) => {
      const response = await post('/mobile_push/register', params);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const refused = (msg: string, code = 'BAD_REQUEST') => ({ status: 400, body: expect.objectContaining({ result: 'error', code, msg }) });
    expect(await answer(form)).toEqual(refused('Invalid token_kind: Value error, Not in the list of possible values'));
    expect(await answer({ ...form, token_kind: 'apns' })).toEqual(refused('push_account_id is not valid JSON'));
    const { encrypted_push_registration: _omitted, ...missing } = { ...form, token_kind: 'apns', push_account_id: '7' };
    expect(await answer(missing)).toEqual(refused("Missing 'encrypted_push_registration' argument", 'REQUEST_VARIABLE_MISSING'));
  });

  it('refuses bots before reading anything', async () => {
    await expectApiError(realm.clientFor('default-bot@zulip.com').push.registerDevice(registration()), bad('This endpoint does not accept bot requests.'));
    await expectApiError(realm.clientFor('default-bot@zulip.com').push.e2eeTestNotification(), bad('This endpoint does not accept bot requests.'));
  });
});

describe('registrations in state documents', () => {
  it('travel in snapshot(), restore into another mock, and a document without the table loads with none', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.push.registerDevice(registration());
    await hamlet.push.registerDevice(registration({ push_account_id: 5555, bouncer_public_key: 'unknown' }));
    const document = JSON.parse(JSON.stringify(realm.mock.snapshot())) as { tables: Record<string, unknown> };
    const other = createMockServer({ onExchange: recordExchange });
    other.restore(document);
    const restored = await other.clientFor('hamlet@zulip.com').events.register({ event_types: ['push_device'] });
    expect(restored.push_devices).toEqual({ 2408: { status: 'active', error_code: null }, 5555: { status: 'failed', error_code: 'INVALID_BOUNCER_PUBLIC_KEY' } });
    const { e2eePushDevice: _table, ...olderTables } = document.tables;
    other.restore({ ...document, tables: olderTables });
    expect((await other.clientFor('hamlet@zulip.com').events.register({ event_types: ['push_device'] })).push_devices).toEqual({});
  });
});

describe('end-to-end encrypted test notifications (POST /mobile_push/e2ee/test_notification, 420)', () => {
  it('go to every active registration, or to the one named; failed ones and other users are skipped', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    await hamlet.push.registerDevice(registration());
    await hamlet.push.registerDevice(registration({ push_account_id: 5555, token_kind: 'apns' }));
    await hamlet.push.registerDevice(registration({ push_account_id: 7777, bouncer_public_key: 'unknown' }));
    await realm.clientFor('othello@zulip.com').push.registerDevice(registration());
    realm.clock.set(1_700_000_000_000);
    expect(await hamlet.push.e2eeTestNotification()).toEqual({});
    const payload = { realm_url: 'http://chat.test', realm_name: 'Zulip Dev', user_id: hamletId, type: 'test', time: 1_700_000_000 };
    expect(realm.mock.push.sentEncrypted.map(({ device_id: _id, ...sent }) => sent)).toEqual([
      { user_id: hamletId, push_account_id: 2408, token_kind: 'fcm', payload },
      { user_id: hamletId, push_account_id: 5555, token_kind: 'apns', payload },
    ]);
    await hamlet.push.e2eeTestNotification({ push_account_id: 5555 });
    expect(realm.mock.push.sentEncrypted.slice(2).map((sent) => sent.push_account_id)).toEqual([5555]);
    await expectApiError(hamlet.push.e2eeTestNotification({ push_account_id: 7777 }), NO_ACTIVE);
    await expectApiError(hamlet.push.e2eeTestNotification({ push_account_id: 1 }), NO_ACTIVE);
    expect(await apiFailure(realm.clientFor('cordelia@zulip.com').push.e2eeTestNotification())).toBeInstanceOf(NoActivePushDeviceError);
    expect(realm.mock.push.sentEncrypted).toHaveLength(3);
  });
});

describe('a server without the push bouncer (the default mock)', () => {
  it('refuses registrations with PUSH_SERVICE_NOT_CONFIGURED after reading the parameters, and has no active registration to notify', async () => {
    const mock = createMockServer({ onExchange: recordExchange });
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const error = await apiFailure(hamlet.push.registerDevice(registration({ push_key: 'not checked yet' })));
    expect(error).toBeInstanceOf(PushServiceNotConfiguredError);
    expect({ code: error.code, status: error.status, msg: error.msg }).toEqual({
      code: 'PUSH_SERVICE_NOT_CONFIGURED',
      status: 400,
      msg: 'Server is not configured to use push notification service.',
    });
    // The parameters come first.
    const auth = { authorization: `Basic ${btoa(`hamlet@zulip.com:${mock.apiKeyOf('hamlet@zulip.com')}`)}` };
    const response = await mock.fetch('http://localhost:9991/api/v1/mobile_push/register', { method: 'POST', headers: auth, body: new URLSearchParams({ token_kind: 'xyz' }) });
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid token_kind: Value error, Not in the list of possible values' });
    await expectApiError(hamlet.push.e2eeTestNotification(), NO_ACTIVE);
    expect((await hamlet.events.register({ event_types: ['push_device'] })).push_devices).toEqual({});
    expect(mock.store.e2eePushDevicesOf(mock.store.userByDeliveryEmail('hamlet@zulip.com')?.id ?? 0)).toEqual([]);
  });
});

describe('older servers', () => {
  const bouncer = { bouncer: { knownTokens: [], registrationKeys: [BOUNCER_KEY] } };
  const warnings: string[] = [];
  const logger = { warn: (message: string) => warnings.push(message), error: (message: string) => warnings.push(message) };

  it('below 406: no route, no push_devices; the SDK refuses before sending', async () => {
    const { client: hamlet, raw } = serverAt(405, 'hamlet@zulip.com', { push: bouncer, onExchange: recordExchange, logger });
    expect(await unsupported(hamlet.push.registerDevice(registration()))).toMatchObject({ neededLevel: 406, serverLevel: 405 });
    expect((await raw('POST', '/mobile_push/register')).status).toBe(404);
    expect(warnings.at(-1)).toContain('no route for POST /api/v1/mobile_push/register');
    expect('push_devices' in (await hamlet.events.register({}))).toBe(false);
  });

  it('from 406 to 431: the key comes as push_public_key, unchecked; push_key is ignored; no E2EE test notification before 420', async () => {
    const { client: hamlet, raw } = serverAt(419, 'hamlet@zulip.com', { push: bouncer, onExchange: recordExchange, logger });
    expect((await unsupported(hamlet.push.registerDevice(registration()))).parameter).toBe('push_key');
    expect((await unsupported(hamlet.push.e2eeTestNotification())).neededLevel).toBe(420);
    const { push_key: _key, ...rest } = registration();
    const params = Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, String(value)]));
    expect((await raw('POST', '/mobile_push/register', { ...params, push_key: PUSH_KEY })).body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'push_public_key' argument" });
    expect((await raw('POST', '/mobile_push/register', { ...params, push_public_key: 'any key', push_key: 'x' })).body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['push_key'] });
    expect((await hamlet.events.register({ event_types: ['push_device'] })).push_devices).toEqual({ 2408: { status: 'active', error_code: null } });
    expect((await raw('POST', '/mobile_push/e2ee/test_notification')).status).toBe(404);
  });

  it('the push_device event types with the SDK as the server sends it', () => {
    const event = parseEvent({ id: 1, type: 'push_device', push_account_id: '2408', status: 'failed', error_code: 'REQUEST_EXPIRED' });
    expect(event).toEqual({ id: 1, type: 'push_device', push_account_id: '2408', status: 'failed', error_code: 'REQUEST_EXPIRED' });
  });
});
