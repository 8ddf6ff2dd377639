import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secretsEqual } from '../mock/domain/constant-time';
import { createMockServer } from '../mock/index';

const SITE = 'http://localhost:9991';

async function post(mock: ReturnType<typeof createMockServer>, path: string, params: Record<string, string>, authorization?: string) {
  const response = await mock.fetch(`${SITE}/api/v1${path}`, {
    method: 'POST',
    headers: authorization ? { authorization } : {},
    body: new URLSearchParams(params),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('secrets are compared in constant time', () => {
  it('equal only for the same text, whatever the lengths or characters', () => {
    expect(secretsEqual('a'.repeat(32), 'a'.repeat(32))).toBe(true);
    expect(secretsEqual('opensesame', 'opensesamf')).toBe(false);
    expect(secretsEqual('opensesame', 'opensesame!')).toBe(false);
    expect(secretsEqual('', 'x')).toBe(false);
    expect(secretsEqual('', '')).toBe(true);
    expect(secretsEqual('pässwörd', 'pässwörd')).toBe(true);
    expect(secretsEqual('pässwörd', 'passwörd')).toBe(false);
  });

  it('agrees with === on any two strings (property)', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (given, expected) => secretsEqual(given, expected) === (given === expected)));
    fc.assert(fc.property(fc.string({ minLength: 1 }), (text) => secretsEqual(text, text) && !secretsEqual(text.slice(1), text)));
  });

  it('a key of another user, or a key one character off, is "Invalid API key"', async () => {
    const mock = createMockServer();
    const iagoKey = mock.apiKeyOf('iago@zulip.com');
    const offByOne = `${iagoKey.slice(0, -1)}${iagoKey.endsWith('a') ? 'b' : 'a'}`;
    for (const [email, key] of [
      ['hamlet@zulip.com', iagoKey],
      ['iago@zulip.com', offByOne],
      ['nobody@zulip.com', iagoKey],
    ] as const) {
      const answer = await post(mock, '/messages', { type: 'stream', to: 'Verona', topic: 't', content: 'x' }, `Basic ${btoa(`${email}:${key}`)}`);
      expect(answer).toEqual({ status: 401, body: { result: 'error', msg: 'Invalid API key', code: 'UNAUTHORIZED' } });
    }
    const right = await post(mock, '/messages', { type: 'stream', to: 'Verona', topic: 't', content: 'x' }, `Basic ${btoa(`IAGO@zulip.com:${iagoKey}`)}`);
    expect(right.status).toBe(200);
  });
});

describe('devEndpoints: false behaves as a production server', () => {
  it('has no /dev_fetch_api_key or /dev_list_users; password login still works', async () => {
    const production = createMockServer({ devEndpoints: false });
    const fetchKey = await production.fetch(`${SITE}/api/v1/dev_fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: 'iago@zulip.com' }) });
    const list = await production.fetch(`${SITE}/api/v1/dev_list_users`);
    for (const response of [fetchKey, list]) {
      expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({ status: 404, type: 'text/html; charset=utf-8' });
      expect(await response.text()).toContain('<title>Page not found</title>');
    }
    const login = await post(production, '/fetch_api_key', { username: 'iago@zulip.com', password: 'opensesame' });
    expect(login).toMatchObject({ status: 200, body: { api_key: production.apiKeyOf('iago@zulip.com') } });
    const development = createMockServer();
    expect(await post(development, '/dev_fetch_api_key', { username: 'iago@zulip.com' })).toMatchObject({ status: 200 });
  });
});
