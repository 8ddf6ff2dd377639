import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { createMockServer, type MockServer } from '../mock/index';
import { startHttpMock } from '../mock/runtimes/http';
import { ChatClient, RateLimitError } from '../src/index';
import { recordExchange } from './support/contract';
import { rejectionOf } from './support/failure';

const START = Date.UTC(2026, 0, 5, 12, 0, 0, 250);
const RULES = { rules: [{ seconds: 60, requests: 3 }] };

function realm(rateLimits: { rules: { seconds: number; requests: number }[] } | false = RULES): MockServer<ManualClock> {
  return createMockServer({ clock: new ManualClock(START), onExchange: recordExchange, rateLimits });
}

function basic(mock: MockServer, email: string): Record<string, string> {
  return { Authorization: `Basic ${btoa(`${email}:${mock.apiKeyOf(email)}`)}` };
}

/** Everything of a 429 a client can read: status, headers (names and values) and the body's text. */
async function seen(response: Response) {
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

/** The mock's own limiter refusing the 4th request of a minute. */
async function realRefusal(): Promise<Awaited<ReturnType<typeof seen>>> {
  const mock = realm();
  for (let sent = 0; sent < 3; sent++) await mock.fetch('http://localhost/api/v1/users/me', { headers: basic(mock, 'hamlet@zulip.com') });
  // The window frees up 59 s later: 1 s before a refusal as long as the injected one's.
  mock.clock.advance(59_000);
  return seen(await mock.fetch('http://localhost/api/v1/users/me', { headers: basic(mock, 'hamlet@zulip.com') }));
}

describe("an injected 429 is the rate limiter's own answer", () => {
  it('the same status, headers (Retry-After, X-RateLimit-Limit/Remaining/Reset, Date) and body as a real refusal with the same wait', async () => {
    const real = await realRefusal();
    const mock = realm();
    mock.clock.advance(59_000);
    mock.faults.inject({ kind: 'status', status: 429, operation: 'get-own-user' });
    const injected = await seen(await mock.fetch('http://localhost/api/v1/users/me', { headers: basic(mock, 'hamlet@zulip.com') }));
    expect(real).toMatchObject({ status: 429, headers: { 'retry-after': '1', 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0' } });
    expect(injected).toEqual(real);
  });

  it("the caller's own rules give the limit; with rate limiting off, the default rules (200 a minute) do", async () => {
    const mock = createMockServer({ clock: new ManualClock(START), onExchange: recordExchange, rateLimits: { rules: [{ seconds: 60, requests: 3 }], users: { 'iago@zulip.com': [{ seconds: 60, requests: 7 }] } } });
    mock.faults.inject({ kind: 'status', status: 429, operation: 'get-own-user' });
    const iago = await mock.fetch('http://localhost/api/v1/users/me', { headers: basic(mock, 'iago@zulip.com') });
    expect(iago.headers.get('x-ratelimit-limit')).toBe('7');
    // Without valid credentials, or on an operation that reads none, the realm's default rules.
    mock.faults.inject({ kind: 'status', status: 429, times: 2 });
    const badKey = await mock.fetch('http://localhost/api/v1/users/me', { headers: { Authorization: `Basic ${btoa('iago@zulip.com:wrongkeywrongkeywrongkeywrongkey')}` } });
    const settings = await mock.fetch('http://localhost/api/v1/server_settings');
    expect([badKey.status, badKey.headers.get('x-ratelimit-limit'), settings.status, settings.headers.get('x-ratelimit-limit')]).toEqual([429, '3', 429, '3']);
    const off = realm(false);
    off.faults.inject({ kind: 'status', status: 429 });
    const response = await off.fetch('http://localhost/api/v1/users/me', { headers: basic(off, 'hamlet@zulip.com') });
    expect([response.headers.get('x-ratelimit-limit'), response.headers.get('x-ratelimit-remaining')]).toEqual(['200', '0']);
  });

  it("on POST /fetch_api_key, the login limiter's refusal (its limit: 5 attempts per username), as the server sends there", async () => {
    const login = (mock: MockServer) =>
      mock.fetch('http://localhost/api/v1/fetch_api_key', { method: 'POST', body: new URLSearchParams({ username: 'hamlet@zulip.com', password: 'wrong' }) });
    const limited = realm({ rules: [{ seconds: 60, requests: 3 }] });
    for (let attempt = 0; attempt < 5; attempt++) expect((await login(limited)).status).toBe(401);
    // The window frees up 1799 s later: 1 s before a refusal as long as the injected one's.
    limited.clock.advance(1_799_000);
    const real = await seen(await login(limited));
    const mock = realm();
    mock.clock.advance(1_799_000);
    mock.faults.inject({ kind: 'status', status: 429, operation: 'fetch-api-key' });
    const injected = await seen(await login(mock));
    expect(real).toMatchObject({ status: 429, headers: { 'retry-after': '1', 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0' } });
    expect(injected).toEqual(real);
  });

  it("the SDK reads it as a real one: RateLimitError with retry_after 1, and its budget (client.rateLimit) spent until the reset", async () => {
    const mock = realm();
    const client = mock.clientFor('hamlet@zulip.com', { maxRetries: 0 });
    await client.users.me();
    expect(client.rateLimit).toMatchObject({ limit: 3, remaining: 2 });
    mock.faults.inject({ kind: 'status', status: 429, operation: 'get-own-user' });
    const failure = await rejectionOf(client.users.me(), RateLimitError);
    expect(failure).toMatchObject({ code: 'RATE_LIMIT_HIT', status: 429, retry_after: 1 });
    expect(client.rateLimit).toMatchObject({ limit: 3, remaining: 0 });
  });

  it('over real HTTP (--faults), with the headers a real refusal has', async () => {
    const running = await startHttpMock({ port: 0, onExchange: recordExchange, rateLimits: RULES });
    try {
      running.mock.faults.inject({ kind: 'status', status: 429, operation: 'GET /users/me' });
      const response = await fetch(`${running.url}/api/v1/users/me`, { headers: basic(running.mock, 'hamlet@zulip.com') });
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': 1 });
      expect([response.headers.get('retry-after'), response.headers.get('x-ratelimit-limit'), response.headers.get('x-ratelimit-remaining')]).toEqual(['1', '3', '0']);
      expect(Number(response.headers.get('x-ratelimit-reset'))).toBe(Math.floor(Date.parse(response.headers.get('date') ?? '') / 1000) + 1);
      const client = new ChatClient({ site: running.url, email: 'hamlet@zulip.com', apiKey: running.mock.apiKeyOf('hamlet@zulip.com'), maxRetries: 1 });
      running.mock.faults.inject({ kind: 'status', status: 429, operation: 'GET /users/me' });
      // Retried after the wait it names (1 s), then served.
      expect((await client.users.me()).email).toBe('hamlet@zulip.com');
      expect(running.mock.faults.hits).toBe(2);
    } finally {
      await running.close();
    }
  });
});
