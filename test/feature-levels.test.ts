import { describe, expect, it } from 'vitest';
import { createMockServer, MOCK_FEATURE_LEVEL, type MockServer, OLDEST_MOCK_LEVEL } from '../mock/index';
import { ChatClient, narrow, sendMessage } from '../src/index';
import { OLDER_SITE as SITE, rawRequest, serverAt, unsupported } from './support/older-server';

const HAMLET = 'hamlet@zulip.com';
const IAGO = 'iago@zulip.com';

/** The parameters of the last request the mock answered, with its path. */
function lastRequest(mock: MockServer) {
  const entry = mock.journal.entries.at(-1);
  return { path: entry?.path, params: entry?.params, status: entry?.status };
}

/** The `narrow` the last request sent, decoded. */
const sentNarrow = (mock: MockServer): unknown => JSON.parse(String(lastRequest(mock).params?.['narrow']));

const badRequest = (msg: string) => ({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg } });

describe('how the client learns the feature level', () => {
  it('asks GET /server_settings once, the first time a call depends on the level', async () => {
    const { mock, client } = serverAt(300);
    expect(client.featureLevel).toBeUndefined();
    await client.users.me();
    expect(mock.journal.entries.map((entry) => entry.operation)).toEqual(['get-own-user']);
    const sent = await client.messages.send({ type: 'direct', to: [mock.store.userByDeliveryEmail(IAGO)?.id ?? 0], content: 'hi' });
    await client.messages.get({ message_id: sent.id });
    expect(mock.journal.entries.map((entry) => entry.operation)).toEqual([
      'get-own-user',
      'get-server-settings',
      'send-message',
      'get-message',
    ]);
    expect(client.featureLevel).toBe(300);
    expect(await client.serverFeatureLevel()).toBe(300);
  });

  it('learns it from POST /register without asking', async () => {
    const { mock, client } = serverAt(200);
    await client.events.register({ event_types: ['message'] });
    expect(client.featureLevel).toBe(200);
    await client.messages.send({ type: 'direct', to: [mock.store.userByDeliveryEmail(IAGO)?.id ?? 0], content: 'hi' });
    expect(mock.journal.entries.map((entry) => entry.operation)).toEqual(['register-queue', 'send-message']);
  });

  it('takes it from the options and then never asks', async () => {
    const mock = createMockServer({ featureLevel: 173 });
    const client = new ChatClient({ site: SITE, email: HAMLET, apiKey: mock.apiKeyOf(HAMLET), fetch: mock.fetch, featureLevel: 173 });
    await client.messages.send({ type: 'direct', to: [mock.store.userByDeliveryEmail(IAGO)?.id ?? 0], content: 'hi' });
    expect(mock.journal.entries.map((entry) => entry.operation)).toEqual(['send-message']);
    expect(mock.clientFor(HAMLET).featureLevel).toBe(173);
  });

  it('asks again after a failed question, and a server without a level counts as 0', async () => {
    let attempts = 0;
    const requests: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      requests.push(`${request.method} ${new URL(request.url).pathname} ${await request.text()}`);
      if (request.url.endsWith('/server_settings') && attempts++ === 0) return Response.error();
      return Response.json({ result: 'success', msg: '', id: 5 });
    };
    const client = new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k', fetch, maxRetries: 0 });
    const params = { type: 'direct' as const, to: [9], content: 'x' };
    await expect(client.messages.send(params)).rejects.toThrow();
    await client.messages.send(params);
    expect(client.featureLevel).toBe(0);
    expect(requests).toEqual([
      'GET /api/v1/server_settings ',
      'GET /api/v1/server_settings ',
      'POST /api/v1/messages type=private&to=%5B9%5D&content=x',
    ]);
  });

  it('refuses a mock level outside what it can behave as', () => {
    for (const level of [OLDEST_MOCK_LEVEL - 1, MOCK_FEATURE_LEVEL + 1, 200.5]) {
      expect(() => createMockServer({ featureLevel: level })).toThrow(RangeError);
    }
    expect(createMockServer({ featureLevel: OLDEST_MOCK_LEVEL }).state.featureLevel).toBe(OLDEST_MOCK_LEVEL);
  });
});

describe('an older mock server reports its level', () => {
  it('in GET /server_settings and POST /register', async () => {
    const { client } = serverAt(150);
    expect((await client.server.getSettings()).zulip_feature_level).toBe(150);
    expect((await client.events.register({ event_types: ['message'] })).zulip_feature_level).toBe(150);
  });
});

