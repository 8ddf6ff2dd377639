import { describe, expect, it } from 'vitest';
import { systemClock } from '../mock/domain/clock';
import { ApiCall, ChatClient, type ClientLogger, RateLimitError, ResponseValidationError } from '../src/index';
import { DEFAULT_PASSWORD, MOCK_FEATURE_LEVEL } from '../mock/index';
import { expectApiError } from './support/failure';
import { SITE, useTestRealm } from './support/mock';

const HAMLET = 'hamlet@zulip.com';

/** A fetch that records each request and answers a fixed success envelope. */
function recordingFetch(body: Record<string, unknown> = {}) {
  const requests: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    requests.push(new Request(input, init));
    return Response.json({ result: 'success', msg: '', ...body });
  };
  return { requests, fetch };
}

/** Parameters that answer any name: path parameters and ID lists get plausible values. */
const anyParams = new Proxy(
  {},
  {
    get: (_target, key) =>
      key === 'narrow' ? [] : typeof key === 'string' && (key.endsWith('_ids') || key === 'messages') ? [1] : 1,
  },
);

/** The SDK's resources on a client, each with its operation methods. */
function resourceMethods(client: ChatClient): [string, string, (...args: unknown[]) => unknown][] {
  const found: [string, string, (...args: unknown[]) => unknown][] = [];
  for (const [resourceName, resource] of Object.entries(client)) {
    if (typeof resource !== 'object' || resource === null) continue;
    const prototype = Object.getPrototypeOf(resource) as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const method = prototype[name];
      if (name === 'constructor' || typeof method !== 'function') continue;
      found.push([resourceName, name, (method as (...args: unknown[]) => unknown).bind(resource)]);
    }
  }
  return found;
}

/** Methods that are not one request: streams, iterators and typing helpers built on the request methods. */
const COMPOSITE_METHODS = new Set([
  'events.stream',
  'events.onMessage',
  'messages.iterate',
  'typing.notifier',
  'typing.tracker',
]);

/** First arguments of the methods that take something other than parameters. */
const FIRST_ARGUMENTS: Readonly<Record<string, unknown>> = {
  'uploads.upload': new Uint8Array([1]),
  'uploads.temporaryUrl': '/user_uploads/1/ab/x.txt',
  'customEmoji.upload': { emoji_name: 'probe', content: new Uint8Array([1]) },
  'users.setAvatar': { content: new Uint8Array([1]) },
  'bots.create': { full_name: 'Probe', short_name: 'probe' },
  'bots.update': { bot_id: 1 },
  'realm.uploadIcon': { content: new Uint8Array([1]) },
  'realm.uploadLogo': { night: false, content: new Uint8Array([1]) },
};

