import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

/** A request over HTTP with exactly these headers (node:http adds no User-Agent, unlike fetch). */
function send(method: string, path: string, headers: Record<string, string>): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${http.running.url}${path}`, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, type: incoming.headers['content-type'], body: Buffer.concat(chunks).toString() }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('GET /compatibility over real HTTP (the standalone server)', () => {
  it('a request without a User-Agent header is refused, naming it', async () => {
    const response = await send('GET', '/compatibility', {});
    expect([response.status, JSON.parse(response.body)]).toEqual([400, { result: 'error', msg: 'User-Agent header missing from request', code: 'BAD_REQUEST' }]);
  });

  it('ZulipInvalid and the Android app before 16.2.96 are too old; the iOS app and a newer Android app pass', async () => {
    const tooOld = { result: 'error', msg: 'Client is too old', code: 'BAD_REQUEST' };
    for (const agent of ['ZulipInvalid', 'ZulipMobile/16.2.95 (Android 9)']) {
      const response = await send('GET', '/compatibility', { 'User-Agent': agent });
      expect([response.status, JSON.parse(response.body)], agent).toEqual([400, tooOld]);
    }
    for (const agent of ['ZulipMobile/16.2.95 (iOS 12.1)', 'ZulipMobile/27.230 (Android 14)', 'curl/8.5.0']) {
      const response = await send('GET', '/compatibility', { 'User-Agent': agent });
      expect([response.status, JSON.parse(response.body)], agent).toEqual([200, { result: 'success', msg: '' }]);
    }
    expect(http.running.mock.journal.entries.at(-1)).toMatchObject({ operation: 'check-compatibility', path: '/compatibility', status: 200 });
  });

  it("POST fails Django's CSRF check: the 403 HTML page, not the envelope", async () => {
    const response = await send('POST', '/compatibility', { 'User-Agent': 'ZulipMobile/27.230 (Android 14)' });
    expect([response.status, response.type]).toEqual([403, 'text/html; charset=utf-8']);
    expect(response.body).toContain('Access forbidden (403)');
  });
});
