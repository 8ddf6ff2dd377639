import { describe, expect, it } from 'vitest';
import { ChatClient } from '../src';
import type { HttpMock } from '../mock/runtimes/http';
import { useHttpMockPerTest } from './support/http-mock';
import { hostAllowed, loggedPath } from '../mock/runtimes/http-policy';
import { rawHttp } from './support/raw-http';

const INVALID_HOST = { result: 'error', msg: 'Invalid Host header', code: 'BAD_REQUEST' };

const start = useHttpMockPerTest();

function get(server: HttpMock, path: string, headers: Record<string, string>) {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return rawHttp(server.url, [`GET ${path} HTTP/1.1`, ...lines].join('\r\n'));
}

describe('Host check (DNS rebinding) while listening on loopback', () => {
  it('a foreign Host gets the 400 envelope and never reaches the API', async () => {
    const server = await start();
    const before = server.mock.journal.entries.length;
    const response = await get(server, '/api/v1/server_settings', { Host: 'attacker.example:9991' });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual(INVALID_HOST);
    expect(server.mock.journal.entries.length).toBe(before);
  });

  it('loopback names with or without a port are served', async () => {
    const server = await start();
    const { port } = new URL(server.url);
    for (const host of ['127.0.0.1', `127.0.0.1:${port}`, `localhost:${port}`, 'LOCALHOST', '[::1]:80', '127.1.2.3']) {
      const response = await get(server, '/api/v1/server_settings', { Host: host });
      expect(response.status, host).toBe(200);
    }
  });

  it('allowedHosts admits the names given (a proxy or container name), case-insensitively', async () => {
    const server = await start({ allowedHosts: ['mock.internal'] });
    expect((await get(server, '/api/v1/server_settings', { Host: 'Mock.Internal:8080' })).status).toBe(200);
    expect((await get(server, '/api/v1/server_settings', { Host: 'other.internal' })).status).toBe(400);
  });

  it('listening beyond loopback, any Host is served (the names it is reached by are unknown)', () => {
    expect(hostAllowed('attacker.example', '0.0.0.0')).toBe(true);
    expect(hostAllowed('attacker.example', '127.0.0.1')).toBe(false);
    expect(hostAllowed(undefined, '127.0.0.1')).toBe(false);
  });

  it('the SDK, which sends the URL host, works unchanged', async () => {
    const server = await start();
    const client = new ChatClient({ site: server.url, email: 'iago@zulip.com', apiKey: server.mock.apiKeyOf('iago@zulip.com') });
    await expect(client.server.getSettings()).resolves.toMatchObject({ zulip_feature_level: 435 });
  });
});