describe('messages: direct (174), channel (248), the empty topic (334), read_by_sender (236)', () => {
  it('sends `private` below 174 and `direct` from 174; the old server refuses `direct`', async () => {
    const { mock, client } = serverAt(173);
    const iago = mock.store.userByDeliveryEmail(IAGO)?.id ?? 0;
    const { id } = await client.messages.send({ type: 'direct', to: [iago], content: 'old' });
    expect(lastRequest(mock).params).toMatchObject({ type: 'private' });
    expect(mock.store.tables.message.get(id)?.type).toBe('private');
    expect(await rawRequest(mock, HAMLET, 'POST', '/messages', { type: 'direct', to: `[${iago}]`, content: 'x' })).toEqual(
      badRequest('Invalid message type'),
    );
    const current = serverAt(174);
    await current.client.messages.send({ type: 'direct', to: [iago], content: 'new' });
    expect(lastRequest(current.mock).params).toMatchObject({ type: 'direct' });
  });

  it('sends `stream` below 248 and `channel` from 248; the old server refuses `channel`', async () => {
    const { mock, client } = serverAt(247);
    const { id } = await client.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'old' });
    expect(lastRequest(mock).params).toMatchObject({ type: 'stream' });
    expect(mock.store.tables.message.get(id)?.topic).toBe('t');
    expect(await rawRequest(mock, HAMLET, 'POST', '/messages', { type: 'channel', to: 'Verona', topic: 't', content: 'x' })).toEqual(
      badRequest('Invalid message type'),
    );
    const current = serverAt(248);
    await current.client.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'new' });
    expect(lastRequest(current.mock).params).toMatchObject({ type: 'channel' });
  });

  it('renames channel (250), dm and is:dm (177) in narrows for older servers, which refuse them', async () => {
    const { mock, client } = serverAt(176);
    const iago = mock.store.userByDeliveryEmail(IAGO)?.id ?? 0;
    await client.messages.list({ narrow: narrow().channel('Verona').not.topic('t'), anchor: 'newest', num_before: 1, num_after: 0 });
    expect(sentNarrow(mock)).toEqual([
      { operator: 'stream', operand: 'Verona' },
      { operator: 'topic', operand: 't', negated: true },
    ]);
    await client.messages.list({ narrow: narrow().dm([iago]), anchor: 'newest', num_before: 1, num_after: 0 });
    expect(sentNarrow(mock)).toEqual([{ operator: 'pm-with', operand: [iago] }]);
    await client.flags.updateForNarrow({ narrow: [['is', 'dm']], anchor: 'oldest', num_before: 0, num_after: 10, op: 'add', flag: 'read' });
    expect(sentNarrow(mock)).toEqual([['is', 'private']]);
    await client.messages.list({ narrow: [['channels', 'public']], anchor: 'newest', num_before: 1, num_after: 0 });
    expect(sentNarrow(mock)).toEqual([['streams', 'public']]);
    await client.events.register({ event_types: ['message'], narrow: [['channel', 'Verona'], ['is', 'dm']] });
    expect(sentNarrow(mock)).toEqual([['stream', 'Verona'], ['is', 'private']]);
    // Operators only: a channel name or an address that starts like an operator stays as it is,
    // and a term's keys may come in any order.
    // (The old server then refuses the unknown address; what was sent is the point.)
    const matching = client.messages.matchesNarrow({
      msg_ids: [1],
      narrow: [
        { operator: 'dm', operand: 'channel-news@example.com' },
        { operand: 'dm', negated: true, operator: 'is' },
        ['channel', 'channel'],
      ],
    });
    await expect(matching).rejects.toThrow();
    expect(sentNarrow(mock)).toEqual([
      { operator: 'pm-with', operand: 'channel-news@example.com' },
      { operand: 'private', negated: true, operator: 'is' },
      ['stream', 'channel'],
    ]);
    const current = serverAt(250);
    await current.client.messages.list({ narrow: narrow().channel('Verona'), anchor: 'newest', num_before: 1, num_after: 0 });
    expect(sentNarrow(current.mock)).toEqual([{ operator: 'channel', operand: 'Verona' }]);
  });

  it('refuses the empty topic before sending below 334, as the old server does', async () => {
    const { mock, client } = serverAt(333);
    const error = await unsupported(client.messages.send({ type: 'channel', to: 'Verona', topic: ' ', content: 'x' }));
    expect(error).toMatchObject({ operation: 'send-message', parameter: 'topic', neededLevel: 334, serverLevel: 333 });
    expect(error.message).toBe('send-message: parameter "topic" needs server feature level 334; the server has 333');
    expect(mock.journal.entries.map((entry) => entry.operation)).toEqual(['get-server-settings']);
    expect(await rawRequest(mock, HAMLET, 'POST', '/messages', { type: 'stream', to: 'Verona', topic: '', content: 'x' })).toEqual(
      badRequest("Topic can't be empty!"),
    );
    const current = serverAt(334);
    const { id } = await current.client.messages.send({ type: 'channel', to: 'Verona', topic: '', content: 'x' });
    expect(current.mock.store.tables.message.get(id)?.topic).toBe('');
  });

  it('refuses read_by_sender below 236, which the old server ignores', async () => {
    const { mock, client } = serverAt(235);
    const error = await unsupported(client.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'x', read_by_sender: true }));
    expect(error).toMatchObject({ parameter: 'read_by_sender', neededLevel: 236, serverLevel: 235 });
    const answer = await rawRequest(mock, HAMLET, 'POST', '/messages', { type: 'stream', to: 'Verona', topic: 't', content: 'x', read_by_sender: 'true' });
    expect(answer.body).toMatchObject({ result: 'success', ignored_parameters_unsupported: ['read_by_sender'] });
  });

  it('has no ignored_parameters_unsupported below 167', async () => {
    const { mock } = serverAt(166);
    const answer = await rawRequest(mock, HAMLET, 'POST', '/messages', { type: 'stream', to: 'Verona', topic: 't', content: 'x', nonsense: '1' });
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty('ignored_parameters_unsupported');
    const current = await rawRequest(serverAt(167).mock, HAMLET, 'POST', '/messages', { type: 'stream', to: 'Verona', topic: 't', content: 'x', nonsense: '1' });
    expect(current.body).toMatchObject({ ignored_parameters_unsupported: ['nonsense'] });
  });

  it('lists ignored parameters before 167 where the server first did: PATCH /settings from 78, PATCH /realm/user_settings_defaults from 96, POST /users/me/subscriptions/properties from 111', async () => {
    // The organization's defaults are new at 96 themselves: listed from the start.
    const cases = [
      ['PATCH', '/settings', [77, 78], HAMLET],
      ['PATCH', '/realm/user_settings_defaults', [96], IAGO],
      ['POST', '/users/me/subscriptions/properties', [110, 111], HAMLET],
    ] as const;
    for (const [method, path, levels, email] of cases) {
      const since = levels[levels.length - 1]!;
      for (const level of levels) {
        const { mock } = serverAt(level);
        const params: Record<string, string> = path.endsWith('properties') ? { subscription_data: '[]', nonsense: '1' } : { nonsense: '1' };
        const answer = await rawRequest(mock, email, method, path, params);
        expect([path, level, answer.status, answer.body.ignored_parameters_unsupported]).toEqual([path, level, 200, level >= since ? ['nonsense'] : undefined]);
      }
    }
  });

  it('the wildcard_mentioned flag alone below 224, beside the split flags from 224', async () => {
    for (const [level, expected] of [
      [223, ['wildcard_mentioned']],
      [224, ['stream_wildcard_mentioned', 'wildcard_mentioned']],
    ] as const) {
      const { mock, client } = serverAt(level, IAGO);
      const { id } = await client.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'hi @**all**' });
      const hamlet = mock.clientFor(HAMLET);
      const { message } = await hamlet.messages.get({ message_id: id }).catch(() => ({ message: undefined }));
      const { messages } = await hamlet.messages.list({ anchor: id, num_before: 0, num_after: 0 });
      const flags = messages[0]?.flags.filter((flag) => flag.includes('wildcard'));
      expect(flags).toEqual(expected);
      if (message) expect(message.flags.filter((flag) => flag.includes('wildcard'))).toEqual(expected);
    }
  });

  it('an operation newer than the server is refused before sending and absent on the server (GET /messages/{id}, 120)', async () => {
    const { mock, client } = serverAt(119);
    const error = await unsupported(client.messages.get({ message_id: 1 }));
    expect(error).toMatchObject({ operation: 'get-message', parameter: undefined, neededLevel: 120, serverLevel: 119 });
    expect(error.message).toBe('get-message needs server feature level 120; the server has 119');
    const answer = await rawRequest(mock, HAMLET, 'GET', '/messages/1');
    expect(answer).toEqual({ status: 405, body: { result: 'error', msg: 'Method Not Allowed', allowed_methods: ['PATCH', 'DELETE'] } });
    const drafts = await rawRequest(serverAt(86).mock, HAMLET, 'GET', '/drafts');
    expect(drafts).toEqual({ status: 404, body: {}, html: expect.stringContaining('<title>Page not found</title>') });
  });
});