describe('per-call options and raw responses (in-process mock)', () => {
  const realm = useTestRealm();

  it('every operation method takes per-call options as its second argument and sends their headers', async () => {
    const { requests, fetch } = recordingFetch();
    const client = new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k'.repeat(32), featureLevel: MOCK_FEATURE_LEVEL, fetch, maxRetries: 0 });
    const methods = resourceMethods(client).filter(([resource, name]) => !COMPOSITE_METHODS.has(`${resource}.${name}`));
    expect(methods.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const [resource, name, method] of methods) {
      const before = requests.length;
      const call = method(FIRST_ARGUMENTS[`${resource}.${name}`] ?? anyParams, { headers: { 'X-Probe': `${resource}.${name}` } });
      expect(call, `${resource}.${name} returns an ApiCall`).toBeInstanceOf(ApiCall);
      // The canned body fits few schemas: only the request matters here.
      await (call as Promise<unknown>).catch((error: unknown) => expect(error).toBeInstanceOf(ResponseValidationError));
      if (requests[before]?.headers.get('x-probe') !== `${resource}.${name}`) missing.push(`${resource}.${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('withResponse() gives the parsed data with the status and headers; awaiting gives the same data', async () => {
    const client = realm.clientFor(HAMLET);
    const { id } = await client.messages.send({ type: 'channel', to: 'Verona', topic: 'raw', content: 'raw access' });
    const call = client.messages.get({ message_id: id });
    const { data, response } = await call.withResponse();
    expect(data.message.content).toBe('<p>raw access</p>');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('200');
    // One request serves both forms.
    expect((await call).message.id).toBe(id);
  });

  it('errors carry the HTTP status and the response headers', async () => {
    const client = realm.clientFor(HAMLET);
    const error = await client.messages.get({ message_id: 999_999 }).catch((caught: unknown) => caught);
    await expectApiError(Promise.reject(error), { code: 'BAD_REQUEST', status: 400, msg: 'Invalid message(s)' });
    expect((error as { headers: Headers }).headers.get('x-ratelimit-remaining')).toBe('199');
  });

  it('client.rateLimit follows the X-RateLimit headers, with the reset moved onto the local clock', async () => {
    const client = realm.clientFor(HAMLET);
    expect(client.rateLimit).toBeUndefined();
    const before = Date.now();
    await client.alertWords.list();
    await client.alertWords.list();
    const status = client.rateLimit;
    expect(status).toMatchObject({ limit: 200, remaining: 198 });
    // The mock's clock is frozen in the past; its Date header puts the reset 60 s after receipt.
    expect(status?.resetAt.getTime()).toBeGreaterThanOrEqual(before + 59_000);
    expect(status?.resetAt.getTime()).toBeLessThanOrEqual(Date.now() + 61_000);
  });

  it("client.rateLimit is the main budget's: a login's and the event queue's answers, counted in budgets of their own, leave it as it was", async () => {
    const client = realm.clientFor(HAMLET);
    await client.alertWords.list();
    const main = client.rateLimit;
    expect(main).toMatchObject({ limit: 200, remaining: 199 });
    const login = await realm.mock.fetch(`${SITE}/api/v1/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: HAMLET, password: 'wrong' }) });
    // What the login limiter's answer carries, which the client must not take for the main budget.
    expect(login.headers.get('x-ratelimit-limit')).toBe('5');
    await client.server.fetchApiKey({ username: HAMLET, password: 'wrong' }).catch(() => undefined);
    expect(client.rateLimit).toEqual(main);
    const queue = await client.events.register({ event_types: ['message'] });
    const afterRegister = client.rateLimit;
    expect(afterRegister).toMatchObject({ remaining: 198 });
    await client.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(client.rateLimit).toEqual(afterRegister);
  });

  it('client.request counts a path where its operation is counted: a raw long-poll, queue deletion or login leaves client.rateLimit as it was', async () => {
    const client = realm.clientFor(HAMLET);
    const queue = await client.events.register({ event_types: ['message'] });
    const main = client.rateLimit;
    expect(main).toMatchObject({ limit: 200, remaining: 199 });
    const poll = await client.request('GET', '/events', { queue_id: queue.queue_id, last_event_id: queue.last_event_id, dont_block: true }).withResponse();
    // The event server's budget, which the client must not take for the main one.
    expect(poll.response.headers.get('x-ratelimit-remaining')).toBe('199');
    await client.request('POST', 'fetch_api_key', { username: HAMLET, password: 'wrong' }).catch(() => undefined);
    await client.request('DELETE', '/events', { queue_id: queue.queue_id });
    expect(client.rateLimit).toEqual(main);
    await client.request('GET', '/users/me/alert_words');
    expect(client.rateLimit).toMatchObject({ remaining: 198 });
  });

  it('client.request takes per-call options and answers withResponse() too', async () => {
    const client = realm.clientFor(HAMLET);
    const { data, response } = await client
      .request('GET', '/users/me/alert_words', undefined, { headers: { 'X-Trace': 'on' } })
      .withResponse();
    expect(data).toEqual({ alert_words: [] });
    expect(response.headers.get('x-ratelimit-remaining')).toBe('199');
  });
});

