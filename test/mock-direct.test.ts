import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { createMockServer } from '../mock/index';
import { ChatClient, NetworkError, StreamDoesNotExistError } from '../src/index';
import { recordExchange } from './support/contract';

const fresh = (baseUrl?: string) =>
  createMockServer({ clock: new ManualClock(), onExchange: recordExchange, ...(baseUrl ? { baseUrl } : {}) });

describe('mock.fetch and mock.clientFor: the realm without interception', () => {
  it('clientFor acts as a seeded user through the direct path, with the SDK’s typed results and errors', async () => {
    const mock = fresh();
    const hamlet = mock.clientFor('hamlet@zulip.com');
    expect(hamlet).toBeInstanceOf(ChatClient);
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'direct', content: 'Hi *all*' });
    const { message } = await mock.clientFor('iago@zulip.com').messages.get({ message_id: id });
    expect(message).toMatchObject({ sender_email: 'hamlet@zulip.com', content: '<p>Hi <em>all</em></p>' });
    await expect(hamlet.messages.send({ type: 'channel', to: 'Atlantis', topic: 't', content: 'x' })).rejects.toBeInstanceOf(
      StreamDoesNotExistError,
    );
    expect(() => mock.clientFor('nobody@zulip.com')).toThrow(/no user with email 'nobody@zulip.com'/);
  });

  it('answers raw requests exactly as the handlers do, error envelopes included', async () => {
    const mock = fresh();
    const auth = `Basic ${btoa(`iago@zulip.com:${mock.apiKeyOf('iago@zulip.com')}`)}`;
    const response = await mock.fetch('http://anywhere.test/api/v1/messages/999999', { headers: { Authorization: auth } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
  });

  it('a request no handler answers fails like a network error', async () => {
    const mock = fresh('http://chat.test');
    await expect(mock.fetch('http://elsewhere.test/api/v1/users/me')).rejects.toThrow(
      'fetch failed: the mock has no handler for GET http://elsewhere.test/api/v1/users/me (it answers http://chat.test)',
    );
    const client = new ChatClient({ site: 'http://elsewhere.test', email: 'iago@zulip.com', apiKey: 'k', fetch: mock.fetch, maxRetries: 0 });
    await expect(client.users.me()).rejects.toBeInstanceOf(NetworkError);
  });

  it('an aborted long-poll rejects with the abort reason and stops waiting on the queue', async () => {
    const mock = fresh();
    const iago = mock.clientFor('iago@zulip.com');
    const { queue_id, last_event_id } = await iago.events.register({ event_types: ['message'] });
    const stop = new AbortController();
    const poll = iago.events.get({ queue_id: queue_id ?? '', last_event_id: last_event_id ?? -1 }, { signal: stop.signal });
    await expect.poll(() => mock.state.events.queues()[0]?.isWaiting).toBe(true);
    stop.abort(new Error('leaving'));
    await expect(poll).rejects.toThrow('leaving');
    await expect.poll(() => mock.state.events.queues()[0]?.isWaiting).toBe(false);
  });
});

describe('mock.journal', () => {
  it('records each answered request: operation, caller, parameters with secrets redacted, status and error code', async () => {
    const mock = fresh();
    const hamlet = mock.clientFor('hamlet@zulip.com');
    await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'journal', content: 'hi' });
    await hamlet.messages.send({ type: 'channel', to: 'Atlantis', topic: 'journal', content: 'x' }).catch(() => undefined);
    await new ChatClient({ site: 'http://any.test', fetch: mock.fetch, maxRetries: 0 }).server
      .fetchApiKey({ username: 'hamlet@zulip.com', password: 'not-the-password' })
      .catch(() => undefined);
    expect(mock.journal.entries.map(({ at: _at, ...entry }) => entry)).toEqual([
      {
        operation: 'send-message',
        method: 'POST',
        path: '/api/v1/messages',
        user: 'hamlet@zulip.com',
        params: { type: 'channel', to: 'Verona', topic: 'journal', content: 'hi' },
        status: 200,
        code: undefined,
      },
      expect.objectContaining({ operation: 'send-message', status: 400, code: 'STREAM_DOES_NOT_EXIST' }),
      {
        operation: 'fetch-api-key',
        method: 'POST',
        path: '/api/v1/fetch_api_key',
        user: undefined,
        params: { username: 'hamlet@zulip.com', password: '[redacted]' },
        status: 401,
        code: 'AUTHENTICATION_FAILED',
      },
    ]);
    mock.journal.clear();
    expect(mock.journal.entries).toEqual([]);
  });

  it('keeps the newest 10,000 entries', () => {
    const mock = fresh();
    for (let index = 0; index < 25_000; index++) {
      mock.journal.record({ operation: 'x', method: 'GET', path: `/${index}`, user: undefined, params: [], status: 200, code: undefined, at: 0 });
    }
    expect(mock.journal.entries).toHaveLength(10_000);
    expect(mock.journal.entries[0]?.path).toBe('/15000');
    expect(mock.journal.entries.at(-1)?.path).toBe('/24999');
  });
});