describe('typing: direct (174), stream_id (215), channel (248), message edits (351, 361)', () => {
  async function typingQueue(mock: MockServer, email: string) {
    const client = mock.clientFor(email);
    const { queue_id, last_event_id } = await client.events.register({
      event_types: ['typing', 'typing_edit_message'],
      client_capabilities: { notification_settings_null: false, stream_typing_notifications: true },
    });
    return async () => (await client.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true })).events;
  }

  it('channel typing names the channel in `to` below 215 and in stream_id from 215', async () => {
    for (const [level, sent] of [
      [214, { type: 'stream', to: expect.stringMatching(/^\[\d+\]$/) }],
      [247, { type: 'stream', stream_id: expect.any(String) }],
      [248, { type: 'channel', stream_id: expect.any(String) }],
    ] as const) {
      const { mock, client } = serverAt(level);
      const othelloSees = await typingQueue(mock, 'othello@zulip.com');
      const verona = mock.store.channelByName('Verona')?.id ?? 0;
      await client.typing.set({ type: 'channel', op: 'start', stream_id: verona, topic: 'lunch' });
      expect(lastRequest(mock).params).toEqual({ op: 'start', topic: 'lunch', ...sent });
      expect(await othelloSees()).toMatchObject([{ type: 'typing', op: 'start', stream_id: verona, topic: 'lunch' }]);
    }
  });

  it('the old server takes `private` and a channel in `to`; the new one refuses both', async () => {
    const old = serverAt(214);
    const verona = String(old.mock.store.channelByName('Verona')?.id);
    const othello = String(old.mock.store.userByDeliveryEmail('othello@zulip.com')?.id);
    expect((await rawRequest(old.mock, HAMLET, 'POST', '/typing', { type: 'private', op: 'start', to: `[${othello}]` })).status).toBe(200);
    expect((await rawRequest(old.mock, HAMLET, 'POST', '/typing', { type: 'stream', op: 'start', to: `[${verona}]`, topic: 't' })).status).toBe(200);
    expect(await rawRequest(old.mock, HAMLET, 'POST', '/typing', { type: 'stream', op: 'start', stream_id: verona, topic: 't' })).toEqual(
      badRequest("Missing 'to' argument"),
    );
    expect(await rawRequest(old.mock, HAMLET, 'POST', '/typing', { type: 'direct', op: 'start', to: `[${othello}]` })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    expect(await rawRequest(serverAt(173).mock, HAMLET, 'POST', '/typing', { type: 'direct', op: 'start', to: `[${othello}]` })).toEqual(badRequest('Invalid type'));
    const current = serverAt(215).mock;
    expect(await rawRequest(current, HAMLET, 'POST', '/typing', { type: 'private', op: 'start', to: `[${othello}]` })).toEqual(badRequest('Invalid type'));
  });

  it('direct typing says `private` below 174', async () => {
    const { mock, client } = serverAt(173);
    await client.typing.set({ type: 'direct', op: 'start', to: [mock.store.userByDeliveryEmail(IAGO)?.id ?? 0] });
    expect(lastRequest(mock).params).toMatchObject({ type: 'private' });
  });

  it('channel typing below 58 and the empty topic below 334 are refused before sending', async () => {
    const { client } = serverAt(333);
    const error = await unsupported(client.typing.set({ type: 'channel', op: 'start', stream_id: 1, topic: '' }));
    expect(error).toMatchObject({ parameter: 'topic', neededLevel: 334 });
    const oldest = new ChatClient({ site: SITE, featureLevel: 57, fetch: () => Promise.reject(new Error('must not send')) });
    expect(await unsupported(oldest.typing.set({ type: 'stream', op: 'start', stream_id: 1, topic: 't' }))).toMatchObject({
      parameter: 'type',
      neededLevel: 58,
    });
  });

  it('message-edit typing goes to /message_edit_typing from 351 to 360, to /messages/{id}/typing from 361', async () => {
    for (const [level, path] of [
      [351, '/api/v1/message_edit_typing'],
      [360, '/api/v1/message_edit_typing'],
      [361, '/api/v1/messages/ID/typing'],
    ] as const) {
      const { mock, client } = serverAt(level);
      const { id } = await client.messages.send({ type: 'channel', to: 'Denmark', topic: 'edit', content: 'draft' });
      const othelloSees = await typingQueue(mock, 'othello@zulip.com');
      await client.typing.setForEdit({ message_id: id, op: 'start' });
      const sent = lastRequest(mock);
      expect(sent.path).toBe(path.replace('ID', String(id)));
      expect(sent.status).toBe(200);
      if (level < 361) expect(sent.params).toEqual({ message_id: String(id), op: 'start' });
      expect(await othelloSees()).toMatchObject([{ type: 'typing_edit_message', op: 'start', message_id: id }]);
    }
    const before = serverAt(350);
    const error = await unsupported(before.client.typing.setForEdit({ message_id: 1, op: 'start' }));
    expect(error).toMatchObject({ operation: 'set-typing-status-for-message-edit', neededLevel: 351, serverLevel: 350 });
    expect((await rawRequest(before.mock, HAMLET, 'POST', '/message_edit_typing', { message_id: '1', op: 'start' })).status).toBe(404);
    expect((await rawRequest(serverAt(355).mock, HAMLET, 'POST', '/messages/1/typing', { op: 'start' })).status).toBe(404);
  });
});