describe('rate limits from the SDK side: a spent budget', () => {
  const realm = useTestRealm({ rateLimits: { rules: [{ seconds: 60, requests: 2 }] } });

  it('without pacing, a request beyond the budget fails with RateLimitError, its wait and headers', async () => {
    const client = realm.clientFor(HAMLET);
    await client.alertWords.list();
    realm.clock.advance(500);
    await client.alertWords.list();
    realm.clock.advance(1_000);
    const error = await client.alertWords.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    const limited = error as RateLimitError;
    expect([limited.status, limited.retry_after, limited.headers.get('retry-after')]).toEqual([429, 58.5, '58.5']);
  });

  it('messages.send beyond the budget fails with RateLimitError when the wait is beyond maxRetryWait, sent once', async () => {
    const client = realm.clientFor(HAMLET, { maxRetries: 2, maxRetryWait: 1_000 });
    await client.alertWords.list();
    await client.alertWords.list();
    const error = await client.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'x' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'RateLimitError', status: 429, retry_after: 60 });
    // The message says why it was not waited for.
    expect((error as Error).message).toMatch(/\(RATE_LIMIT_HIT, HTTP 429\); not sent again: the server asked for a wait of 60 s, beyond maxRetryWait \(1000 ms\)$/);
    expect(realm.mock.journal.entries.filter((entry) => entry.operation === 'send-message')).toHaveLength(1);
  });

  it('messages.send with maxRetries: 0 (as mock.clientFor sets) fails at once with RateLimitError', async () => {
    const client = realm.clientFor(HAMLET);
    await client.alertWords.list();
    await client.alertWords.list();
    const error = await client.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'x' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'RateLimitError', retry_after: 60 });
    expect((error as Error).message).toMatch(/; not sent again: maxRetries is 0$/);
    expect(realm.mock.journal.entries.map((entry) => entry.status)).toEqual([200, 200, 429]);
  });

  it.each([1_000, 0])('a retry-safe call fails at once with RateLimitError when the wait is beyond maxRetryWait (%i)', async (maxRetryWait) => {
    const client = realm.clientFor(HAMLET, { maxRetries: 2, maxRetryWait });
    await client.alertWords.list();
    await client.alertWords.list();
    const error = await client.alertWords.list().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'RateLimitError', retry_after: 60 });
    expect(realm.mock.journal.entries.map((entry) => entry.status)).toEqual([200, 200, 429]);
  });
});

