import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { createMockServer, type FaultSpec, MockMisuseError, type MockServer } from '../mock/index';
import { parseFaultSpecs } from '../mock/http/faults';
import { startHttpMock } from '../mock/runtimes/http';
import { setupMockServer } from '../mock/runtimes/node';
import { ApiErrorBase, ChatClient, NetworkError, RateLimitError, TimeoutError, UnexpectedResponseError } from '../src/index';
import { recordExchange } from './support/contract';
import { rejectionOf } from './support/failure';

const fresh = () => createMockServer({ clock: new ManualClock(), onExchange: recordExchange, rateLimits: false });
const verona = (content: string) => ({ type: 'channel', to: 'Verona', topic: 'faults', content }) as const;
const stored = (mock: MockServer, content: string) =>
  mock.store.tables.message.all().filter((message) => message.content === content).length;

describe('mock.faults: before the operation, nothing changes', () => {
  it('a network fault fails the call with NetworkError and stores nothing; the next request is served', async () => {
    const mock = fresh();
    const hamlet = mock.clientFor('hamlet@zulip.com');
    mock.faults.inject({ kind: 'network', operation: 'POST /messages' });
    await expect(hamlet.messages.send(verona('lost'))).rejects.toBeInstanceOf(NetworkError);
    expect(stored(mock, 'lost')).toBe(0);
    await hamlet.messages.send(verona('served'));
    expect(stored(mock, 'served')).toBe(1);
    expect(mock.faults.hits).toBe(1);
  });

  it('through mock.fetch, a network fault on a retry-safe call is retried as over a socket, and names the fault when none is left', async () => {
    const mock = fresh();
    const hamlet = new ChatClient({ site: 'http://localhost:9991', email: 'hamlet@zulip.com', apiKey: mock.apiKeyOf('hamlet@zulip.com'), fetch: mock.fetch, maxRetries: 1 });
    mock.faults.inject({ kind: 'network', operation: 'GET /users/me', times: 1 });
    expect((await hamlet.users.me()).email).toBe('hamlet@zulip.com');
    mock.faults.inject({ kind: 'network', operation: 'GET /users/me', times: 2 });
    const failure = await hamlet.users.me().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as NetworkError).message).toMatch(/^get-own-user: network error: the mock dropped the connection \(an injected network fault\) \(2 attempts over \d\.\d s\)$/);
    expect(mock.faults.hits).toBe(3);
  });

  it('through setupServer and over HTTP, a network fault on a retry-safe call is retried alike; the error says it in the runtime\'s words', async () => {
    const retriedThenFailed = async (mock: MockServer, site: string) => {
      const hamlet = new ChatClient({ site, email: 'hamlet@zulip.com', apiKey: mock.apiKeyOf('hamlet@zulip.com'), maxRetries: 1 });
      mock.faults.inject({ kind: 'network', operation: 'GET /users/me', times: 1 });
      expect((await hamlet.users.me()).email).toBe('hamlet@zulip.com');
      mock.faults.inject({ kind: 'network', operation: 'GET /users/me', times: 2 });
      const failure = await rejectionOf(hamlet.users.me(), NetworkError);
      expect(mock.faults.hits).toBe(3);
      return failure.message.replace(/over \d\.\d s/, 'over N s');
    };
    const intercepted = setupMockServer({ baseUrl: 'http://faults.test', rateLimits: false });
    intercepted.server.listen({ onUnhandledFrame: 'error' });
    try {
      // MSW's words for Response.error(), whose cause (the Response) has no message.
      expect(await retriedThenFailed(intercepted, 'http://faults.test')).toBe('get-own-user: network error: fetch failed (2 attempts over N s)');
    } finally {
      intercepted.server.close();
    }
    const running = await startHttpMock({ port: 0, rateLimits: false });
    try {
      expect(await retriedThenFailed(running.mock, running.url)).toBe('get-own-user: network error: other side closed (2 attempts over N s)');
    } finally {
      await running.close();
    }
  });

  it('a 5xx on a retry-safe call is retried and succeeds; on a send it is the error the server sent', async () => {
    const mock = fresh();
    const hamlet = mock.clientFor('hamlet@zulip.com', { maxRetries: 2 });
    const { id } = await hamlet.messages.send(verona('hello'));
    mock.faults.inject({ kind: 'status', status: 503, operation: 'get-message', times: 2 });
    expect((await hamlet.messages.get({ message_id: id })).message.id).toBe(id);
    expect(mock.faults.hits).toBe(2);
    mock.faults.inject({ kind: 'status', operation: 'send-message' });
    const failure = await hamlet.messages.send(verona('refused')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiErrorBase);
    expect(failure).toMatchObject({ status: 500, msg: 'Internal server error' });
    expect(stored(mock, 'refused')).toBe(0);
  });

  it("a 429 is the rate limiter's answer, as the only 429 the server sends: RATE_LIMIT_HIT, retry-after 1 s in the body and the header", async () => {
    const mock = fresh();
    mock.faults.inject({ kind: 'status', status: 429, operation: 'get-own-user' });
    const failure = await rejectionOf(mock.clientFor('hamlet@zulip.com', { maxRetries: 0 }).users.me(), RateLimitError);
    expect(failure).toMatchObject({ code: 'RATE_LIMIT_HIT', status: 429, msg: 'API usage exceeded rate limit', data: { 'retry-after': 1 } });
    expect(failure.headers.get('Retry-After')).toBe('1');
    expect((await mock.clientFor('hamlet@zulip.com').users.me()).email).toBe('hamlet@zulip.com');
  });

  it('malformed and truncated bodies are UnexpectedResponseError; a stalled body ends in TimeoutError', async () => {
    const mock = fresh();
    const hamlet = mock.clientFor('hamlet@zulip.com');
    mock.faults.inject({ kind: 'malformed', operation: 'get-own-user' });
    await expect(hamlet.users.me()).rejects.toBeInstanceOf(UnexpectedResponseError);
    mock.faults.inject({ kind: 'truncated', operation: 'get-own-user' });
    await expect(hamlet.users.me()).rejects.toBeInstanceOf(UnexpectedResponseError);
    mock.faults.inject({ kind: 'stall', operation: 'get-own-user' });
    await expect(hamlet.users.me({}, { timeout: 200 })).rejects.toBeInstanceOf(TimeoutError);
    expect((await hamlet.users.me()).email).toBe('hamlet@zulip.com');
  });

  it('latency delays the answer by real time and then serves it', async () => {
    const mock = fresh();
    mock.faults.inject({ kind: 'latency', delayMs: 150, operation: 'get-own-user' });
    const started = performance.now();
    expect((await mock.clientFor('hamlet@zulip.com').users.me()).email).toBe('hamlet@zulip.com');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('refuses a probability outside 0..1', () => {
    expect(() => fresh().faults.inject({ kind: 'network', probability: 2 })).toThrow(MockMisuseError);
  });

  it('refuses an operation that names nothing, an unknown kind or option, as --faults and /__admin/faults do; a typo no longer lets a send through', async () => {
    const mock = fresh();
    const refusal = (spec: unknown) => {
      try {
        mock.faults.inject(spec as FaultSpec);
      } catch (error) {
        expect(error).toBeInstanceOf(MockMisuseError);
        return (error as Error).message;
      }
      throw new Error('expected a MockMisuseError');
    };
    expect(refusal({ kind: 'status', status: 503, operation: 'POST /message' })).toBe(
      "mock.faults.inject: operation 'POST /message' names no operation; did you mean POST /messages, " +
        'GET /messages, POST /submessage? (an operation ID such as send-message, or METHOD /path as declared, such as POST /messages)',
    );
    expect(refusal({ kind: 'status', operation: 'send-messages' })).toMatch(/^mock\.faults\.inject: operation 'send-messages' names no operation; did you mean send-message[,?]/);
    expect(refusal({ kind: 'status', operation: 'PATCH /messages/42' })).toMatch(/did you mean PATCH \/messages\/\{message_id\}/);
    expect(refusal({ kind: 'timeout' })).toBe('mock.faults.inject: kind must be one of network, status, latency, malformed, truncated, stall');
    expect(refusal({ kind: 'status', operations: 'send-message' })).toBe(
      "mock.faults.inject: unknown option 'operations'; did you mean 'operation'? (a fault's options: kind, operation, when, times, probability, status, delayMs)",
    );
    expect(refusal({ kind: 'status', times: 0 })).toMatch(/times must be a positive integer, or Infinity/);
    const hamlet = mock.clientFor('hamlet@zulip.com');
    await hamlet.messages.send(verona('no fault armed'));
    expect(mock.faults.hits).toBe(0);
    // Both forms of a known operation, legacy routes of older levels, and the server-only routes are known.
    mock.faults.inject({ kind: 'status', operation: 'send-message', times: Infinity });
    mock.faults.inject({ kind: 'status', operation: 'PATCH /settings/display' });
    mock.faults.inject({ kind: 'status', operation: 'PATCH /messages/{message_id}' });
  });

  it("a legacy route, which the check takes as a fault's operation, is hit on a server of its levels", async () => {
    const mock = createMockServer({ clock: new ManualClock(), rateLimits: false, featureLevel: 355 });
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send(verona('being edited'));
    mock.faults.inject({ kind: 'status', status: 503, operation: 'POST /message_edit_typing' });
    await expect(hamlet.typing.setForEdit({ message_id: id, op: 'start' })).rejects.toMatchObject({ status: 503 });
    expect(mock.faults.hits).toBe(1);
  });

  it('--faults and POST /__admin/faults give the same refusals', async () => {
    expect(parseFaultSpecs('[{"kind":"status"},{"kind":"status","operation":"send-messages"}]')).toMatch(
      /^fault 1: operation 'send-messages' names no operation; did you mean send-message[,?]/,
    );
    const running = await startHttpMock({ port: 0, admin: true, rateLimits: false });
    try {
      const answer = await fetch(`${running.url}/__admin/faults`, { method: 'POST', body: '[{"kind":"status","operation":"POST /message"}]' });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { msg: string }).msg).toMatch(/^fault 0: operation 'POST \/message' names no operation; did you mean POST \/messages,/);
    } finally {
      await running.close();
    }
  });
});

