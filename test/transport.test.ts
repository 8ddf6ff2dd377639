import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  ChatClient,
  NetworkError,
  SDK_VERSION,
  ServerError,
  TeamChatError,
  TimeoutError,
  UnrecognizedApiError,
} from '../src/index';
import { encodeRequest, encodeValue } from '../src/transport/encode';
import { MOCK_FEATURE_LEVEL } from '../mock/index';

const SITE = 'http://transport.test';
const API_KEY = 'SeCrEtKeY0123456789abcdefghijklm';
const seen: { method: string; url: string; headers: Headers; body: string }[] = [];
const server = setupServer(
  http.all(`${SITE}/api/v1/echo/*`, async ({ request }) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers, body: await request.text() });
    return HttpResponse.json({ result: 'success', msg: '' });
  }),
  http.get(
    `${SITE}/api/v1/html`,
    () => new HttpResponse('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
  ),
  http.get(`${SITE}/api/v1/slow`, async () => {
    await delay(500);
    return HttpResponse.json({ result: 'success', msg: '' });
  }),
  http.get(`${SITE}/api/v1/odd-error`, () =>
    HttpResponse.json({ result: 'error', msg: 'Nope', code: 'BRAND_NEW_CODE', extra: 1 }, { status: 409 }),
  ),
  http.get(`${SITE}/api/v1/flaky`, () => HttpResponse.json({ result: 'error', msg: 'later' }, { status: 503 })),
);
beforeAll(() => server.listen({ onUnhandledFrame: 'bypass' }));
afterEach(() => {
  seen.length = 0;
});
afterAll(() => server.close());

const client = new ChatClient({ site: `${SITE}/`, email: 'bot@zulip.com', apiKey: API_KEY, maxRetries: 0 });

describe('encoding', () => {
  it('encodes values as the API expects', () => {
    expect(encodeValue('raw text')).toBe('raw text');
    expect(encodeValue(true)).toBe('true');
    expect(encodeValue(false)).toBe('false');
    expect(encodeValue(0)).toBe('0');
    expect(encodeValue([1, 2])).toBe('[1,2]');
    expect(encodeValue({ a: 'b' })).toBe('{"a":"b"}');
    expect(encodeValue(null)).toBe('null');
    expect(encodeValue('')).toBe('');
  });

  it('puts GET parameters in the query, others in a form body, drops undefined, encodes path parameters', () => {
    const get = encodeRequest(
      { method: 'GET', path: '/users/{email}' },
      { email: 'a b/c@x.com', flag: false, skip: undefined },
    );
    expect(get.path).toBe('/users/a%20b%2Fc%40x.com');
    expect(get.query?.toString()).toBe('flag=false');
    expect(get.body).toBeUndefined();
    const rest = { method: 'GET', path: '/user_uploads/{path}', restOfPath: true };
    expect(encodeRequest(rest, { path: '2/ab/a b.png' }).path).toBe('/user_uploads/2/ab/a%20b.png');
    // Dot segments would be resolved by the URL parser and reach another path.
    expect(encodeRequest(rest, { path: 'x/../y' }).path).toBe('/user_uploads/x%2F..%2Fy');
    expect(encodeRequest(rest, { path: 'x/..y/.z' }).path).toBe('/user_uploads/x/..y/.z');
    // A whole value of `.` or `..` cannot be sent at all: even escaped, the parser resolves it.
    expect(() => encodeRequest(rest, { path: '..' })).toThrow('GET /user_uploads/{path}: the path parameter "path" cannot be ".."');
    expect(() => encodeRequest({ method: 'GET', path: '/users/{email}' }, { email: '.' })).toThrow(TypeError);
    const post = encodeRequest({ method: 'POST', path: '/messages' }, { to: [9, 10], content: 'hi', n: 0 });
    expect(post.query).toBeUndefined();
    expect(post.body?.toString()).toBe('to=%5B9%2C10%5D&content=hi&n=0');
  });

  it('sends Basic auth, the User-Agent and a form body over the wire', async () => {
    await client.request('PATCH', '/echo/x', { list: ['a'], yes: true });
    const [request] = seen;
    expect(request?.method).toBe('PATCH');
    expect(request?.headers.get('authorization')).toBe(`Basic ${btoa(`bot@zulip.com:${API_KEY}`)}`);
    expect(request?.headers.get('user-agent')).toBe(`teamchat-sdk/${SDK_VERSION}`);
    expect(request?.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(request?.body).toBe('list=%5B%22a%22%5D&yes=true');
    expect(request?.url).toBe(`${SITE}/api/v1/echo/x`);
  });
});

describe('errors', () => {
  it('a non-JSON 5xx response is a ServerError naming the status and the operation', async () => {
    const error = await client.request('GET', '/html').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toBeInstanceOf(TeamChatError);
    expect((error as Error).message).toContain('GET /html');
    expect((error as Error).message).toContain('HTTP 502');
    expect((error as ServerError).status).toBe(502);
  });

  it('an unknown code becomes UnrecognizedApiError with every extra field', async () => {
    const error = await client.request('GET', '/odd-error').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(UnrecognizedApiError);
    expect(error).toMatchObject({ code: 'BRAND_NEW_CODE', msg: 'Nope', status: 409, data: { extra: 1 } });
  });

  it('an envelope without a code is reported as UNKNOWN', async () => {
    const error = await client.request('GET', '/flaky').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNKNOWN', msg: 'later', status: 503 });
  });

  it('a timeout is a TimeoutError', async () => {
    const impatient = new ChatClient({
      site: SITE,
      email: 'bot@zulip.com',
      apiKey: API_KEY,
      timeout: 50,
      maxRetries: 0,
    });
    const error = await impatient.request('GET', '/slow').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(50);
  });

  it('a timeout beyond the longest timer (2^31 - 1 ms, about 24.8 days; Infinity too) waits that long, not a moment', async () => {
    const answersLater: typeof globalThis.fetch = () =>
      new Promise((resolve) => setTimeout(() => resolve(Response.json({ result: 'success', msg: '', alert_words: ['late'] })), 30));
    for (const timeout of [2 ** 31, Number.POSITIVE_INFINITY]) {
      const patient = new ChatClient({ site: SITE, email: 'bot@zulip.com', apiKey: API_KEY, featureLevel: MOCK_FEATURE_LEVEL, fetch: answersLater, timeout, maxRetries: 0 });
      await expect(patient.alertWords.list()).resolves.toEqual({ alert_words: ['late'] });
    }
    const impatient = new ChatClient({ site: SITE, email: 'bot@zulip.com', apiKey: API_KEY, featureLevel: MOCK_FEATURE_LEVEL, fetch: answersLater, timeout: 10, maxRetries: 0 });
    await expect(impatient.alertWords.list({}, { timeout: Number.POSITIVE_INFINITY })).resolves.toEqual({ alert_words: ['late'] });
  });

  it('a refused connection is a NetworkError', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address() as { port: number };
        probe.close(() => resolve(address.port));
      });
    });
    const offline = new ChatClient({
      site: `http://127.0.0.1:${port}`,
      email: 'bot@zulip.com',
      apiKey: API_KEY,
      maxRetries: 0,
    });
    const error = await offline.request('GET', '/anything').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
  });
});

