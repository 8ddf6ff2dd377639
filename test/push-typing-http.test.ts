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

describe('realm configuration and bot storage over real HTTP', () => {
  it('adds a domain and a playground, and a bot stores a value', async () => {
    const desdemona = http.clientFor('desdemona@zulip.com');
    const { new_domain } = await desdemona.realm.addDomain({ domain: 'http-test.example', allow_subdomains: false });
    expect(new_domain[1]).toBe('http-test.example');
    await desdemona.realm.removeDomain({ domain: 'http-test.example' });
    const { id } = await http.clientFor('iago@zulip.com').realm.addPlayground({ name: 'Go', pygments_language: 'Go', url_template: 'https://go.dev/play/?c={code}' });
    await http.clientFor('iago@zulip.com').realm.removePlayground({ playground_id: id });
    const bot = http.clientFor('default-bot@zulip.com');
    await bot.botStorage.update({ storage: { over: 'http' } });
    expect((await bot.botStorage.get({ keys: ['over'] })).storage).toEqual({ over: 'http' });
  });
});
