import { describe, expect, it } from 'vitest';
import { systemClock } from '../mock/domain/clock';
import { ApiCall, ChatClient, RateLimitError, ResponseValidationError } from '../src/index';
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

/** Methods that are not one request: streams and iterators built on the request methods. */
const COMPOSITE_METHODS = new Set(['events.stream', 'events.onMessage', 'messages.iterate']);

describe('per-call options and raw responses (in-process mock)', () => {
  const realm = useTestRealm();

  it('every operation method takes per-call options as its second argument and sends their headers', async () => {
    const { requests, fetch } = recordingFetch();
    const client = new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k'.repeat(32), fetch, maxRetries: 0 });
    const methods = resourceMethods(client).filter(([resource, name]) => !COMPOSITE_METHODS.has(`${resource}.${name}`));
    expect(methods.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const [resource, name, method] of methods) {
      const before = requests.length;
      const call = method(anyParams, { headers: { 'X-Probe': `${resource}.${name}` } });
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

  it('client.request takes per-call options and answers withResponse() too', async () => {
    const client = realm.clientFor(HAMLET);
    const { data, response } = await client
      .request('GET', '/users/me/alert_words', undefined, { headers: { 'X-Trace': 'on' } })
      .withResponse();
    expect(data).toEqual({ alert_words: [] });
    expect(response.headers.get('x-ratelimit-remaining')).toBe('199');
  });
});

describe('rate limits from the SDK side (in-process mock on the system clock)', () => {
  const realm = useTestRealm({ clock: systemClock, rateLimits: { rules: [{ seconds: 1, requests: 2 }] } });

  it('without pacing, a request beyond the budget fails with RateLimitError, its wait and headers', async () => {
    const client = realm.clientFor(HAMLET);
    await client.alertWords.list();
    await client.alertWords.list();
    const error = await client.alertWords.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    const limited = error as RateLimitError;
    expect(limited.status).toBe(429);
    expect(limited.retry_after).toBeGreaterThan(0);
    expect(limited.retry_after).toBeLessThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBe(limited.retry_after);
  });

  it('with paceRequests, the client waits for the reset instead of being refused', async () => {
    const client = realm.clientFor(HAMLET, { paceRequests: true });
    const started = Date.now();
    for (let index = 0; index < 5; index++) await client.alertWords.list();
    // Five requests at two a second: at least two waits for a reset.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
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
    const client = new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k'.repeat(32), fetch, maxRetries: 2 });
    await expect(client.request('GET', '/anything')).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(1);
    calls = 0;
    await expect(client.request('GET', '/anything', undefined, { retry: true })).resolves.toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it('sends a File parameter as multipart/form-data beside the other fields', async () => {
    const { requests, fetch } = recordingFetch({ url: '/user_uploads/1/ab/hi.txt' });
    const client = new ChatClient({ site: SITE, email: HAMLET, apiKey: 'k'.repeat(32), fetch });
    await client.request('POST', '/user_uploads', { file: new File(['hello'], 'hi.txt', { type: 'text/plain' }), note: 'x' });
    const request = requests[0] as Request;
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request.formData();
    expect(form.get('note')).toBe('x');
    const file = form.get('file') as File;
    expect([file.name, await file.text()]).toEqual(['hi.txt', 'hello']);
  });
});