describe('the API key stays secret', () => {
  it('is absent from the string, JSON and inspected forms of the client', () => {
    expect(String(client)).not.toContain(API_KEY);
    expect(JSON.stringify(client)).not.toContain(API_KEY);
    expect(JSON.stringify(client)).toContain('[redacted]');
    expect(inspect(client, { depth: 5, showHidden: true })).not.toContain(API_KEY);
  });

  it('is absent from every error the client throws', async () => {
    const errors = await Promise.all(
      ['/html', '/odd-error', '/flaky'].map((path) => client.request('GET', path).catch((e: unknown) => e)),
    );
    const impatient = new ChatClient({
      site: SITE,
      email: 'bot@zulip.com',
      apiKey: API_KEY,
      timeout: 10,
      maxRetries: 0,
    });
    errors.push(await impatient.request('GET', '/slow').catch((e: unknown) => e));
    const basic = btoa(`bot@zulip.com:${API_KEY}`);
    for (const error of errors) {
      const text = `${String(error)} ${JSON.stringify(error)} ${inspect(error, { depth: 10, showHidden: true })}`;
      expect(text).not.toContain(API_KEY);
      expect(text).not.toContain(basic);
    }
  });
});

describe('retries', () => {
  it('retries a retry-safe request on 503 and never a POST', async () => {
    let calls = 0;
    server.use(
      http.all(`${SITE}/api/v1/server_settings`, () => {
        calls++;
        return HttpResponse.json({ result: 'error', msg: 'busy', code: 'BAD_REQUEST' }, { status: 503 });
      }),
      http.post(`${SITE}/api/v1/messages`, () => {
        calls++;
        return HttpResponse.json({ result: 'error', msg: 'busy', code: 'BAD_REQUEST' }, { status: 503 });
      }),
    );
    const retrying = new ChatClient({ site: SITE, maxRetries: 1, featureLevel: MOCK_FEATURE_LEVEL });
    await expect(retrying.server.getSettings()).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(2);
    calls = 0;
    await expect(retrying.messages.send({ type: 'direct', to: [1], content: 'x' })).rejects.toMatchObject({
      status: 503,
    });
    expect(calls).toBe(1);
  });
});

