import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

// As on the server, whose add_push_device_token registers the token at the bouncer.
const faithful = useTestRealm({ push: { bouncer: {} } });

describe('a bouncer that keeps what the server registers with it (no knownTokens)', () => {
  it('knows every token registered through the server: notified, removed once, and unknown again after a new API key', async () => {
    const hamlet = faithful.clientFor('hamlet@zulip.com');
    await hamlet.push.addFcmToken({ token: 'fcm-any' });
    await hamlet.push.addApnsToken({ token: 'c0ffee', appid: 'org.zulip.Zulip' });
    await hamlet.push.testNotification();
    expect(faithful.mock.push.sent.map((sent) => sent.token)).toEqual(['fcm-any', 'c0ffee']);
    await expect(hamlet.push.removeApnsToken({ token: 'c0ffee' })).resolves.toEqual({});
    await expectApiError(hamlet.push.removeApnsToken({ token: 'c0ffee' }), { code: 'BAD_REQUEST', status: 400, msg: 'Token does not exist' });
    // Othello never registered it: the server has no such device of his.
    await expectApiError(faithful.clientFor('othello@zulip.com').push.testNotification({ token: 'fcm-any' }), {
      code: 'INVALID_PUSH_DEVICE_TOKEN',
      status: 400,
      msg: 'Device not recognized',
    });
    const { api_key } = await hamlet.bots.regenerateOwnApiKey();
    await expectApiError(faithful.clientFor('hamlet@zulip.com', { apiKey: api_key }).push.testNotification({ token: 'fcm-any' }), {
      code: 'INVALID_REMOTE_PUSH_DEVICE_TOKEN',
      status: 400,
      msg: 'Device not recognized by the push bouncer',
    });
  });

  it('an APNs token registered in capitals is still asked for lower-cased on removal, which that bouncer does not know', async () => {
    const hamlet = faithful.clientFor('hamlet@zulip.com');
    await hamlet.push.addApnsToken({ token: 'ABCD', appid: 'org.zulip.Zulip' });
    await expectApiError(hamlet.push.removeApnsToken({ token: 'ABCD' }), { code: 'BAD_REQUEST', status: 400, msg: 'Token does not exist' });
    expect(faithful.mock.store.pushDevicesOf(faithful.userId('hamlet@zulip.com'))).toEqual([]);
  });
});
