import type { ServerResponse } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MOCK_FEATURE_LEVEL } from '../mock/index';
import { ChatClient, NetworkError, RateLimitError, TimeoutError } from '../src/index';
import { API_KEY, fail, succeed, useMisbehavingServer } from './support/misbehaving-server';

const server = useMisbehavingServer();
const clientWith = (options: { timeout?: number; maxRetries?: number; maxRetryWait?: number } = {}) =>
  new ChatClient({
    site: server.url,
    email: 'bot@zulip.com',
    apiKey: API_KEY,
    timeout: 10_000,
    maxRetries: 2,
    // A current server: these tests count the requests an operation sends, with no level lookup.
    featureLevel: MOCK_FEATURE_LEVEL,
    ...options,
  });
/** Short enough to keep timeout tests fast, long enough for a loaded machine's answers. */
const SHORT_TIMEOUT = 1000;

/** A retry-safe read: GET /messages/{id}. */
const read = (client: ChatClient) => client.messages.get({ message_id: 1 });
/** A write that is never retried: POST /messages. */
const send = (client: ChatClient) => client.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'x' });
const MESSAGE = {
  message: {
    id: 1, type: 'stream', sender_id: 1, sender_email: 'a@b.c', sender_full_name: 'A', sender_realm_str: 'zulip',
    avatar_url: null, client: 'x', content: 'x', content_type: 'text/html', display_recipient: 'Verona', recipient_id: 1,
    stream_id: 1, subject: 't', topic_links: [], timestamp: 1, is_me_message: false, flags: [], reactions: [], submessages: [],
  },
  raw_content: 'x',
};
/** Requests the server saw on a path, once late arrivals (or would-be retries) had time to land. */
async function settledHits(path: string): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return server.hits.get(path) ?? 0;
}
const RATE_LIMITED = { result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT' };

describe('timeouts', () => {
  it('timeouts of retry-safe calls are retried, up to maxRetries, then fail with TimeoutError', async () => {
    server.on('/messages/1', () => undefined); // never answers
    const error = await read(clientWith({ timeout: SHORT_TIMEOUT })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(await settledHits('/messages/1')).toBe(3);
    // The regression: after 3 silent attempts the message named only one attempt's timeout.
    const [, seconds] = /^get-message: no response within 1000 ms, 3 attempts over (\d+\.\d) s$/.exec((error as Error).message) ?? [];
    // Three timeouts and the backoffs between them (0.3 s, 0.6 s).
    expect(Number(seconds)).toBeGreaterThanOrEqual(3.8);
    expect(error).toMatchObject({ attempts: 3, timeoutMs: 1000 });
  });

  it('a timed-out retry-safe call succeeds when a retry is answered', async () => {
    server.on('/messages/1', (response, attempt) => (attempt === 0 ? undefined : succeed(response, MESSAGE)));
    await expect(read(clientWith({ timeout: SHORT_TIMEOUT }))).resolves.toMatchObject({ message: { id: 1 } });
    expect(server.hits.get('/messages/1')).toBe(2);
  });

  it('a body that stalls after the headers ends in TimeoutError instead of hanging', async () => {
    server.on('/messages/1', (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"result":"success",');
    });
    const started = Date.now();
    const error = await read(clientWith({ maxRetries: 0, timeout: SHORT_TIMEOUT })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ message: 'get-message: no response within 1000 ms', attempts: 1 });
    // Without a body timeout the call would hang until the test's own timeout; the slack is for
    // a loaded machine, where timers fire late.
    expect(Date.now() - started).toBeLessThan(SHORT_TIMEOUT + 10_000);
  });

  it('messages.send is never retried once the request may have reached the server', async () => {
    server.on('/messages', () => undefined);
    expect(await send(clientWith({ timeout: SHORT_TIMEOUT })).catch((e: unknown) => e)).toBeInstanceOf(TimeoutError);
    expect(await settledHits('/messages')).toBe(1);
    server.hits.clear();
    server.on('/messages', (response) => fail(response, 503, { result: 'error', msg: 'busy' }));
    await expect(send(clientWith())).rejects.toMatchObject({ status: 503 });
    expect(await settledHits('/messages')).toBe(1);
    server.hits.clear();
    server.on('/messages', (response) => response.socket?.destroy());
    const lost = await send(clientWith()).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(NetworkError);
    // One attempt, which may have reached the server: the message says no more than what failed.
    expect(lost).toMatchObject({ attempts: 1, message: expect.not.stringMatching(/attempts/) });
    expect(await settledHits('/messages')).toBe(1);
  });
});

describe('connection failures and server errors', () => {
  it('a refused connection is a NetworkError whose message says why, not Node\'s bare "fetch failed"', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const client = new ChatClient({ site: `http://127.0.0.1:${port}`, email: 'bot@zulip.com', apiKey: API_KEY, maxRetries: 0 });
    const failure = await client.users.me().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as NetworkError).message).toBe(`get-own-user: network error: connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('a site without a scheme, read as https, on a plain HTTP server: the TLS failure says to write http://', async () => {
    const host = server.url.replace('http://', '');
    server.on('/users/me', (response) => succeed(response, { user_id: 1 }));
    const bare = new ChatClient({ site: host, email: 'bot@zulip.com', apiKey: API_KEY, maxRetries: 0 });
    const failure = await bare.users.me().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NetworkError);
    // OpenSSL's own words stay; the hint follows them.
    expect((failure as NetworkError).message).toMatch(
      new RegExp(`^get-own-user: network error: .*wrong version number.* \\(a site without a scheme means https; the server may speak plain HTTP: write http://${host}\\)$`),
    );
    // Written with https://, the same failure gets no hint: the user chose TLS.
    const explicit = new ChatClient({ site: `https://${host}`, email: 'bot@zulip.com', apiKey: API_KEY, maxRetries: 0 });
    const chosen = await explicit.users.me().catch((e: unknown) => e);
    expect((chosen as NetworkError).message).toMatch(/wrong version number/);
    expect((chosen as NetworkError).message).not.toMatch(/plain HTTP/);
  });

  it.each([
    ['wrong version number', true],
    ['packet length too long', true],
    // A TLS server that refuses the handshake for another reason: "write http://" would send the key in clear text.
    ['sslv3 alert handshake failure', false],
    ['tlsv1 alert internal error', false],
    ['unsafe legacy renegotiation disabled', false],
  ])('a bare host whose TLS handshake fails with OpenSSL\'s %s: the plain-HTTP hint only for an answer that is not TLS (%s)', async (reason, hinted) => {
    const openssl = new Error(`C0D7F8E3:error:0A000000:SSL routines::${reason}:../deps/openssl/openssl/ssl/record/ssl3_record.c:354:\n`);
    const fetch = () => Promise.reject(new TypeError('fetch failed', { cause: openssl }));
    const client = new ChatClient({ site: 'chat.example.com', email: 'bot@zulip.com', apiKey: API_KEY, maxRetries: 0, fetch });
    const failure = await client.users.me().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as NetworkError).message).toContain(reason);
    expect((failure as NetworkError).message.includes('write http://chat.example.com')).toBe(hinted);
  });

  it('a host whose every address refuses (Node\'s AggregateError with no message) names each refusal', async () => {
    // What Node's fetch throws for `localhost` refused on both ::1 and 127.0.0.1.
    const refusals = new AggregateError(
      [new Error('connect ECONNREFUSED ::1:9991'), new Error('connect ECONNREFUSED 127.0.0.1:9991')],
      '',
    );
    Object.assign(refusals, { code: 'ECONNREFUSED' });
    const fetch = () => Promise.reject(new TypeError('fetch failed', { cause: refusals }));
    const client = new ChatClient({ site: 'http://localhost:9991', email: 'bot@zulip.com', apiKey: API_KEY, maxRetries: 0, fetch });
    const failure = await client.users.me().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as NetworkError).message).toBe(
      'get-own-user: network error: connect ECONNREFUSED ::1:9991, connect ECONNREFUSED 127.0.0.1:9991',
    );
  });

  it("a fetch that rejects with an error named NetworkError (happy-dom's blocked cross-origin request) keeps its message", async () => {
    // ky's isNetworkError goes by the name, so the DOMException passed for ky's own wrapper,
    // whose cause it lacks: the message read `network error: undefined`.
    const blocked = 'Cross-Origin Request Blocked: The Same Origin Policy disallows reading the remote resource at "http://chat.test/api/v1/users/me".';
    const fetch = () => Promise.reject(new DOMException(blocked, 'NetworkError'));
    const client = new ChatClient({ site: 'http://chat.test', email: 'bot@zulip.com', apiKey: API_KEY, maxRetries: 0, fetch });
    const failure = await client.users.me().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as NetworkError).message).toBe(`get-own-user: network error: ${blocked}`);
  });

  it('a connection reset on a retry-safe call is retried, then fails with NetworkError', async () => {
    server.on('/messages/1', (response) => response.socket?.destroy());
    const failure = await read(clientWith()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure).toMatchObject({ attempts: 3 });
    expect((failure as Error).message).toMatch(/^get-message: network error: .+ \(3 attempts over \d+\.\d s\)$/);
    expect(server.hits.get('/messages/1')).toBe(3);
  });

  it('503 then success: a retry-safe call is retried with backoff and returns the success', async () => {
    server.on('/messages/1', (response, attempt) =>
      attempt === 0 ? fail(response, 503, { result: 'error', msg: 'busy' }) : succeed(response, MESSAGE),
    );
    await expect(read(clientWith())).resolves.toMatchObject({ message: { id: 1 } });
    expect(server.hits.get('/messages/1')).toBe(2);
  });

  it('the error of the final attempt is the one thrown', async () => {
    server.on('/messages/1', (response, attempt) =>
      fail(response, attempt < 2 ? 503 : 502, { result: 'error', msg: `attempt ${attempt}` }),
    );
    await expect(read(clientWith())).rejects.toMatchObject({ status: 502, msg: 'attempt 2' });
  });
});