describe('a custom fetch', () => {
  it('answering every request with one Response object (a test double\'s canned answer) is read each time', async () => {
    const canned = new Response(JSON.stringify({ result: 'success', msg: '', alert_words: ['canned'] }), {
      headers: { 'content-type': 'application/json' },
    });
    const doubled = new ChatClient({ site: SITE, email: 'bot@zulip.com', apiKey: API_KEY, featureLevel: MOCK_FEATURE_LEVEL, fetch: async () => canned });
    await expect(doubled.alertWords.list()).resolves.toEqual({ alert_words: ['canned'] });
    await expect(doubled.alertWords.list()).resolves.toEqual({ alert_words: ['canned'] });
    await expect(doubled.request('GET', '/users/me/alert_words')).resolves.toEqual({ alert_words: ['canned'] });
  });

  it("reading only the Request's signal (input.signal, as a wrapper forwarding the Request does) is aborted by the attempt's timeout and by the caller", async () => {
    const seenAborts: unknown[] = [];
    const stop = new AbortController();
    const requestSignalOnly: typeof globalThis.fetch = (input) =>
      new Promise((_resolve, reject) => {
        const { signal } = input as Request;
        signal.addEventListener('abort', () => (seenAborts.push(signal.reason), reject(signal.reason)));
        if (stopWhenSent) stop.abort(new Error('shutting down'));
      });
    let stopWhenSent = false;
    const stalled = new ChatClient({ site: SITE, email: 'bot@zulip.com', apiKey: API_KEY, featureLevel: MOCK_FEATURE_LEVEL, fetch: requestSignalOnly, timeout: 30, maxRetries: 1 });
    await expect(stalled.alertWords.list()).rejects.toMatchObject({ name: 'TimeoutError', message: expect.stringMatching(/^get-alert-words: no response within 30 ms, 2 attempts over \d\.\d s$/), timeoutMs: 30, attempts: 2 });
    expect(seenAborts).toEqual([expect.objectContaining({ name: 'AbortError' }), expect.objectContaining({ name: 'AbortError' })]);
    seenAborts.length = 0;
    stopWhenSent = true;
    await expect(stalled.alertWords.list({}, { signal: stop.signal, timeout: 10_000 })).rejects.toThrow(new Error('shutting down'));
    expect(seenAborts).toEqual([new Error('shutting down')]);
  });
});

describe('a call sent again after a 429', () => {
  const RATE_LIMITED = { result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': 0.05 };

  it('an upload sends its multipart body again, whole; withResponse() and the log show the second attempt', async () => {
    const bodies: string[] = [];
    server.use(
      http.post(`${SITE}/api/v1/user_uploads`, async ({ request }) => {
        bodies.push(await request.text());
        return bodies.length === 1
          ? HttpResponse.json(RATE_LIMITED, { status: 429, headers: { 'Retry-After': '0.05' } })
          : HttpResponse.json({ result: 'success', msg: '', uri: '/user_uploads/1/ab/note.txt', url: '/user_uploads/1/ab/note.txt', filename: 'note.txt' });
      }),
    );
    const lines: string[] = [];
    const log = (message: string) => lines.push(message);
    const logged = new ChatClient({
      site: SITE, email: 'bot@zulip.com', apiKey: API_KEY, featureLevel: MOCK_FEATURE_LEVEL, maxRetries: 1,
      logger: { debug: log, info: log, warn: log, error: log }, logLevel: 'debug',
    });
    const { data, response } = await logged.uploads.upload(new File(['hello, twice'], 'note.txt', { type: 'text/plain' })).withResponse();
    expect([data.url, response.status]).toEqual(['/user_uploads/1/ab/note.txt', 200]);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toContain('filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nhello, twice\r\n');
    expect(bodies[1]?.replace(/-+\S+/g, '-')).toBe(bodies[0]?.replace(/-+\S+/g, '-'));
    expect(lines.filter((line) => /attempt|upload-file in/.test(line)).map((line) => line.replace(/in \d+ ms/, 'in N ms'))).toEqual([
      'POST /user_uploads (upload-file) attempt 1',
      '429 upload-file in N ms',
      'POST /user_uploads (upload-file) attempt 2',
      '200 upload-file in N ms',
    ]);
  });
});