describe('channels: include_subscribers=partial (412), can_send_message_group (333)', () => {
  it('asks an old server for every subscriber instead of a partial list; the old server refuses `partial`', async () => {
    const { mock, client } = serverAt(411);
    const { subscriptions } = await client.subscriptions.list({ include_subscribers: 'partial' });
    expect(lastRequest(mock).params).toEqual({ include_subscribers: 'true' });
    expect(subscriptions.every((subscription) => Array.isArray(subscription.subscribers))).toBe(true);
    expect(await rawRequest(mock, HAMLET, 'GET', '/users/me/subscriptions?include_subscribers=partial')).toEqual(
      badRequest('include_subscribers is not valid JSON'),
    );
  });

  it('takes stream_post_policy below 333, as the old server did', async () => {
    const { mock, client } = serverAt(332, IAGO);
    const verona = mock.store.channelByName('Verona')?.id ?? 0;
    const answer = await rawRequest(mock, IAGO, 'PATCH', `/streams/${verona}`, { stream_post_policy: '2' });
    expect(answer.body).toEqual({ result: 'success', msg: '' });
    expect((await client.channels.get({ stream_id: verona })).stream).toMatchObject({ stream_post_policy: 2 });
    expect(await rawRequest(mock, IAGO, 'PATCH', `/streams/${verona}`, { stream_post_policy: '7' })).toEqual(badRequest('Invalid stream_post_policy'));
    const created = await rawRequest(mock, IAGO, 'POST', '/users/me/subscriptions', { subscriptions: '[{"name":"announcements"}]', stream_post_policy: '4' });
    expect(created.status).toBe(200);
    const announcements = mock.store.channelByName('announcements')?.id ?? 0;
    expect((await client.channels.get({ stream_id: announcements })).stream).toMatchObject({ stream_post_policy: 4 });
    const current = serverAt(333, IAGO);
    const ignored = await rawRequest(current.mock, IAGO, 'PATCH', `/streams/${verona}`, { stream_post_policy: '2', description: 'd' });
    expect(ignored.body).toMatchObject({ ignored_parameters_unsupported: ['stream_post_policy'] });
  });

  it('refuses can_send_message_group below 333, which the old server ignores', async () => {
    const { mock, client } = serverAt(332, IAGO);
    const verona = mock.store.channelByName('Verona')?.id ?? 0;
    const error = await unsupported(client.channels.update({ stream_id: verona, can_send_message_group: { new: 11 } }));
    expect(error).toMatchObject({ operation: 'update-stream', parameter: 'can_send_message_group', neededLevel: 333 });
    const answer = await rawRequest(mock, IAGO, 'PATCH', `/streams/${verona}`, { can_send_message_group: '{"new": 11}', description: 'd' });
    expect(answer.body).toMatchObject({ result: 'success', ignored_parameters_unsupported: ['can_send_message_group'] });
  });
});