describe('waits the server asks for', () => {
  it('a Retry-After within maxRetryWait is honoured before the retry', async () => {
    const times: number[] = [];
    server.on('/messages/1', (response, attempt) => {
      times.push(Date.now());
      return attempt === 0
        ? fail(response, 429, { ...RATE_LIMITED, 'retry-after': 1 }, { 'Retry-After': '1' })
        : succeed(response, MESSAGE);
    });
    await expect(read(clientWith())).resolves.toMatchObject({ message: { id: 1 } });
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('a Retry-After of 3600 beyond maxRetryWait fails at once with retry_after on the error', async () => {
    server.on('/messages/1', (response) =>
      fail(response, 429, { ...RATE_LIMITED, 'retry-after': 3600 }, { 'Retry-After': '3600' }),
    );
    const started = Date.now();
    const error = await read(clientWith()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retry_after: 3600, status: 429 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.hits.get('/messages/1')).toBe(1);
  });

  it.each([
    ['messages.get', '/messages/1', read],
    ['messages.send', '/messages', send],
  ] as const)("%s: the envelope's retry-after alone (no header) beyond the cap counts as a wait too", async (_name, path, call) => {
    server.on(path, (response) => fail(response, 429, { ...RATE_LIMITED, 'retry-after': 3600 }));
    const error = await call(clientWith()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retry_after: 3600 });
    expect(await settledHits(path)).toBe(1);
  });

  it('X-RateLimit-Reset beyond the cap counts as a wait too', async () => {
    const reset = String(Math.ceil(Date.now() / 1000) + 600);
    server.on('/messages/1', (response) => fail(response, 429, RATE_LIMITED, { 'X-RateLimit-Reset': reset }));
    expect(await read(clientWith({ maxRetryWait: 5000 })).catch((e: unknown) => e)).toBeInstanceOf(RateLimitError);
    expect(server.hits.get('/messages/1')).toBe(1);
  });
});

describe('a send refused by a rate limit', () => {
  it('messages.send waits the Retry-After of a 429 and is sent again: the server refused it before acting', async () => {
    const times: number[] = [];
    server.on('/messages', (response, attempt) => {
      times.push(Date.now());
      return attempt === 0
        ? fail(response, 429, { ...RATE_LIMITED, 'retry-after': 1 }, { 'Retry-After': '1' })
        : succeed(response, { id: 42 });
    });
    await expect(send(clientWith())).resolves.toMatchObject({ id: 42 });
    expect(await settledHits('/messages')).toBe(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('messages.send gives up with RateLimitError after maxRetries refusals', async () => {
    server.on('/messages', (response) => fail(response, 429, { ...RATE_LIMITED, 'retry-after': 0.1 }, { 'Retry-After': '0.1' }));
    const error = await send(clientWith({ maxRetries: 1 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retry_after: 0.1 });
    expect((error as Error).message).toMatch(/; not sent again after 2 attempts \(maxRetries 1\)$/);
    expect(await settledHits('/messages')).toBe(2);
  });

  it.each([
    ['messages.send', '/messages', send, { id: 42 }],
    ['messages.get', '/messages/1', read, MESSAGE],
  ] as const)('%s after a 429 that names no wait backs off 0.3 s and is sent again, whatever maxRetryWait (a cap on the server\'s waits)', async (_name, path, call, answer) => {
    const times: number[] = [];
    server.on(path, (response, attempt) => {
      times.push(Date.now());
      return attempt === 0 ? fail(response, 429, RATE_LIMITED) : succeed(response, answer);
    });
    await expect(call(clientWith({ maxRetryWait: 0 }))).resolves.toMatchObject(answer);
    expect(await settledHits(path)).toBe(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(280);
  });

  it('a send answered 429, then silent, ends in TimeoutError counting both requests, and is not sent a third time', async () => {
    server.on('/messages', (response, attempt) =>
      attempt === 0 ? fail(response, 429, { ...RATE_LIMITED, 'retry-after': 0.1 }, { 'Retry-After': '0.1' }) : undefined,
    );
    const error = await send(clientWith({ timeout: SHORT_TIMEOUT })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ attempts: 2, timeoutMs: SHORT_TIMEOUT });
    expect((error as Error).message).toMatch(/^send-message: no response within 1000 ms, 2 attempts over \d+\.\d s$/);
    expect(await settledHits('/messages')).toBe(2);
  });

  it('an abort during the wait ends the send with the signal\'s reason, and nothing more is sent', async () => {
    server.on('/messages', (response) => fail(response, 429, { ...RATE_LIMITED, 'retry-after': 30 }, { 'Retry-After': '30' }));
    const controller = new AbortController();
    const reason = new Error('user left');
    setTimeout(() => controller.abort(reason), 300);
    const client = clientWith();
    const error = await client.messages
      .send({ type: 'channel', to: 'Verona', topic: 't', content: 'x' }, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBe(reason);
    expect(await settledHits('/messages')).toBe(1);
  });
});

describe("the real server's 429 (RATE_LIMIT_HIT from zerver/lib/rate_limiter.py)", () => {
  /** The answer's headers and body as the server builds them: the wait in fractional seconds. */
  const rateLimited = (response: ServerResponse, seconds: number, serverNow = Date.now()) =>
    fail(response, 429, { ...RATE_LIMITED, 'retry-after': seconds }, {
      'Retry-After': String(seconds),
      'X-RateLimit-Limit': '200',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Math.floor(serverNow / 1000 + seconds)),
      Date: new Date(serverNow).toUTCString(),
    });

  it('waits the fractional Retry-After the server sends (1.5 s), not a 0.3 s backoff', async () => {
    const times: number[] = [];
    server.on('/messages/1', (response, attempt) => {
      times.push(Date.now());
      return attempt === 0 ? rateLimited(response, 1.5) : succeed(response, MESSAGE);
    });
    await expect(read(clientWith())).resolves.toMatchObject({ message: { id: 1 } });
    expect(server.hits.get('/messages/1')).toBe(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(1450);
  });

  it("follows Retry-After, not an X-RateLimit-Reset on a server clock ten minutes ahead of this one", async () => {
    server.on('/messages/1', (response, attempt) =>
      attempt === 0 ? rateLimited(response, 0.5, Date.now() + 600_000) : succeed(response, MESSAGE),
    );
    await expect(read(clientWith())).resolves.toMatchObject({ message: { id: 1 } });
    expect(server.hits.get('/messages/1')).toBe(2);
  });

  it('reads a lone X-RateLimit-Reset against the Date of a server clock ten minutes behind', async () => {
    const times: number[] = [];
    server.on('/messages/1', (response, attempt) => {
      times.push(Date.now());
      const serverNow = Math.floor(Date.now() / 1000) * 1000 - 600_000;
      return attempt === 0
        ? fail(response, 429, RATE_LIMITED, { 'X-RateLimit-Reset': String(serverNow / 1000 + 2), Date: new Date(serverNow).toUTCString() })
        : succeed(response, MESSAGE);
    });
    await expect(read(clientWith())).resolves.toMatchObject({ message: { id: 1 } });
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(950);
  });
});