describe('the journal lists what the client got from a fault', () => {
  it('a refusal before the operation and the retry that followed; an answer replaced after it ran', async () => {
    const mock = fresh();
    const hamlet = mock.clientFor('hamlet@zulip.com', { maxRetries: 2 });
    mock.faults.inject({ kind: 'status', status: 429, operation: 'send-message', times: 1 });
    await hamlet.messages.send(verona('retried'));
    mock.faults.inject({ kind: 'status', status: 500, operation: 'send-message', when: 'after' });
    await expect(hamlet.messages.send(verona('answer lost'))).rejects.toMatchObject({ status: 500 });
    mock.faults.inject({ kind: 'network', operation: 'get-own-user' });
    await expect(mock.clientFor('hamlet@zulip.com').users.me()).rejects.toBeInstanceOf(NetworkError);
    const seen = mock.journal.entries.map(({ operation, status, code, fault, user, params }) => ({ operation, status, code, fault, user, content: params['content'] }));
    expect(seen).toEqual([
      { operation: 'send-message', status: 429, code: 'RATE_LIMIT_HIT', fault: { kind: 'status', when: 'before' }, user: undefined, content: undefined },
      { operation: 'send-message', status: 200, code: undefined, fault: undefined, user: 'hamlet@zulip.com', content: 'retried' },
      { operation: 'send-message', status: 500, code: undefined, fault: { kind: 'status', when: 'after' }, user: 'hamlet@zulip.com', content: 'answer lost' },
      { operation: 'get-own-user', status: 0, code: undefined, fault: { kind: 'network', when: 'before' }, user: undefined, content: undefined },
    ]);
    expect(stored(mock, 'answer lost')).toBe(1);
  });
});