describe('realm: playground url_prefix (196), linkifier url_template (176), roles (60)', () => {
  it('sends a playground url_template ending in {code} as url_prefix below 196', async () => {
    const { mock, client } = serverAt(195, IAGO);
    await client.realm.addPlayground({ name: 'Python', pygments_language: 'python', url_template: 'https://play.example/?code={code}' });
    expect(lastRequest(mock).params).toEqual({ name: 'Python', pygments_language: 'python', url_prefix: 'https://play.example/?code=' });
    expect(mock.store.tables.realmPlayground.all().map((playground) => playground.url_template)).toEqual([
      'https://play.example/?code={code}',
    ]);
    const error = await unsupported(
      client.realm.addPlayground({ name: 'Go', pygments_language: 'go', url_template: 'https://play.example/{code}/run' }),
    );
    expect(error).toMatchObject({ parameter: 'url_template', neededLevel: 196, serverLevel: 195 });
    expect(await rawRequest(mock, IAGO, 'POST', '/realm/playgrounds', { name: 'Go', pygments_language: 'go', url_template: 'x{code}' })).toEqual({
      status: 400,
      body: { result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'url_prefix' argument", var_name: 'url_prefix' },
    });
  });

  it('refuses a linkifier url_template below 176; the old server takes url_format_string', async () => {
    const { mock, client } = serverAt(175, IAGO);
    const error = await unsupported(client.linkifiers.add({ pattern: '#(?P<id>[0-9]+)', url_template: 'https://t.example/{id}' }));
    expect(error).toMatchObject({ operation: 'add-linkifier', parameter: 'url_template', neededLevel: 176, serverLevel: 175 });
    const answer = await rawRequest(mock, IAGO, 'POST', '/realm/filters', {
      pattern: '#(?P<id>[0-9]+)',
      url_format_string: 'https://t.example/%%7E/%(id)s',
    });
    expect(answer.body).toMatchObject({ result: 'success' });
    expect(mock.store.linkifiers.all().map((linkifier) => linkifier.url_template)).toEqual(['https://t.example/%7E/{id}']);
  });

  it('refuses the moderator role below 60 and new_email below 285', async () => {
    const client = new ChatClient({ site: SITE, featureLevel: 59, fetch: () => Promise.reject(new Error('must not send')) });
    expect(await unsupported(client.users.update({ user_id: 10, role: 300 }))).toMatchObject({ parameter: 'role', neededLevel: 60 });
    const newer = new ChatClient({ site: SITE, featureLevel: 284, fetch: () => Promise.reject(new Error('must not send')) });
    expect(await unsupported(newer.users.update({ user_id: 10, new_email: 'a@b.c' }))).toMatchObject({ parameter: 'new_email', neededLevel: 285 });
  });
});

describe('parameters newer than their operation', () => {
  const recorded = () => {
    const sent: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(`${request.method} ${request.url.replace(SITE, '')} ${await request.text()}`);
      return Response.json({ result: 'success', msg: '', messages: [], anchor: 1, found_anchor: false, found_oldest: true, found_newest: true, history_limited: false });
    };
    return { sent, fetch };
  };

  it('include_anchor (155): true is dropped for an older server, false is refused', async () => {
    const { sent, fetch } = recorded();
    const client = new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k', fetch, featureLevel: 154, validate: 'off' });
    await client.messages.list({ anchor: 10, num_before: 5, num_after: 0, include_anchor: true });
    expect(sent).toEqual(['GET /api/v1/messages?anchor=10&num_before=5&num_after=0 ']);
    expect(await unsupported(client.messages.list({ anchor: 10, num_before: 5, num_after: 0, include_anchor: false }))).toMatchObject({
      parameter: 'include_anchor',
      neededLevel: 155,
    });
  });

  it('is_web_public (98) and is_default_stream (200) are refused below their levels; the old mock ignores them', async () => {
    const { mock, client } = serverAt(199, IAGO);
    const verona = mock.store.channelByName('Verona')?.id ?? 0;
    expect(await unsupported(client.channels.update({ stream_id: verona, is_default_stream: true }))).toMatchObject({
      parameter: 'is_default_stream',
      neededLevel: 200,
    });
    const answer = await rawRequest(mock, IAGO, 'PATCH', `/streams/${verona}`, { is_default_stream: 'true', description: 'd' });
    expect(answer.body).toMatchObject({ result: 'success', ignored_parameters_unsupported: ['is_default_stream'] });
    expect(mock.state.realm.default_channel_ids).not.toContain(verona);
  });
});

