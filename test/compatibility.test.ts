import { describe, expect, it } from 'vitest';
import { SITE, useTestRealm } from './support/mock';

const warnings: string[] = [];
const realm = useTestRealm({ logger: { warn: (message) => warnings.push(message), error: (message) => warnings.push(message) } });

const TOO_OLD = { status: 400, body: { result: 'error', msg: 'Client is too old', code: 'BAD_REQUEST' } };
const COMPATIBLE = { status: 200, body: { result: 'success', msg: '' } };

/** `/compatibility` through `mock.fetch` (the handlers without MSW), with this User-Agent or none. */
async function direct(userAgent?: string, method = 'GET') {
  const headers: Record<string, string> = userAgent === undefined ? {} : { 'User-Agent': userAgent };
  const response = await realm.mock.fetch(new Request(`${SITE}/compatibility`, { method, headers }));
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('GET /compatibility: the global check the mobile apps make first (at the site root, no credentials)', () => {
  it('without a User-Agent: 400, the header named', async () => {
    expect(await direct()).toEqual({ status: 400, body: { result: 'error', msg: 'User-Agent header missing from request', code: 'BAD_REQUEST' } });
  });

  it('the test client ZulipInvalid is too old, with or without a version', async () => {
    expect(await direct('ZulipInvalid')).toEqual(TOO_OLD);
    expect(await direct('ZulipInvalid/1.0 (test)')).toEqual(TOO_OLD);
    expect(await direct('ZulipInvalidX/1.0')).toEqual(COMPATIBLE);
  });

  it('the mobile app on Android before 16.2.96 is too old; 16.2.96 and later, and a version that cannot compare, are not', async () => {
    expect(await direct('ZulipMobile/16.2.95 (Android 9)')).toEqual(TOO_OLD);
    expect(await direct('ZulipMobile/16.2 (Linux; U; android 8.0)')).toEqual(TOO_OLD);
    expect(await direct('ZulipMobile/16.2.96 (Android 9)')).toEqual(COMPATIBLE);
    expect(await direct('ZulipMobile/27.230 (Android 14)')).toEqual(COMPATIBLE);
    expect(await direct('ZulipMobile/beta (Android 9)')).toEqual(COMPATIBLE);
    // No version at all: the server's version_lt fails on None (HTTP 500); the mock lets it through.
    expect(await direct('ZulipMobile (Android 9)')).toEqual(COMPATIBLE);
    // Android as a word, as Python's `\b` reads it: a letter before it (any script) makes it another word.
    expect(await direct('ZulipMobile/1.0 (éAndroid)')).toEqual(COMPATIBLE);
    expect(await direct('ZulipMobile/1.0 (Android²)')).toEqual(COMPATIBLE);
    expect(await direct('ZulipMobile/1.0 (ANDROID; x)')).toEqual(TOO_OLD);
  });

  it('on iOS the server has no minimum version: any ZulipMobile passes', async () => {
    expect(await direct('ZulipMobile/1.0 (iOS 10.3)')).toEqual(COMPATIBLE);
    expect(await direct('ZulipMobile/16.2.95 (iPhone OS 12)')).toEqual(COMPATIBLE);
  });

  it('an empty User-Agent is one: any other client passes', async () => {
    expect(await direct('')).toEqual(COMPATIBLE);
    expect(await direct('Mozilla/5.0 (Linux; Android 9)')).toEqual(COMPATIBLE);
  });

  it('a plain view without method checks: OPTIONS and HEAD are answered; unsafe methods fail Django\'s CSRF check (403 page)', async () => {
    expect(await direct('ZulipMobile/27.230 (Android 14)', 'OPTIONS')).toEqual(COMPATIBLE);
    const head = await realm.mock.fetch(`${SITE}/compatibility`, { method: 'HEAD', headers: { 'User-Agent': 'ZulipInvalid' } });
    expect([head.status, await head.text()]).toEqual([400, '']);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await realm.mock.fetch(`${SITE}/compatibility`, { method, headers: { 'User-Agent': 'ZulipMobile/27.230 (Android 14)' } });
      expect([response.status, response.headers.get('content-type')], method).toEqual([403, 'text/html; charset=utf-8']);
      expect(await response.text(), method).toContain('Access forbidden (403)');
    }
  });

  it('through MSW (setupServer) as through mock.fetch', async () => {
    const response = await fetch(`${SITE}/compatibility`, { headers: { 'User-Agent': 'ZulipMobile/16.2.95 (Android 9)' } });
    expect({ status: response.status, body: await response.json() }).toEqual(TOO_OLD);
  });

  it('is journaled as check-compatibility, and is a fault target by ID or route', async () => {
    realm.mock.faults.inject({ kind: 'status', status: 503, operation: 'GET /compatibility' });
    expect((await direct('ZulipMobile/27.230 (Android 14)')).status).toBe(503);
    await direct('ZulipInvalid');
    expect(realm.mock.journal.entries.at(-1)).toMatchObject({ operation: 'check-compatibility', method: 'GET', path: '/compatibility', status: 400, code: 'BAD_REQUEST' });
    expect(() => realm.mock.faults.inject({ kind: 'network', operation: 'check-compatibility' })).not.toThrow();
  });

  it('is not under /api/v1: there it is the 404 page, whose hint names the route at the root', async () => {
    warnings.length = 0;
    const response = await realm.mock.fetch(`${SITE}/api/v1/compatibility`, { headers: { 'User-Agent': 'ZulipMobile/27.230 (Android 14)' } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('GET /compatibility (at the site root, not under /api/v1)');
    expect(warnings[0]).toContain('the closest are: GET /compatibility (at the site root, not under /api/v1)');
    expect((await realm.mock.fetch(`${SITE}/api/v1/compatibility`, { method: 'POST' })).status).toBe(404);
  });
});