describe('the journal lists a delayed answer as it was given', () => {
  it('latency before or after: the operation ran, with its status and code, and fault says which', async () => {
    const mock = fresh();
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const unknownChannel = { type: 'channel', to: 'Nowhere', topic: 'faults', content: 'late' } as const;
    for (const when of ['before', 'after'] as const) {
      mock.faults.inject({ kind: 'latency', delayMs: 1, operation: 'send-message', when, times: 2 });
      await hamlet.messages.send(verona(`late ${when}`));
      await expect(hamlet.messages.send(unknownChannel)).rejects.toMatchObject({ code: 'STREAM_DOES_NOT_EXIST' });
    }
    const seen = mock.journal.entries.map(({ status, code, fault, user, params }) => ({ status, code, fault, user, content: params['content'] }));
    const late = (when: 'before' | 'after') => ({ kind: 'latency', when });
    expect(seen).toEqual([
      { status: 200, code: undefined, fault: late('before'), user: 'hamlet@zulip.com', content: 'late before' },
      { status: 400, code: 'STREAM_DOES_NOT_EXIST', fault: late('before'), user: 'hamlet@zulip.com', content: 'late' },
      { status: 200, code: undefined, fault: late('after'), user: 'hamlet@zulip.com', content: 'late after' },
      { status: 400, code: 'STREAM_DOES_NOT_EXIST', fault: late('after'), user: 'hamlet@zulip.com', content: 'late' },
    ]);
  });
});