describe('parameters an older server ignores: refused below their levels', () => {
  it('GET /users user_ids (384), PATCH /messages prev_content_sha256 (379)', async () => {
    const { mock, client } = serverAt(383, IAGO);
    expect(await unsupported(client.users.list({ user_ids: [8] }))).toMatchObject({
      operation: 'get-users',
      parameter: 'user_ids',
      neededLevel: 384,
      serverLevel: 383,
    });
    expect(mock.journal.entries.map((entry) => entry.operation)).not.toContain('get-users');
    await client.users.list();
    const beforeSha = serverAt(378, IAGO);
    const sent = await beforeSha.client.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'one' });
    expect(
      await unsupported(beforeSha.client.messages.update({ message_id: sent.id, content: 'two', prev_content_sha256: '0'.repeat(64) })),
    ).toMatchObject({ operation: 'update-message', parameter: 'prev_content_sha256', neededLevel: 379 });
    expect(beforeSha.mock.journal.entries.map((entry) => entry.operation)).not.toContain('update-message');
    const current = serverAt(384, IAGO);
    await current.client.users.list({ user_ids: [8] });
    expect(lastRequest(current.mock).params).toEqual({ user_ids: '[8]' });
  });

  it('PATCH /streams is_archived (388); subscribe send_new_subscription_messages (397)', async () => {
    const { mock, client } = serverAt(387, IAGO);
    const verona = mock.store.channelByName('Verona')?.id ?? 0;
    expect(await unsupported(client.channels.update({ stream_id: verona, is_archived: false }))).toMatchObject({
      operation: 'update-stream',
      parameter: 'is_archived',
      neededLevel: 388,
    });
    expect(
      await unsupported(client.subscriptions.add({ subscriptions: [{ name: 'Verona' }], send_new_subscription_messages: false })),
    ).toMatchObject({ operation: 'subscribe', parameter: 'send_new_subscription_messages', neededLevel: 397 });
  });

  it('channel can_administer_channel_group (325), can_add_subscribers_group (342), can_subscribe_group (357), in subscribe and update', async () => {
    for (const [param, level] of [
      ['can_administer_channel_group', 325],
      ['can_add_subscribers_group', 342],
      ['can_subscribe_group', 357],
    ] as const) {
      const { mock, client } = serverAt(level - 1, IAGO);
      const verona = mock.store.channelByName('Verona')?.id ?? 0;
      expect(await unsupported(client.channels.update({ stream_id: verona, [param]: { new: 11 } }))).toMatchObject({
        operation: 'update-stream',
        parameter: param,
        neededLevel: level,
      });
      expect(await unsupported(client.subscriptions.add({ subscriptions: [{ name: 'new one' }], [param]: 11 }))).toMatchObject({
        operation: 'subscribe',
        parameter: param,
        neededLevel: level,
      });
      expect(mock.journal.entries.map((entry) => entry.operation)).not.toContain('subscribe');
    }
  });
});

describe('ApiClient.call encodes for the level like the resource methods', () => {
  it('downgrades the same way', async () => {
    const { mock } = serverAt(173);
    const client = mock.clientFor(HAMLET);
    await client.call(sendMessage, { type: 'direct', to: [mock.store.userByDeliveryEmail(IAGO)?.id ?? 0], content: 'x' });
    expect(lastRequest(mock).params).toMatchObject({ type: 'private' });
  });
});