describe('rate limits from the SDK side: pacing (mock on the system clock)', () => {
  const realm = useTestRealm({ clock: systemClock, rateLimits: { rules: [{ seconds: 3, requests: 2 }] } });

  it('with paceRequests, the client waits for the reset instead of being refused', async () => {
    const client = realm.clientFor(HAMLET, { paceRequests: true });
    const started = Date.now();
    // The third request is refused unless sent 3 s after the first: it succeeds only if the client waited.
    for (let index = 0; index < 3; index++) await client.alertWords.list();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });

  it.each([
    ['events.get and events.delete', 'typed'],
    ["client.request('GET' and 'DELETE', '/events')", 'raw'],
  ] as const)('with paceRequests, a spent main budget does not hold back a long-poll or a queue\'s deletion, which the event server counts apart: %s', async (_, calls) => {
    const client = realm.clientFor(HAMLET, { paceRequests: true });
    const queue = await client.events.register({ event_types: ['message'] });
    await client.alertWords.list();
    expect(client.rateLimit).toMatchObject({ remaining: 0 });
    const started = Date.now();
    const poll = { queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true };
    if (calls === 'typed') {
      await client.events.get(poll);
      await client.events.delete({ queue_id: poll.queue_id });
    } else {
      await client.request('GET', '/events', poll);
      await client.request('DELETE', '/events', { queue_id: poll.queue_id });
    }
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('with paceRequests, a spent main budget does not hold back a request without credentials, which it does not count (the server\'s settings)', async () => {
    const client = realm.clientFor(HAMLET, { paceRequests: true });
    await client.alertWords.list();
    await client.alertWords.list();
    expect(client.rateLimit).toMatchObject({ remaining: 0 });
    const started = Date.now();
    await client.server.getSettings();
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('without pacing, a retry-safe call beyond the budget waits the server\'s retry_after and retries: it returns late, not an error', async () => {
    // The client's defaults but for mock.clientFor's maxRetries: 0 (maxRetries 2, maxRetryWait 60 s).
    const client = realm.clientFor(HAMLET, { maxRetries: 2 });
    const started = Date.now();
    for (let index = 0; index < 3; index++) await client.alertWords.list();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    // The server refused the third call once; the client waited and asked again.
    expect(realm.mock.journal.entries.map((entry) => entry.status)).toEqual([200, 200, 429, 200]);
  });
  it('without pacing, messages.send beyond the budget waits the server\'s retry_after and is sent once: a 429 comes before the server acts', async () => {
    const client = realm.clientFor(HAMLET, { maxRetries: 2 });
    const started = Date.now();
    await client.alertWords.list();
    await client.alertWords.list();
    const sent = await client.messages.send({ type: 'channel', to: 'Verona', topic: 'paced', content: 'once' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(realm.mock.journal.entries.map((entry) => [entry.operation, entry.status])).toEqual([
      ['get-alert-words', 200], ['get-alert-words', 200], ['send-message', 429], ['send-message', 200],
    ]);
    const { messages } = await client.messages.list({ anchor: 'newest', num_before: 5, num_after: 0, narrow: [{ operator: 'topic', operand: 'paced' }] });
    expect(messages.map((message) => [message.id, message.content])).toEqual([[sent.id, '<p>once</p>']]);
  });

  it('client.request without retry: true is sent again after a 429 too, and only after a 429', async () => {
    const client = realm.clientFor(HAMLET, { maxRetries: 2 });
    await client.alertWords.list();
    await client.alertWords.list();
    await expect(client.request('POST', '/users/me/alert_words', { alert_words: ['paced'] })).resolves.toMatchObject({ alert_words: ['paced'] });
    expect(realm.mock.journal.entries.map((entry) => entry.status)).toEqual([200, 200, 429, 200]);
  });
});

describe('client.request: opt-in retries and files', () => {
  it('retries only when asked to', async () => {
    let calls = 0;
    const fetch: typeof globalThis.fetch = async () => {
      calls++;
      return calls % 2 === 1
        ? Response.json({ result: 'error', msg: 'Internal server error' }, { status: 503 })
        : Response.json({ result: 'success', msg: '', ok: true });
    };
    const client = new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k'.repeat(32), featureLevel: MOCK_FEATURE_LEVEL, fetch, maxRetries: 2 });
    await expect(client.request('GET', '/anything')).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(1);
    calls = 0;
    await expect(client.request('GET', '/anything', undefined, { retry: true })).resolves.toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it('sends a File parameter as multipart/form-data beside the other fields', async () => {
    const { requests, fetch } = recordingFetch({ url: '/user_uploads/1/ab/hi.txt' });
    const client = new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k'.repeat(32), featureLevel: MOCK_FEATURE_LEVEL, fetch });
    await client.request('POST', '/user_uploads', { file: new File(['hello'], 'hi.txt', { type: 'text/plain' }), note: 'x' });
    const request = requests[0] as Request;
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request.formData();
    expect(form.get('note')).toBe('x');
    const file = form.get('file') as File;
    expect([file.name, await file.text()]).toEqual(['hi.txt', 'hello']);
  });
});

/** A console-like logger that keeps every line. */
function memoryLogger() {
  const lines: { level: string; message: string; details?: Readonly<Record<string, unknown>> }[] = [];
  const at = (level: string) => (message: string, details?: Readonly<Record<string, unknown>>) => lines.push({ level, message, details });
  const logger: ClientLogger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { lines, logger };
}

describe('response validation modes', () => {
  // A message without most of its required fields.
  const thinBody = { message: { id: 7, content: 'x' }, raw_content: 'x' };

  it('strict throws, warn logs and returns the body as received, off returns it unchecked; per call too', async () => {
    const { fetch } = recordingFetch(thinBody);
    const { lines, logger } = memoryLogger();
    const strict = new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k'.repeat(32), featureLevel: MOCK_FEATURE_LEVEL, fetch, logger });
    await expect(strict.messages.get({ message_id: 7 })).rejects.toBeInstanceOf(ResponseValidationError);
    expect(lines).toEqual([]);
    const warned = await strict.messages.get({ message_id: 7 }, { validate: 'warn' });
    expect(warned).toEqual(thinBody);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', details: { operation: 'get-message' } });
    expect(lines[0]?.message).toMatch(/^get-message: the response does not match its schema: message\./);
    const off = new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k'.repeat(32), featureLevel: MOCK_FEATURE_LEVEL, fetch, logger, validate: 'off' });
    expect(await off.messages.get({ message_id: 7 })).toEqual(thinBody);
    expect(lines).toHaveLength(1);
    await expect(off.messages.get({ message_id: 7 }, { validate: 'strict' })).rejects.toBeInstanceOf(ResponseValidationError);
  });
});

describe('logging (in-process mock)', () => {
  const realm = useTestRealm();

  it('logs every attempt at debug with operation, status, attempt and time, and never a credential', async () => {
    const { lines, logger } = memoryLogger();
    expect(realm.mock).toBeDefined(); // installs this test's realm before the first request
    const anonymous = new ChatClient({ site: SITE, logger, logLevel: 'debug' });
    const { api_key } = await anonymous.server.fetchApiKey({ username: HAMLET, password: DEFAULT_PASSWORD });
    const client = realm.clientFor(HAMLET, { logger, logLevel: 'debug' });
    await client.messages.send({ type: 'channel', to: 'Verona', topic: 'logs', content: 'logged' });
    expect(lines.map((line) => [line.level, line.details?.operation, line.details?.status, line.details?.attempt])).toEqual([
      ['debug', 'fetch-api-key', undefined, 1],
      ['debug', 'fetch-api-key', 200, 1],
      ['debug', 'send-message', undefined, 1],
      ['debug', 'send-message', 200, 1],
    ]);
    expect(typeof lines[1]?.details?.ms).toBe('number');
    const everything = JSON.stringify(lines);
    for (const secret of [api_key, DEFAULT_PASSWORD, realm.mock.apiKeyOf(HAMLET), 'Basic ', 'Authorization']) {
      expect(everything).not.toContain(secret);
    }
  });

  it('names why an attempt got no answer in the SDK\'s words: a network error with its cause, not fetch\'s TypeError', async () => {
    let calls = 0;
    const fetch: typeof globalThis.fetch = async () => {
      if (++calls === 1) throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9991') });
      return Response.json({ result: 'success', msg: '', alert_words: [] });
    };
    const { lines, logger } = memoryLogger();
    const client = new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k'.repeat(32), featureLevel: MOCK_FEATURE_LEVEL, fetch, logger, logLevel: 'debug' });
    await client.alertWords.list();
    expect(lines[1]?.message).toMatch(/^get-alert-words attempt 1 failed \(network error: connect ECONNREFUSED 127\.0\.0\.1:9991\) after \d+ ms$/);
    // Every address of the host refused (localhost on ::1 and 127.0.0.1): Node's cause is an
    // AggregateError with an empty message; the log names each address as the NetworkError does.
    calls = 0;
    lines.length = 0;
    const bothRefused = new AggregateError([new Error('connect ECONNREFUSED ::1:9991'), new Error('connect ECONNREFUSED 127.0.0.1:9991')], '');
    const twoAddresses: typeof globalThis.fetch = async () => {
      if (++calls === 1) throw new TypeError('fetch failed', { cause: bothRefused });
      return Response.json({ result: 'success', msg: '', alert_words: [] });
    };
    await new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k'.repeat(32), featureLevel: MOCK_FEATURE_LEVEL, fetch: twoAddresses, logger, logLevel: 'debug' }).alertWords.list();
    expect(lines[1]?.message).toMatch(/^get-alert-words attempt 1 failed \(network error: connect ECONNREFUSED ::1:9991, connect ECONNREFUSED 127\.0\.0\.1:9991\) after \d+ ms$/);
    // A fetch (a custom one, a polyfill) that fails with an error of another class.
    calls = 0;
    lines.length = 0;
    const otherError: typeof globalThis.fetch = async () => {
      if (++calls === 1) throw new Error('socket hang up');
      return Response.json({ result: 'success', msg: '', alert_words: [] });
    };
    const other = new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k'.repeat(32), featureLevel: MOCK_FEATURE_LEVEL, fetch: otherError, logger, logLevel: 'debug' });
    // Not retried (fetch's TypeError is what ky retries), and worded alike by the log and the error.
    await expect(other.alertWords.list()).rejects.toMatchObject({ name: 'NetworkError', message: 'get-alert-words: network error: socket hang up' });
    expect(lines[1]?.message).toMatch(/^get-alert-words attempt 1 failed \(network error: socket hang up\) after \d+ ms$/);
    // The caller's abort with a reason of its own: fetch rejects with that reason, no network error.
    lines.length = 0;
    const stop = new AbortController();
    const waiting: typeof globalThis.fetch = (input, init) =>
      new Promise((_resolve, reject) => {
        const signal = input instanceof Request ? input.signal : init?.signal;
        signal?.addEventListener('abort', () => reject(signal.reason));
        stop.abort(new Error('shutting down'));
      });
    const stopped = new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k'.repeat(32), featureLevel: MOCK_FEATURE_LEVEL, fetch: waiting, logger, logLevel: 'debug' }).alertWords.list({}, { signal: stop.signal });
    await expect(stopped).rejects.toThrow(new Error('shutting down'));
    expect(lines[1]?.message).toMatch(/^get-alert-words attempt 1 failed \(aborted: timeout or signal\) after \d+ ms$/);
    // A timed-out attempt: its fetch is aborted (an AbortError), which is no failure of the caller's own.
    calls = 0;
    const silentOnce: typeof globalThis.fetch = (input, init) =>
      ++calls === 1
        ? new Promise((_resolve, reject) => (input instanceof Request ? input.signal : init?.signal)?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
        : Promise.resolve(Response.json({ result: 'success', msg: '', alert_words: [] }));
    lines.length = 0;
    const patient = new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k'.repeat(32), featureLevel: MOCK_FEATURE_LEVEL, fetch: silentOnce, logger, logLevel: 'debug', timeout: 50 });
    await patient.alertWords.list();
    expect(lines[1]?.message).toMatch(/^get-alert-words attempt 1 failed \(aborted: timeout or signal\) after \d+ ms$/);
  });

  it('numbers retried attempts, and logs nothing below the level', async () => {
    let calls = 0;
    const fetch: typeof globalThis.fetch = async () =>
      ++calls === 1
        ? Response.json({ result: 'error', msg: 'Internal server error' }, { status: 503 })
        : Response.json({ result: 'success', msg: '', zulip_version: '1', zulip_feature_level: 1 });
    const { lines, logger } = memoryLogger();
    const client = new ChatClient({ site: SITE, featureLevel: MOCK_FEATURE_LEVEL, fetch, logger, logLevel: 'debug', validate: 'off' });
    await client.server.getSettings();
    expect(lines.filter((line) => line.details?.status !== undefined).map((line) => [line.details?.attempt, line.details?.status])).toEqual([
      [1, 503],
      [2, 200],
    ]);
    const quiet = memoryLogger();
    await new ChatClient({ site: SITE, featureLevel: MOCK_FEATURE_LEVEL, fetch, logger: quiet.logger, validate: 'off' }).server.getSettings();
    expect(quiet.lines).toEqual([]);
  });
});
