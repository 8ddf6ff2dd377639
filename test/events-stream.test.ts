import { describe, expect, it } from 'vitest';
import { type ChatClient, type StreamEvent, UnauthorizedError, UnexpectedResponseError } from '../src/index';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

/** Lets the stream reach its long-poll (a few event-loop turns through MSW). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

function send(client: ChatClient, content: string, topic = 'stream') {
  return client.messages.send({ type: 'stream', to: 'Verona', topic, content });
}

describe('client.events.stream()', () => {
  it('yields the registration, then events in order without heartbeats; break deletes the queue', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    const stream = hamlet.events.stream({ event_types: ['message'] });
    const first = await stream.next();
    expect(first.value).toMatchObject({ type: 'registered', reason: 'start', state: { last_event_id: -1 } });
    expect(realm.mock.state.events.queues()).toHaveLength(1);
    const next = stream.next();
    await settle();
    realm.clock.advance(55_000); // a heartbeat, which the stream hides
    await settle();
    await send(iago, 'one');
    await send(iago, 'two');
    const received: StreamEvent[] = [(await next).value as StreamEvent];
    for await (const event of stream) {
      received.push(event);
      if (received.length === 2) break;
    }
    expect(received.map((event) => event.type === 'message' && event.message.content)).toEqual(['one', 'two']);
    expect(realm.mock.state.events.queues()).toEqual([]);
  });

  it("types its register option as events.register's parameters: client_capabilities needs notification_settings_null", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    // The option was a Record<string, unknown>: this compiled and the first registration failed.
    // @ts-expect-error -- notification_settings_null is required, as the server requires it
    const refused = hamlet.events.stream({ register: { client_capabilities: { stream_typing_notifications: true } } });
    await expect(refused.next()).rejects.toMatchObject({ code: 'BAD_REQUEST', msg: 'client_capabilities["notification_settings_null"] field is missing: Field required' });
    const stream = hamlet.events.stream({
      register: { apply_markdown: true, client_capabilities: { notification_settings_null: true, stream_typing_notifications: true } },
    });
    expect((await stream.next()).value).toMatchObject({ type: 'registered', reason: 'start' });
    await stream.return(undefined);
  });

  it('ends quietly when its signal aborts, and deletes the queue', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const controller = new AbortController();
    const seen: string[] = [];
    const loop = (async () => {
      for await (const event of hamlet.events.stream({ signal: controller.signal })) seen.push(event.type);
    })();
    while (!realm.mock.state.events.queues().some((queue) => queue.isWaiting)) await settle();
    controller.abort();
    await loop;
    expect(seen).toEqual(['registered']);
    expect(realm.mock.state.events.queues()).toEqual([]);
  });

  it('re-registers when the server lost the queue and says so with a typed event', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const stream = hamlet.events.stream({ event_types: ['message'] });
    const first = (await stream.next()).value as StreamEvent;
    const lost = stream.next();
    await settle();
    // The server forgets every queue of the user (as after a restart).
    realm.mock.state.events.deleteAllOf(realm.userId('hamlet@zulip.com'));
    const again = (await lost).value as StreamEvent;
    expect(again).toMatchObject({ type: 'registered', reason: 'queue_lost' });
    expect(again.type === 'registered' && again.state.queue_id).not.toBe(
      first.type === 'registered' && first.state.queue_id,
    );
    const next = stream.next();
    await settle();
    await send(realm.clientFor('iago@zulip.com'), 'after');
    expect((await next).value).toMatchObject({ type: 'message', message: { content: 'after' } });
    await stream.return(undefined);
    expect(realm.mock.state.events.queues()).toEqual([]);
  });

  it("registers again through the 5xx pages nginx serves while the app server restarts, instead of ending", async () => {
    let restarting = 0;
    const nginx: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/register') && restarting-- > 0) {
        return Promise.resolve(new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
      }
      return fetch(input, init);
    };
    const hamlet = realm.clientFor('hamlet@zulip.com', { fetch: nginx, maxRetries: 0 });
    const stream = hamlet.events.stream({ event_types: ['message'], retryDelayMs: 10 });
    await stream.next();
    const lost = stream.next();
    await settle();
    restarting = 3;
    realm.mock.state.events.deleteAllOf(realm.userId('hamlet@zulip.com'));
    expect((await lost).value).toMatchObject({ type: 'registered', reason: 'queue_lost' });
    expect(restarting).toBe(-1);
    const next = stream.next();
    await settle();
    await send(realm.clientFor('iago@zulip.com'), 'after the restart');
    expect((await next).value).toMatchObject({ type: 'message', message: { content: 'after the restart' } });
    await stream.return(undefined);
  });

  it("waits the retry-after of a rate-limited poll, however short its own backoff", async () => {
    const polls: number[] = [];
    const limited: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/events?')) {
        polls.push(Date.now());
        if (polls.length === 1) {
          const body = { result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': 0.4 };
          return Promise.resolve(Response.json(body, { status: 429, headers: { 'Retry-After': '0.4' } }));
        }
      }
      return fetch(input, init);
    };
    const stream = realm.clientFor('hamlet@zulip.com', { fetch: limited }).events.stream({ event_types: ['message'], retryDelayMs: 10 });
    await stream.next();
    const next = stream.next();
    await new Promise((resolve) => setTimeout(resolve, 600));
    await send(realm.clientFor('iago@zulip.com'), 'after the wait');
    expect((await next).value).toMatchObject({ type: 'message', message: { content: 'after the wait' } });
    expect((polls[1] ?? 0) - (polls[0] ?? 0)).toBeGreaterThanOrEqual(390);
    await stream.return(undefined);
  });

  it('re-registers after its queue expired on the mock clock while the caller was not reading', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const stream = hamlet.events.stream({ event_types: ['message'] });
    await stream.next();
    // Between two reads nothing polls, so the queue idles past its 600 s lifespan.
    realm.clock.advance(600_001);
    expect((await stream.next()).value).toMatchObject({ type: 'registered', reason: 'queue_lost' });
    await stream.return(undefined);
    expect(realm.mock.state.events.queues()).toEqual([]);
  });

  it('waits out a server that answers 503 at the start (restarting behind its proxy) and reports each wait to onRetry', async () => {
    let down = 3;
    const restarting: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/register') && down-- > 0) {
        // A connection reset once the site has answered is waited out too.
        if (down === 0) return Promise.reject(new TypeError('fetch failed', { cause: new Error('read ECONNRESET') }));
        return Promise.resolve(Response.json({ result: 'error', msg: 'Service unavailable' }, { status: 503 }));
      }
      return fetch(input, init);
    };
    const retries: { operation: string; error: string; failures: number }[] = [];
    const stream = realm.clientFor('hamlet@zulip.com', { fetch: restarting }).events.stream({
      event_types: ['message'],
      retryDelayMs: 10,
      onRetry: ({ operation, error, failures, delayMs }) => {
        expect(delayMs).toBeGreaterThanOrEqual(5);
        retries.push({ operation, error: (error as Error).name, failures });
      },
    });
    expect((await stream.next()).value).toMatchObject({ type: 'registered', reason: 'start' });
    expect(retries).toEqual([
      { operation: 'register', error: 'ServerError', failures: 1 },
      { operation: 'register', error: 'ServerError', failures: 2 },
      { operation: 'register', error: 'NetworkError', failures: 3 },
    ]);
    const next = stream.next();
    await settle();
    await send(realm.clientFor('iago@zulip.com'), 'up again');
    expect((await next).value).toMatchObject({ type: 'message', message: { content: 'up again' } });
    await stream.return(undefined);
  });

  it("waits out a failed connection after a 503 within one registration's retries (the site answered)", async () => {
    let registers = 0;
    const restarting: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/register') && ++registers <= 3) {
        if (registers === 1) return Promise.resolve(Response.json({ result: 'error', msg: 'Service unavailable' }, { status: 503 }));
        return Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9991') }));
      }
      return fetch(input, init);
    };
    const retries: string[] = [];
    const stream = realm.clientFor('hamlet@zulip.com', { fetch: restarting, maxRetries: 2 }).events.stream({
      event_types: ['message'],
      retryDelayMs: 10,
      onRetry: ({ operation, error }) => retries.push(`${operation}: ${(error as Error).name}`),
    });
    expect((await stream.next()).value).toMatchObject({ type: 'registered', reason: 'start' });
    expect([registers, retries]).toEqual([4, ['register: ServerError', 'register: NetworkError', 'register: NetworkError']]);
    await stream.return(undefined);
  });

  it('ends at once with NetworkError when the site never answered (a wrong site, a server not started)', async () => {
    let attempts = 0;
    const refused: typeof fetch = () => {
      attempts++;
      return Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9991') }));
    };
    const retries: string[] = [];
    const stream = realm.clientFor('hamlet@zulip.com', { fetch: refused }).events.stream({
      retryDelayMs: 10,
      onRetry: ({ operation }) => retries.push(operation),
    });
    await expect(stream.next()).rejects.toMatchObject({ name: 'NetworkError', message: 'register-queue: network error: connect ECONNREFUSED 127.0.0.1:9991' });
    expect([attempts, retries]).toEqual([1, []]);
  });

  it('reports a failed poll to onRetry as a poll', async () => {
    let failures = 1;
    const flaky: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/events?') && failures-- > 0) return Promise.reject(new TypeError('connection reset'));
      return fetch(input, init);
    };
    const retries: string[] = [];
    const stream = realm.clientFor('hamlet@zulip.com', { fetch: flaky }).events.stream({
      event_types: ['message'],
      retryDelayMs: 10,
      onRetry: ({ operation, error }) => retries.push(`${operation}: ${(error as Error).name}`),
    });
    await stream.next();
    const next = stream.next();
    await settle();
    await send(realm.clientFor('iago@zulip.com'), 'after the reset');
    expect((await next).value).toMatchObject({ type: 'message', message: { content: 'after the reset' } });
    expect(retries).toEqual(['poll: NetworkError']);
    await stream.return(undefined);
  });

  it('ends at once when onRetry aborts its signal (a caller giving up after some failures), not after the wait', async () => {
    const flaky: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/events?')) return Promise.reject(new TypeError('fetch failed', { cause: new Error('read ECONNRESET') }));
      return fetch(input, init);
    };
    const stop = new AbortController();
    const stream = realm.clientFor('hamlet@zulip.com', { fetch: flaky }).events.stream({
      event_types: ['message'],
      signal: stop.signal,
      retryDelayMs: 20_000,
      onRetry: () => stop.abort(),
    });
    await stream.next();
    const started = Date.now();
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(realm.mock.state.events.queues()).toEqual([]);
  });

  it('stops within about 5 s when deleting its queue gets no answer, with one attempt', async () => {
    let deletes = 0;
    const stalledDelete: typeof fetch = (input, init) => {
      const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
      const url = input instanceof Request ? input.url : String(input);
      if (method === 'DELETE' && url.includes('/events')) {
        deletes++;
        // Never answers; only the attempt's timeout ends it.
        return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      }
      return fetch(input, init);
    };
    const stream = realm.clientFor('hamlet@zulip.com', { fetch: stalledDelete, maxRetries: 2 }).events.stream({ event_types: ['message'] });
    await stream.next();
    const started = Date.now();
    await stream.return(undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(deletes).toBe(1);
  }, 15_000);

  it('stops within about 5 s when paceRequests would hold its queue deletion until the budget resets', async () => {
    const spent: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (!url.endsWith('/register')) return response;
      // The budget spent for a minute: a paced client waits that long before its next request.
      const headers = new Headers(response.headers);
      headers.set('X-RateLimit-Limit', '200');
      headers.set('X-RateLimit-Remaining', '0');
      headers.set('X-RateLimit-Reset', String(Math.ceil(Date.now() / 1000) + 60));
      headers.delete('Date');
      return new Response(await response.text(), { status: response.status, headers });
    };
    const stream = realm.clientFor('hamlet@zulip.com', { fetch: spent, paceRequests: true }).events.stream({ event_types: ['message'] });
    await stream.next();
    const started = Date.now();
    await stream.return(undefined);
    expect(Date.now() - started).toBeLessThan(6_000);
  }, 15_000);

  it('ends after the registration when the server answered it without a queue: nothing to poll or delete', async () => {
    const requests: string[] = [];
    const noQueue: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      const response = await fetch(request);
      if (!request.url.endsWith('/register')) return response;
      return Response.json({ ...(await response.json()), queue_id: null }, { status: response.status });
    };
    const stream = realm.clientFor('hamlet@zulip.com', { fetch: noQueue }).events.stream({ event_types: ['message'] });
    expect((await stream.next()).value).toMatchObject({ type: 'registered', reason: 'start', state: { queue_id: null } });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(requests).toEqual(['POST /api/v1/register']);
  });

  it('ends with the error onRetry throws, and deletes its queue', async () => {
    let failures = 1;
    const flaky: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/events?') && failures-- > 0) return Promise.reject(new TypeError('fetch failed', { cause: new Error('read ECONNRESET') }));
      return fetch(input, init);
    };
    const stream = realm.clientFor('hamlet@zulip.com', { fetch: flaky }).events.stream({
      event_types: ['message'],
      retryDelayMs: 10,
      onRetry: () => {
        throw new Error('the hook failed');
      },
    });
    await stream.next();
    await expect(stream.next()).rejects.toThrow(new Error('the hook failed'));
    expect(realm.mock.state.events.queues()).toEqual([]);
  });

  it('stops with the error when the credentials are refused', async () => {
    const stranger = realm.clientFor('hamlet@zulip.com', { apiKey: 'x'.repeat(32) });
    const stream = stranger.events.stream();
    await expect(stream.next()).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('stops with UnexpectedResponseError when the site answers a page instead of the API (wrong site)', async () => {
    const loginPage: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/events?')) return new Response('<html>Log in</html>', { headers: { 'content-type': 'text/html' } });
      return fetch(input, init);
    };
    const stream = realm.clientFor('hamlet@zulip.com', { fetch: loginPage }).events.stream({ event_types: ['message'], retryDelayMs: 10 });
    await stream.next();
    await expect(stream.next()).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('backs off and polls again after a network error', async () => {
    let failures = 1;
    const flaky: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/events?') && failures-- > 0) return Promise.reject(new TypeError('connection reset'));
      return fetch(input, init);
    };
    const hamlet = realm.clientFor('hamlet@zulip.com', { fetch: flaky });
    const stream = hamlet.events.stream({ event_types: ['message'], retryDelayMs: 10 });
    await stream.next();
    const next = stream.next();
    await settle();
    await send(realm.clientFor('iago@zulip.com'), 'still here');
    expect((await next).value).toMatchObject({ type: 'message', message: { content: 'still here' } });
    expect(failures).toBe(-1);
    await stream.return(undefined);
  });

  it('loses, duplicates and reorders nothing when 20 clients send while 20 queues poll', async () => {
    const emails = ['iago@zulip.com', 'hamlet@zulip.com', 'othello@zulip.com', 'cordelia@zulip.com'];
    const readers = Array.from({ length: 20 }, (_, index) => realm.clientFor(emails[index % emails.length] ?? ''));
    const streams = readers.map((reader) => reader.events.stream({ event_types: ['message'], narrow: [['topic', 'load']] }));
    await Promise.all(streams.map((stream) => stream.next()));
    const expected = 40;
    const collected = streams.map(async (stream) => {
      const ids: number[] = [];
      for await (const event of { [Symbol.asyncIterator]: () => stream }) {
        if (event.type === 'message') ids.push(event.message.id);
        if (ids.length === expected) break;
      }
      return ids;
    });
    const senders = Array.from({ length: 20 }, (_, index) => realm.clientFor(emails[index % emails.length] ?? ''));
    const sent = (
      await Promise.all(senders.map(async (sender, index) => [await send(sender, `a${index}`, 'load'), await send(sender, `b${index}`, 'load')]))
    )
      .flat()
      .map((result) => result.id)
      .sort((a, b) => a - b);
    for (const ids of await Promise.all(collected)) expect(ids).toEqual(sent);
    expect(realm.mock.state.events.queues()).toEqual([]);
  }, 60_000);
});

describe('client.events.onMessage()', () => {
  it('calls the handler for each new message until the signal aborts', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const controller = new AbortController();
    const contents: string[] = [];
    const running = hamlet.events.onMessage(
      (message) => {
        contents.push(message.content);
        if (contents.length === 2) controller.abort();
      },
      { signal: controller.signal },
    );
    // Messages sent before the handler's queue exists are not its to see.
    while (realm.mock.state.events.queues().length === 0) await settle();
    const iago = realm.clientFor('iago@zulip.com');
    await send(iago, 'first');
    await send(iago, 'second');
    await running;
    expect(contents).toEqual(['first', 'second']);
    expect(realm.mock.state.events.queues()).toEqual([]);
  });

  it('ends at the first error the handler throws: rejects with it and deletes the queue (docs/events.md)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const contents: string[] = [];
    const running = hamlet.events.onMessage(async (message) => {
      contents.push(message.content);
      throw new Error('the reply failed');
    });
    const failure = running.catch((error: unknown) => error);
    while (realm.mock.state.events.queues().length === 0) await settle();
    const iago = realm.clientFor('iago@zulip.com');
    await send(iago, 'first');
    expect(await failure).toMatchObject({ message: 'the reply failed' });
    await send(iago, 'second');
    expect(contents).toEqual(['first']);
    expect(realm.mock.state.events.queues()).toEqual([]);
  });
});
