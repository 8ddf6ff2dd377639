import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm({ push: { bouncer: { knownTokens: ['fcm-known'] } } });

describe('push through a bouncer', () => {
  it('refuses a token the bouncer does not know with INVALID_REMOTE_PUSH_DEVICE_TOKEN, and sends only to known devices', async () => {
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
    await hamlet.push.testNotification();
    expect(realm.mock.push.sent.map((sent) => sent.token)).toEqual(['fcm-known']);
  });
});
