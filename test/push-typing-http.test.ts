import { describe, expect, it } from 'vitest';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('typing and push over real HTTP', () => {
  it('sends typing notifications and registers, tests and removes a device', async () => {
    const hamlet = http.clientFor('hamlet@zulip.com');
    const othello = http.running.mock.store.userByDeliveryEmail('othello@zulip.com')?.id ?? 0;
    expect(await hamlet.typing.set({ op: 'start', to: [othello] })).toEqual({});
    await hamlet.push.addFcmToken({ token: 'http-device' });
    const before = http.running.mock.push.sent.length;
    await hamlet.push.testNotification({ token: 'http-device' });
    expect(http.running.mock.push.sent.slice(before).map((sent) => sent.payload.event)).toEqual(['test']);
    await hamlet.push.removeFcmToken({ token: 'http-device' });
  });
});
