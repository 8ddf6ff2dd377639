import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm({ push: { bouncer: { knownTokens: ['fcm-known', 'ABCD'] } } });

describe('push through a bouncer', () => {
  it('refuses a token the bouncer does not know with INVALID_REMOTE_PUSH_DEVICE_TOKEN; to all devices, the first unknown one stops the request', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.push.addFcmToken({ token: 'fcm-known' });
    await hamlet.push.addFcmToken({ token: 'fcm-unknown' });
    await expectApiError(hamlet.push.testNotification({ token: 'fcm-unknown' }), {
      code: 'INVALID_REMOTE_PUSH_DEVICE_TOKEN',
      status: 400,
      msg: 'Device not recognized by the push bouncer',
    });
    await expectApiError(hamlet.push.testNotification({ token: 'never-registered' }), {
      code: 'INVALID_PUSH_DEVICE_TOKEN',
      status: 400,
      msg: 'Device not recognized',
    });
    const unknown = { code: 'INVALID_REMOTE_PUSH_DEVICE_TOKEN', status: 400, msg: 'Device not recognized by the push bouncer' };
    await expectApiError(hamlet.push.testNotification(), unknown);
    expect(realm.mock.push.sent.map((sent) => sent.token)).toEqual(['fcm-known']);
    // The server deletes its own copy, then the bouncer's answer reaches the client.
    await expectApiError(hamlet.push.removeFcmToken({ token: 'fcm-unknown' }), { code: 'BAD_REQUEST', status: 400, msg: 'Token does not exist' });
    await hamlet.push.testNotification();
    expect(realm.mock.push.sent.map((sent) => sent.token)).toEqual(['fcm-known', 'fcm-known']);
  });

  it('a token the bouncer knows is removed once, and only by the user who registered it', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.push.addFcmToken({ token: 'fcm-known' });
    const gone = { code: 'BAD_REQUEST', status: 400, msg: 'Token does not exist' };
    await expectApiError(realm.clientFor('othello@zulip.com').push.removeFcmToken({ token: 'fcm-known' }), gone);
    await expect(hamlet.push.removeFcmToken({ token: 'fcm-known' })).resolves.toEqual({});
    await expectApiError(hamlet.push.removeFcmToken({ token: 'fcm-known' }), gone);
  });

  it("an APNs token is removed at the bouncer lower-cased, as remove_push_device_token sends it: the bouncer, which keeps 'ABCD' as registered, does not know it", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.push.addApnsToken({ token: 'ABCD', appid: 'org.zulip.Zulip' });
    await hamlet.push.testNotification({ token: 'ABCD' });
    expect(realm.mock.push.sent.map((sent) => sent.token)).toEqual(['ABCD']);
    // The server's own copy is deleted first, then the bouncer's answer reaches the client.
    await expectApiError(hamlet.push.removeApnsToken({ token: 'ABCD' }), { code: 'BAD_REQUEST', status: 400, msg: 'Token does not exist' });
    expect(realm.mock.store.pushDevicesOf(realm.userId('hamlet@zulip.com'))).toEqual([]);
  });
});

describe('a new API key with a bouncer', () => {
  it('unregisters the user at the bouncer; the server keeps its rows, and registering again restores the device', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.push.addFcmToken({ token: 'fcm-known' });
    const { api_key } = await hamlet.bots.regenerateOwnApiKey();
    const renewed = realm.clientFor('hamlet@zulip.com', { apiKey: api_key });
    expect(realm.mock.store.pushDevicesOf(realm.userId('hamlet@zulip.com')).map((device) => device.token)).toEqual(['fcm-known']);
    await expectApiError(renewed.push.testNotification({ token: 'fcm-known' }), {
      code: 'INVALID_REMOTE_PUSH_DEVICE_TOKEN',
      status: 400,
      msg: 'Device not recognized by the push bouncer',
    });
    await renewed.push.addFcmToken({ token: 'fcm-known' });
    await renewed.push.testNotification({ token: 'fcm-known' });
    expect(realm.mock.push.sent.map((sent) => sent.token)).toEqual(['fcm-known']);
  });
});