describe('mock.faults: after the operation, the server accepted what the client saw fail', () => {
  it('a send whose answer is lost is stored once, and the SDK never sends it again', async () => {
    const mock = fresh();
    const hamlet = mock.clientFor('hamlet@zulip.com', { maxRetries: 3 });
    mock.faults.inject({ kind: 'network', operation: 'send-message', when: 'after' });
    await expect(hamlet.messages.send(verona('accepted'))).rejects.toBeInstanceOf(NetworkError);
    expect(stored(mock, 'accepted')).toBe(1);
  });

  it('under 20 % injected faults of every kind, no send is ever stored twice', async () => {
    const mock = fresh();
    const hamlet = mock.clientFor('hamlet@zulip.com', { maxRetries: 3, timeout: 300 });
    for (const kind of ['network', 'status', 'truncated'] as const) {
      mock.faults.inject({ kind, probability: 0.1, times: Infinity, when: 'before' });
      mock.faults.inject({ kind, probability: 0.1, times: Infinity, when: 'after' });
    }
    let succeeded = 0;
    for (let index = 0; index < 100; index++) {
      const sent = await hamlet.messages.send(verona(`load ${index}`)).then(
        () => true,
        () => false,
      );
      if (sent) succeeded++;
      const copies = stored(mock, `load ${index}`);
      expect(copies).toBeLessThanOrEqual(1);
      if (sent) expect(copies).toBe(1);
    }
    expect(mock.faults.hits).toBeGreaterThan(20);
    expect(succeeded).toBeLessThan(100);
  });
});

describe('an event stream survives injected faults', () => {
  it('loses and repeats nothing while a fifth of its polls fail (before or after the server answered)', async () => {
    const mock = fresh();
    const stop = new AbortController();
    const listener = mock.clientFor('othello@zulip.com', { maxRetries: 0 });
    const seen: string[] = [];
    const listening = (async () => {
      for await (const event of listener.events.stream({ event_types: ['message'], signal: stop.signal, retryDelayMs: 5, maxRetryDelayMs: 20 })) {
        if (event.type === 'message') seen.push(event.message.content);
        if (seen.length === 30) stop.abort();
      }
    })();
    await expect.poll(() => mock.state.events.queues().length).toBe(1);
    for (const kind of ['network', 'status', 'truncated'] as const) {
      mock.faults.inject({ kind, operation: 'get-events', probability: 0.07, times: Infinity, when: 'before' });
      mock.faults.inject({ kind, operation: 'get-events', probability: 0.07, times: Infinity, when: 'after' });
    }
    const sender = mock.clientFor('hamlet@zulip.com');
    const expected: string[] = [];
    for (let index = 0; index < 30; index++) {
      const content = `event ${index}`;
      expected.push(content);
      await sender.messages.send(verona(content));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await listening;
    expect(seen).toEqual(expected);
    expect(mock.faults.hits).toBeGreaterThan(0);
  }, 60_000);
});

describe('faults over real HTTP', () => {
  it('a network fault drops the connection; the server keeps serving', async () => {
    const running = await startHttpMock({ port: 0, onExchange: recordExchange, rateLimits: false });
    try {
      const client = new ChatClient({
        site: running.url,
        email: 'hamlet@zulip.com',
        apiKey: running.mock.apiKeyOf('hamlet@zulip.com'),
        maxRetries: 0,
      });
      running.mock.faults.inject({ kind: 'network', operation: 'get-own-user' });
      await expect(client.users.me()).rejects.toBeInstanceOf(NetworkError);
      running.mock.faults.inject({ kind: 'status', status: 502, operation: 'get-own-user' });
      await expect(client.users.me()).rejects.toMatchObject({ status: 502 });
      expect((await client.users.me()).email).toBe('hamlet@zulip.com');
    } finally {
      await running.close();
    }
  });
});

describe('the standalone server\'s --faults', () => {
  it('reads a JSON list of faults, null times meaning every request, and says what is wrong with a bad one', () => {
    expect(parseFaultSpecs('[{"kind":"status","status":503,"probability":0.2,"times":null,"operation":"get-events"}]')).toEqual([
      { kind: 'status', status: 503, probability: 0.2, times: Number.POSITIVE_INFINITY, operation: 'get-events' },
    ]);
    expect(parseFaultSpecs('{"kind":"network","when":"after"}')).toEqual([{ kind: 'network', when: 'after' }]);
    expect(parseFaultSpecs('nope')).toBe('expected a JSON list of faults');
    expect(parseFaultSpecs('[{"kind":"explode"}]')).toBe('fault 0: kind must be one of network, status, latency, malformed, truncated, stall');
    expect(parseFaultSpecs('[{"kind":"status"},{"kind":"status","status":200}]')).toBe('fault 1: status must be an HTTP error status (400-599)');
    expect(parseFaultSpecs('[{"kind":"network","probability":1.5}]')).toBe('fault 0: probability must be between 0 and 1');
    expect(parseFaultSpecs('[{"kind":"network","times":0}]')).toBe('fault 0: times must be a positive integer, or Infinity (null in JSON) for every request');
  });
});
