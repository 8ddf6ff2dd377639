import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

describe('push devices', () => {
  it('registers tokens per user and kind; test notifications reach one device or all, with event "test" and realm_name', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.push.addApnsToken({ token: 'a1b2c3d4', appid: 'org.zulip.Zulip' });
    await hamlet.push.addApnsToken({ token: 'a1b2c3d4', appid: 'org.zulip.Zulip' });
    await hamlet.push.addFcmToken({ token: 'fcm-token-1' });
    await realm.clientFor('othello@zulip.com').push.addFcmToken({ token: 'othello-device' });
    const hamletId = realm.userId('hamlet@zulip.com');
    await hamlet.push.testNotification({ token: 'fcm-token-1' });
    expect(realm.mock.push.sent).toEqual([
      { user_id: hamletId, kind: 'fcm', token: 'fcm-token-1', payload: expect.objectContaining({ event: 'test', realm_name: 'Zulip Dev' }) },
    ]);
    await hamlet.push.testNotification();
    expect(realm.mock.push.sent.slice(1).map(({ kind, token }) => ({ kind, token }))).toEqual([
      { kind: 'apns', token: 'a1b2c3d4' },
      { kind: 'fcm', token: 'fcm-token-1' },
    ]);
    await realm.clientFor('cordelia@zulip.com').push.testNotification();
    expect(realm.mock.push.sent).toHaveLength(3);
  });

  it('refuses a token the server does not know for the caller: INVALID_PUSH_DEVICE_TOKEN', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await realm.clientFor('othello@zulip.com').push.addFcmToken({ token: 'othello-device' });
    await expectApiError(hamlet.push.testNotification({ token: 'othello-device' }), {
      code: 'INVALID_PUSH_DEVICE_TOKEN',
      status: 400,
      msg: 'Device not recognized',
    });
  });

  it('validates tokens and app IDs, and removes only existing tokens of the right kind', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.push.addApnsToken({ token: '', appid: 'org.zulip.Zulip' }), bad('Empty or invalid length token'));
    await expectApiError(hamlet.push.addFcmToken({ token: 'x'.repeat(4097) }), bad('Empty or invalid length token'));
    await expectApiError(hamlet.push.addApnsToken({ token: 'abcde', appid: 'org.zulip.Zulip' }), bad('Invalid APNS token'));
    await expectApiError(hamlet.push.addApnsToken({ token: 'abcd', appid: 'org zulip!' }), bad('appid has invalid format'));
    // The app ID is a typed parameter, checked before the token.
    await expectApiError(hamlet.push.addApnsToken({ token: '', appid: 'org zulip!' }), bad('appid has invalid format'));
    await expectApiError(hamlet.push.removeApnsToken({ token: '' }), bad('Empty or invalid length token'));
    await expectApiError(hamlet.push.removeApnsToken({ token: 'abcde' }), bad('Invalid APNS token'));
    await expectApiError(hamlet.push.removeApnsToken({ token: 'abcd' }), bad('Token does not exist'));
    await hamlet.push.addFcmToken({ token: 'abcd' });
    await expectApiError(hamlet.push.removeApnsToken({ token: 'abcd' }), bad('Token does not exist'));
    await hamlet.push.removeFcmToken({ token: 'abcd' });
    await expectApiError(hamlet.push.removeFcmToken({ token: 'abcd' }), bad('Token does not exist'));
    await hamlet.push.addApnsToken({ token: 'abcd', appid: 'org.zulip.Zulip' });
    await hamlet.push.removeApnsToken({ token: 'abcd' });
    await expectApiError(hamlet.push.testNotification({ token: 'abcd' }), { code: 'INVALID_PUSH_DEVICE_TOKEN', status: 400 });
  });

  it("reads an APNs token as hexadecimal, as the server's bytes.fromhex does (the API documentation's example token c0ffee)", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.push.addApnsToken({ token: 'c0ffee', appid: 'org.zulip.Zulip' });
    await hamlet.push.removeApnsToken({ token: 'C0FFEE' });
    // fromhex skips ASCII whitespace between the pairs of digits, not inside one.
    await hamlet.push.addApnsToken({ token: ' c0 ff\tee\n', appid: 'org.zulip.Zulip' });
    await expectApiError(hamlet.push.addApnsToken({ token: 'c 0ffee', appid: 'org.zulip.Zulip' }), bad('Invalid APNS token'));
    // Base64 that is no hexadecimal, which servers before the change took.
    await expectApiError(hamlet.push.addApnsToken({ token: 'apple-tokenbb', appid: 'org.zulip.Zulip' }), bad('Invalid APNS token'));
    await expectApiError(hamlet.push.removeApnsToken({ token: 'aGk=' }), bad('Invalid APNS token'));
  });

  it('registering and removing device tokens send no event: the registered state stays a fresh one', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, async () => {
      await hamlet.push.addApnsToken({ token: 'a1b2c3d4', appid: 'org.zulip.Zulip' });
      await hamlet.push.addFcmToken({ token: 'fcm-token-1' });
      await hamlet.push.removeApnsToken({ token: 'a1b2c3d4' });
      await hamlet.push.removeFcmToken({ token: 'fcm-token-1' });
    });
    expect(events).toEqual([]);
  });

  it('matches APNs tokens without regard to case (its case-insensitive unique constraint), FCM tokens exactly', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.push.addApnsToken({ token: 'ABCD', appid: 'org.zulip.Zulip' });
    // The same device in another case is no second registration: one notification, to the token as first sent.
    await hamlet.push.addApnsToken({ token: 'abcd', appid: 'org.zulip.Zulip' });
    await hamlet.push.testNotification();
    expect(realm.mock.push.sent.map(({ kind, token }) => ({ kind, token }))).toEqual([{ kind: 'apns', token: 'ABCD' }]);
    await hamlet.push.removeApnsToken({ token: 'abcd' });
    await expectApiError(hamlet.push.removeApnsToken({ token: 'ABCD' }), bad('Token does not exist'));
    await hamlet.push.addFcmToken({ token: 'Fcm-Token' });
    await expectApiError(hamlet.push.removeFcmToken({ token: 'fcm-token' }), bad('Token does not exist'));
  });

  it('refuses bots', async () => {
    const bot = realm.clientFor('default-bot@zulip.com');
    await expectApiError(bot.push.addFcmToken({ token: 'abcd' }), bad('This endpoint does not accept bot requests.'));
    await expectApiError(bot.push.testNotification(), bad('This endpoint does not accept bot requests.'));
  });

  it('refuses bots before reading the parameters (human_users_only wraps typed_endpoint): no token is no missing-argument error', async () => {
    for (const [method, path] of [
      ['POST', '/users/me/apns_device_token'],
      ['DELETE', '/users/me/apns_device_token'],
      ['POST', '/users/me/android_gcm_reg_id'],
      ['DELETE', '/users/me/android_gcm_reg_id'],
      ['POST', '/mobile_push/test_notification'],
    ] as const) {
      const response = await realm.raw('default-bot@zulip.com', method, path, method === 'POST' ? new URLSearchParams({ token: '' }) : undefined);
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 400,
        body: { result: 'error', msg: 'This endpoint does not accept bot requests.', code: 'BAD_REQUEST' },
      });
    }
  });
});

describe('a new API key clears the push device tokens', () => {
  it('without a bouncer the server forgets its devices: nothing to notify, nothing to remove', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.push.addApnsToken({ token: 'a1b2c3d4', appid: 'org.zulip.Zulip' });
    await hamlet.push.addFcmToken({ token: 'fcm-token-1' });
    await realm.clientFor('othello@zulip.com').push.addFcmToken({ token: 'othello-device' });
    const { api_key } = await hamlet.bots.regenerateOwnApiKey();
    const renewed = realm.clientFor('hamlet@zulip.com', { apiKey: api_key });
    expect(realm.mock.store.pushDevicesOf(realm.userId('hamlet@zulip.com'))).toEqual([]);
    expect(realm.mock.store.pushDevicesOf(realm.userId('othello@zulip.com'))).toHaveLength(1);
    await renewed.push.testNotification();
    expect(realm.mock.push.sent).toEqual([]);
    await expectApiError(renewed.push.removeFcmToken({ token: 'fcm-token-1' }), bad('Token does not exist'));
    await expectApiError(renewed.push.testNotification({ token: 'a1b2c3d4' }), {
      code: 'INVALID_PUSH_DEVICE_TOKEN',
      status: 400,
      msg: 'Device not recognized',
    });
  });
});