describe('CORS', () => {
  const ORIGIN = 'http://localhost:5173';

  it('off by default: no Access-Control headers, and a preflight is not answered as one', async () => {
    const server = await start();
    const plain = await get(server, '/api/v1/server_settings', { Host: '127.0.0.1', Origin: ORIGIN });
    expect(plain.status).toBe(200);
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await rawHttp(
      server.url,
      `OPTIONS /api/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${ORIGIN}\r\nAccess-Control-Request-Method: POST`,
    );
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('--cors ORIGIN answers its preflights with 204 and marks answers to it', async () => {
    const server = await start({ cors: ORIGIN });
    const preflight = await rawHttp(
      server.url,
      `OPTIONS /api/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${ORIGIN}\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: authorization, content-type`,
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': ORIGIN,
      'access-control-allow-headers': 'authorization, content-type',
      vary: 'Origin',
    });
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    const answer = await get(server, '/api/v1/server_settings', { Host: '127.0.0.1', Origin: ORIGIN });
    expect(answer.headers['access-control-allow-origin']).toBe(ORIGIN);
    const other = await get(server, '/api/v1/server_settings', { Host: '127.0.0.1', Origin: 'http://evil.example' });
    expect(other.status).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    // A file page varies by Accept too: both stay, so a cache keeps answers to other origins apart.
    const file = await get(server, '/user_uploads/2/ab/missing.txt', { Host: '127.0.0.1', Origin: ORIGIN });
    expect(file.headers.vary).toBe('Origin, Accept');
  });

  it('--cors with several origins marks answers to each of them, and to no other', async () => {
    const server = await start({ cors: [ORIGIN, 'http://localhost:6006'] });
    for (const origin of [ORIGIN, 'http://localhost:6006']) {
      const answer = await get(server, '/api/v1/server_settings', { Host: '127.0.0.1', Origin: origin });
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
    }
    const other = await get(server, '/api/v1/server_settings', { Host: '127.0.0.1', Origin: 'http://evil.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers to the allowed origin expose the headers the SDK reads (rate limits, the resumable upload protocol)', async () => {
    // Without Access-Control-Expose-Headers a cross-origin page reads these as absent: the SDK's
    // resumable upload then PATCHed the API root (no Location) and its pacing saw no limits.
    const server = await start({ cors: ORIGIN });
    const answer = await get(server, '/api/v1/server_settings', { Host: '127.0.0.1', Origin: ORIGIN });
    const exposed = String(answer.headers['access-control-expose-headers']).split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['date', 'location', 'upload-offset', 'retry-after', 'x-ratelimit-remaining', 'x-ratelimit-reset']));
    const other = await get(server, '/api/v1/server_settings', { Host: '127.0.0.1', Origin: 'http://evil.example' });
    expect(other.headers['access-control-expose-headers']).toBeUndefined();
  });

  it("'*' allows any origin, echoing it back", async () => {
    const server = await start({ cors: '*' });
    const answer = await get(server, '/api/v1/server_settings', { Host: '127.0.0.1', Origin: 'http://app.test' });
    expect(answer.headers['access-control-allow-origin']).toBe('http://app.test');
  });
});

describe('request log', () => {
  it('one line per request: method, path, status, time; secret values are redacted', async () => {
    const lines: string[] = [];
    const server = await start({ log: (line) => lines.push(line) });
    await fetch(`${server.url}/api/v1/server_settings`);
    await fetch(`${server.url}/api/v1/fetch_api_key?username=iago%40zulip.com&password=hunter2`, { method: 'POST' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines[0]).toMatch(/^GET \/api\/v1\/server_settings 200 \d+\.\d ms$/);
    expect(lines[1]).toMatch(/^POST \/api\/v1\/fetch_api_key\?username=iago%40zulip\.com&password=%5Bredacted%5D \d{3} /);
    expect(lines.join('\n')).not.toContain('hunter2');
  });

  it('a long-poll the client gave up on is logged with - for its status, not 200', async () => {
    const lines: string[] = [];
    const server = await start({ log: (line) => lines.push(line) });
    const iago = new ChatClient({ site: server.url, email: 'iago@zulip.com', apiKey: server.mock.apiKeyOf('iago@zulip.com'), maxRetries: 0 });
    const { queue_id } = await iago.events.register({ event_types: ['message'] });
    const left = iago.events.get({ queue_id: queue_id ?? '', last_event_id: -1 }, { signal: AbortSignal.timeout(300) });
    await expect(left).rejects.toMatchObject({ name: 'TimeoutError' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines[1]).toMatch(/^GET \/api\/v1\/events\?.* - \(the connection closed before the whole answer\) \d+\.\d ms$/);
  });

  it('a request the client got no whole answer to is not logged as 200 (injected network and stall faults)', async () => {
    const lines: string[] = [];
    const server = await start({ log: (line) => lines.push(line) });
    server.mock.faults.inject({ kind: 'network', operation: 'GET /server_settings' });
    await expect(fetch(`${server.url}/api/v1/server_settings`)).rejects.toThrow();
    // A stall sends its headers, then never ends the body: the client gives up.
    server.mock.faults.inject({ kind: 'stall', operation: 'GET /server_settings' });
    const gaveUp = fetch(`${server.url}/api/v1/server_settings`, { signal: AbortSignal.timeout(300) }).then((response) => response.text());
    await expect(gaveUp).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await fetch(`${server.url}/api/v1/server_settings`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines).toEqual([
      expect.stringMatching(/^GET \/api\/v1\/server_settings - \(the connection closed before the whole answer\) \d+\.\d ms$/),
      expect.stringMatching(/^GET \/api\/v1\/server_settings - \(the connection closed before the whole answer\) \d+\.\d ms$/),
      expect.stringMatching(/^GET \/api\/v1\/server_settings 200 \d+\.\d ms$/),
    ]);
  });

  it('loggedPath redacts every secret-named query parameter and keeps the others', () => {
    expect(loggedPath('/api/v1/x?api_key=abc&anchor=5&token=t')).toBe('/api/v1/x?api_key=%5Bredacted%5D&anchor=5&token=%5Bredacted%5D');
    expect(loggedPath('/plain')).toBe('/plain');
    expect(loggedPath(undefined)).toBe('/');
  });
});

describe('a page calling from an origin whose answers it cannot read', () => {
  const PAGE = 'http://127.0.0.1:5173';

  it('warns once per origin without the request log, naming the --cors to add to those given', async () => {
    const warnings: string[] = [];
    const server = await start({ cors: 'http://localhost:5173', warn: (line) => warnings.push(line) });
    for (let round = 0; round < 3; round++) await get(server, '/api/v1/server_settings', { Host: '127.0.0.1', Origin: PAGE });
    await get(server, '/api/v1/server_settings', { Host: '127.0.0.1', Origin: 'http://localhost:5173' });
    expect(warnings).toEqual([
      `teamchat-mock: a page on ${PAGE} calls the API, but it is not among the --cors origins (http://localhost:5173): the browser hides every answer from it (add --cors ${PAGE} to those)`,
    ]);
  });

  it('without --cors, the warning says so; a same-origin request through a dev server proxy (Sec-Fetch-Site: same-origin) is neither warned of nor noted in the log', async () => {
    const warnings: string[] = [];
    const lines: string[] = [];
    const server = await start({ warn: (line) => warnings.push(line), log: (line) => lines.push(line) });
    await get(server, '/api/v1/server_settings?via=proxy', { Host: '127.0.0.1', Origin: PAGE, 'Sec-Fetch-Site': 'same-origin' });
    expect(warnings).toEqual([]);
    await get(server, '/api/v1/server_settings?via=page', { Host: '127.0.0.1', Origin: PAGE, 'Sec-Fetch-Site': 'same-site' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(warnings).toEqual([
      `teamchat-mock: a page on ${PAGE} calls the API, but the server was started without --cors: the browser hides every answer from it (start with --cors ${PAGE})`,
    ]);
    expect(lines).toEqual([
      expect.stringMatching(/^GET \/api\/v1\/server_settings\?via=proxy 200 \d+\.\d ms$/),
      expect.stringMatching(/^GET \/api\/v1\/server_settings\?via=page 200 \d+\.\d ms \(origin http:\/\/127\.0\.0\.1:5173 and no --cors: the browser hides this answer from the page\)$/),
    ]);
  });
});
