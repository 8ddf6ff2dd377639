import { describe, expect, it } from 'vitest';
import { ChatClient } from '../src/index';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('bots over real HTTP (standalone mock)', () => {
  it('creates an outgoing webhook bot (its URL sent as JSON), lists, changes, regenerates its key and deactivates it', async () => {
    const hamlet = http.clientFor('hamlet@zulip.com');
    const created = await hamlet.bots.create({ full_name: 'Hook Bot', short_name: 'hook', bot_type: 3, payload_url: 'https://hooks.example/a?b=c' });
    const bots = (await hamlet.events.register({ fetch_event_types: ['realm_bot'] })).realm_bots ?? [];
    expect(bots.find((bot) => bot.user_id === created.user_id)?.services).toEqual([
      { base_url: 'https://hooks.example/a?b=c', interface: 1, token: expect.any(String) },
    ]);
    expect(await hamlet.bots.update({ bot_id: created.user_id, service_payload_url: 'https://hooks.example/new', full_name: 'Hook Two' })).toMatchObject({
      full_name: 'Hook Two',
      service_payload_url: 'https://hooks.example/new',
    });
    const { api_key } = await hamlet.bots.regenerateApiKey({ bot_id: created.user_id });
    const bot = new ChatClient({ site: http.running.url, email: 'hook-bot@zulip.testserver', apiKey: api_key, maxRetries: 0 });
    expect((await bot.users.me()).user_id).toBe(created.user_id);
    expect((await hamlet.bots.list()).bots.map((entry) => entry.full_name)).toContain('Hook Two');
    await hamlet.bots.deactivate({ bot_id: created.user_id });
    await expectApiError(bot.users.me(), { code: 'UNAUTHORIZED', status: 401, msg: 'Account is deactivated' });
  });
});