describe('user groups: allow_deactivated below 294; uploads: uri alone below 272, no filename below 286', () => {
  function deactivateHamletCharacters(mock: MockServer) {
    const group = mock.store.userGroupByName('hamletcharacters');
    if (group) mock.store.tables.userGroup.update(group.id, { deactivated: true });
  }

  it('asks for deactivated groups with allow_deactivated below 294 and include_deactivated_groups from 294', async () => {
    for (const [level, name] of [
      [293, 'allow_deactivated'],
      [294, 'include_deactivated_groups'],
    ] as const) {
      const { mock, client } = serverAt(level);
      deactivateHamletCharacters(mock);
      const { user_groups } = await client.userGroups.list({ include_deactivated_groups: true });
      expect(user_groups.map((group) => group.name)).toContain('hamletcharacters');
      expect(lastRequest(mock).params).toEqual({ [name]: 'true' });
      const withoutThem = await client.userGroups.list();
      expect(withoutThem.user_groups.map((group) => group.name)).not.toContain('hamletcharacters');
    }
  });

  it('the old server ignores include_deactivated_groups and the new one allow_deactivated', async () => {
    const old = serverAt(293);
    deactivateHamletCharacters(old.mock);
    const ignored = await rawRequest(old.mock, HAMLET, 'GET', '/user_groups?include_deactivated_groups=true');
    expect((ignored.body.user_groups as { name: string }[]).map((group) => group.name)).not.toContain('hamletcharacters');
    const current = serverAt(294);
    deactivateHamletCharacters(current.mock);
    const unknown = await rawRequest(current.mock, HAMLET, 'GET', '/user_groups?allow_deactivated=true');
    expect(unknown.body).toMatchObject({ ignored_parameters_unsupported: ['allow_deactivated'] });
  });

  it('group permission settings and subgroups wait for the levels that brought them; the rest of a group works on older servers', async () => {
    const { mock, client } = serverAt(300);
    const members = [mock.store.userByDeliveryEmail(HAMLET)?.id ?? 0];
    const leave = await unsupported(client.userGroups.create({ name: 'old', description: '', members, can_leave_group: 1 }));
    expect({ parameter: leave.parameter, needed: leave.neededLevel }).toEqual({ parameter: 'can_leave_group', needed: 308 });
    const subgroups = await unsupported(client.userGroups.create({ name: 'old', description: '', members, subgroups: [1] }));
    expect({ parameter: subgroups.parameter, needed: subgroups.neededLevel }).toEqual({ parameter: 'subgroups', needed: 311 });
    const allMembers = mock.store.userGroupByName('role:members')?.id ?? 0;
    // Servers before 317 do not answer the new group's ID.
    expect(await client.userGroups.create({ name: 'old', description: '', members, can_manage_group: allMembers })).toEqual({});
    const group_id = mock.store.userGroupByName('old')?.id ?? 0;
    const addSubgroups = await unsupported(client.userGroups.updateMembers({ user_group_id: group_id, add_subgroups: [1] }));
    expect(addSubgroups.neededLevel).toBe(311);
    await client.userGroups.update({ user_group_id: group_id, description: 'still works' });
    expect(mock.store.tables.userGroup.get(group_id)?.description).toBe('still works');
  });

  /** A group hamlet creates on a server of `level` and then deactivates; its ID. */
  async function deactivatedGroup(level: number) {
    const server = serverAt(level);
    const members = [server.mock.store.userByDeliveryEmail(HAMLET)?.id ?? 0];
    const { group_id = 0 } = await server.client.userGroups.create({ name: 'retired', description: '', members });
    await server.client.userGroups.deactivate({ user_group_id: group_id });
    return { ...server, id: group_id, isDeactivated: () => server.mock.store.tables.userGroup.get(group_id)?.deactivated };
  }

  it('reactivation (deactivated: false) is new in 386: older servers ignore the parameter; the SDK refuses it first', async () => {
    const old = await deactivatedGroup(385);
    expect(await rawRequest(old.mock, HAMLET, 'PATCH', `/user_groups/${old.id}`, { deactivated: 'false' })).toEqual(badRequest('No new data supplied'));
    const renamed = await rawRequest(old.mock, HAMLET, 'PATCH', `/user_groups/${old.id}`, { deactivated: 'false', name: 'renamed' });
    expect(renamed.body).toMatchObject({ result: 'success', ignored_parameters_unsupported: ['deactivated'] });
    expect(old.isDeactivated()).toBe(true);
    const refused = await unsupported(old.client.userGroups.update({ user_group_id: old.id, deactivated: false }));
    expect({ parameter: refused.parameter, needed: refused.neededLevel }).toEqual({ parameter: 'deactivated', needed: 386 });
    const current = await deactivatedGroup(386);
    expect((await rawRequest(current.mock, HAMLET, 'PATCH', `/user_groups/${current.id}`, { deactivated: 'false' })).body).toMatchObject({ result: 'success' });
    expect(current.isDeactivated()).toBe(false);
  });

  it("a deactivated group's members and subgroups change from 391; before, 'User group is deactivated.'", async () => {
    const old = await deactivatedGroup(390);
    const othello = String(old.mock.store.userByDeliveryEmail('othello@zulip.com')?.id);
    const hamlet = String(old.mock.store.userByDeliveryEmail(HAMLET)?.id);
    const subgroup = String(old.mock.store.userGroupByName('hamletcharacters')?.id);
    for (const [path, params] of [
      ['members', { add: `[${othello}]` }],
      ['members', { delete: `[${hamlet}]` }],
      ['members', { add_subgroups: `[${subgroup}]` }],
      ['subgroups', { add: `[${subgroup}]` }],
    ] as const) {
      expect(await rawRequest(old.mock, HAMLET, 'POST', `/user_groups/${old.id}/${path}`, params)).toEqual(badRequest('User group is deactivated.'));
    }
    expect(old.mock.store.tables.userGroup.get(old.id)).toMatchObject({ members: [Number(hamlet)], direct_subgroup_ids: [] });
    const current = await deactivatedGroup(391);
    await current.client.userGroups.updateMembers({ user_group_id: current.id, add: [Number(othello)], delete: [Number(hamlet)], add_subgroups: [Number(subgroup)] });
    await current.client.userGroups.updateSubgroups({ user_group_id: current.id, delete: [Number(subgroup)] });
    expect(current.mock.store.tables.userGroup.get(current.id)).toMatchObject({ members: [Number(othello)], direct_subgroup_ids: [] });
  });

  it('an upload answers uri alone below 272, url and uri from 272, and filename from 286 (the level the server bumped for it; the reference says 285)', async () => {
    const answers = [];
    for (const level of [271, 272, 285, 286]) {
      const { client } = serverAt(level);
      answers.push(Object.keys(await client.uploads.upload(new File(['x'], 'x.txt'))).sort());
    }
    expect(answers).toEqual([['uri'], ['uri', 'url'], ['uri', 'url'], ['filename', 'uri', 'url']]);
  });

  it('the resumable endpoint is absent below 296 (404 like any unknown path) and there from 296 (tusd answers OPTIONS 200)', async () => {
    const statuses = [];
    for (const level of [295, 296]) {
      const { mock } = serverAt(level);
      const response = await mock.fetch(`${SITE}/api/v1/tus`, { method: 'OPTIONS' });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([404, 200]);
  });
});

describe('scheduled messages: list and delete (173), create (179), edit (184), channel (248)', () => {
  const at = () => Math.floor(Date.now() / 1000) + 3600;

  it('create and edit are refused before sending below their levels, and absent on the old server', async () => {
    const { mock, client } = serverAt(178);
    expect((await client.scheduledMessages.list()).scheduled_messages).toEqual([]);
    const error = await unsupported(client.scheduledMessages.create({ type: 'direct', to: [1], content: 'x', scheduled_delivery_timestamp: at() }));
    expect(error).toMatchObject({ operation: 'create-scheduled-message', neededLevel: 179, serverLevel: 178 });
    expect(await rawRequest(mock, HAMLET, 'POST', '/scheduled_messages')).toEqual({
      status: 405,
      body: { result: 'error', msg: 'Method Not Allowed', allowed_methods: ['GET', 'HEAD'] },
    });
    const before184 = serverAt(183);
    const refused = await unsupported(before184.client.scheduledMessages.update({ scheduled_message_id: 1, content: 'x' }));
    expect(refused).toMatchObject({ operation: 'update-scheduled-message', neededLevel: 184, serverLevel: 183 });
  });

  it('sends `stream` below 248; the old server refuses `channel`', async () => {
    const { mock, client } = serverAt(247);
    const verona = mock.store.channelByName('Verona')?.id as number;
    await client.scheduledMessages.create({ type: 'channel', to: verona, topic: 't', content: 'x', scheduled_delivery_timestamp: at() });
    expect(lastRequest(mock).params).toMatchObject({ type: 'stream' });
    const answer = await rawRequest(mock, HAMLET, 'POST', '/scheduled_messages', {
      type: 'channel',
      to: String(verona),
      topic: 't',
      content: 'x',
      scheduled_delivery_timestamp: String(at()),
    });
    expect(answer).toEqual(badRequest('Invalid type'));
  });
});

describe('reminders: create (381), list, delete, events and register state (399), note (415)', () => {
  const at = () => Math.floor(Date.now() / 1000) + 3600;
  const sendOne = async (client: ChatClient) => (await client.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'x' })).id;

  it('is absent below 381: the SDK refuses, the old server has no such route', async () => {
    const { mock, client } = serverAt(380);
    const error = await unsupported(client.reminders.create({ message_id: 1, scheduled_delivery_timestamp: at() }));
    expect(error).toMatchObject({ operation: 'create-message-reminder', neededLevel: 381, serverLevel: 380 });
    expect((await rawRequest(mock, HAMLET, 'POST', '/reminders', { message_id: '1', scheduled_delivery_timestamp: String(at()) })).status).toBe(404);
  });

  it('from 381 to 398: reminders are created and delivered, but neither listed, deletable, registered nor sent as events', async () => {
    const { mock, client } = serverAt(398);
    const { queue_id, last_event_id, ...state } = await client.events.register({ event_types: ['reminders', 'realm'] });
    expect(state).not.toHaveProperty('reminders');
    expect(state).not.toHaveProperty('max_reminder_note_length');
    const { reminder_id } = await client.reminders.create({ message_id: await sendOne(client), scheduled_delivery_timestamp: Math.floor(mock.clock.now() / 1000) + 60 });
    expect((await client.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true })).events).toEqual([]);
    expect(await unsupported(client.reminders.list())).toMatchObject({ operation: 'get-reminders', neededLevel: 399 });
    expect(await unsupported(client.reminders.delete({ reminder_id }))).toMatchObject({ operation: 'delete-reminder', neededLevel: 399 });
    expect(await rawRequest(mock, HAMLET, 'GET', '/reminders')).toEqual({ status: 405, body: { result: 'error', msg: 'Method Not Allowed', allowed_methods: ['POST'] } });
    mock.clock.advance(60_000);
    expect((await client.messages.get({ message_id: (await client.messages.list({ anchor: 'newest', num_before: 1, num_after: 0 })).messages[0]?.id ?? 0 })).message).toMatchObject({
      sender_email: 'notification-bot@zulip.com',
    });
  });

  it('below 415 `note` is unknown: the SDK refuses to send it, the old server ignores it', async () => {
    const { mock, client } = serverAt(414);
    const messageId = await sendOne(client);
    expect(await unsupported(client.reminders.create({ message_id: messageId, scheduled_delivery_timestamp: at(), note: 'n' }))).toMatchObject({ neededLevel: 415 });
    const answer = await rawRequest(mock, HAMLET, 'POST', '/reminders', { message_id: String(messageId), scheduled_delivery_timestamp: String(at()), note: 'n' });
    expect(answer).toEqual({ status: 200, body: { result: 'success', msg: '', reminder_id: expect.any(Number) as number, ignored_parameters_unsupported: ['note'] } });
    const [reminder] = (await client.reminders.list()).reminders;
    expect(reminder?.content).not.toContain('Note:');
    const state = await client.events.register({ event_types: ['reminders', 'realm'] });
    expect(state.reminders).toHaveLength(1);
    expect(state).not.toHaveProperty('max_reminder_note_length');
  });
});
