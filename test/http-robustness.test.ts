import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../mock/http/limits';
import { type HttpMock, startHttpMock } from '../mock/runtimes/http';
import { recordExchange } from './support/contract';
import { rawHttp } from './support/raw-http';
import { useTestRealm } from './support/mock';

const logged: string[] = [];
let running: HttpMock;
beforeAll(async () => {
  running = await startHttpMock({
    port: 0,
    onExchange: recordExchange,
    logger: { warn: () => undefined, error: (message) => logged.push(message) },
  });
});
afterAll(() => running.close());


function auth(email = 'iago@zulip.com'): string {
  return `Authorization: Basic ${btoa(`${email}:${running.mock.apiKeyOf(email)}`)}`;
}

async function stillServes(): Promise<void> {
  const response = await fetch(`${running.url}/api/v1/server_settings`);
  expect(response.status).toBe(200);
  expect(logged).toEqual([]);
}

describe('requests that used to crash the standalone server or get a 500', () => {
  it("TRACE no longer kills the process: nginx's 405 on every path (test/http-protocol.test.ts)", async () => {
    for (const path of ['/api/v1/messages', '/']) {
      const response = await rawHttp(running.url, `TRACE ${path} HTTP/1.1\r\nHost: 127.0.0.1`);
      expect([path, response.status, JSON.parse(response.body)]).toEqual([path, 405, { result: 'error', msg: 'Not Allowed', code: 'BAD_REQUEST' }]);
    }
    await stillServes();
  });

  it("a Host header of ':' is the 400 envelope (no loopback name), and the server goes on", async () => {
    const response = await rawHttp(running.url, 'GET /api/v1/server_settings HTTP/1.1\r\nHost: :');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ result: 'error', msg: 'Invalid Host header', code: 'BAD_REQUEST' });
    await stillServes();
  });

  it("a malformed escape in the path (%ZZ, a lone %, %00) is nginx's 400 as an envelope, not a 500, and the server goes on", async () => {
    for (const path of ['/api/v1/messages/%ZZ', '/api/v1/users/me%', '/api/v1/messages/1%00', '/user_uploads/2/ab/%G1.txt']) {
      const response = await rawHttp(running.url, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth()}`);
      expect([path, response.status, JSON.parse(response.body)]).toEqual([path, 400, { result: 'error', msg: 'Bad Request', code: 'BAD_REQUEST' }]);
    }
    await stillServes();
  });

  it('a URL path over 8 kB is the 414 envelope, not a 500', async () => {
    const path = `/api/v1/messages/${'1'.repeat(REQUEST_LIMITS.maxPathLength)}`;
    const response = await rawHttp(running.url, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth()}`);
    expect(response.status).toBe(414);
    expect(JSON.parse(response.body)).toEqual({ result: 'error', msg: 'Request-URI Too Large', code: 'BAD_REQUEST' });
    await stillServes();
  });

  it('a body declared larger than the limit is refused at once with 413, before it is sent', async () => {
    const head = `POST /api/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth()}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 600000000`;
    const response = await rawHttp(running.url, head, 'type=stream&to=Verona');
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ result: 'error', msg: 'Request Entity Too Large', code: 'BAD_REQUEST' });
    await stillServes();
  });

  it('an oversized chunked body is refused with 413 while it is still arriving', async () => {
    const chunk = 'a'.repeat(1024 * 1024);
    const head = `POST /api/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth()}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked`;
    let sent = 0;
    const response = await rawHttp(running.url, head, '', (socket) => {
      const pump = () => {
        while (!socket.destroyed && sent < 200) {
          sent++;
          if (!socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)) return void socket.once('drain', pump);
        }
      };
      socket.on('error', () => undefined);
      pump();
    });
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(200);
    await stillServes();
  });

  it('more fields than Django parses (1000) are a 400, not a minute of work echoed back', async () => {
    const body = Array.from({ length: 200_000 }, (_, index) => `f${index}=1`).join('&');
    const response = await fetch(`${running.url}/api/v1/messages`, {
      method: 'POST',
      headers: { Authorization: auth().slice('Authorization: '.length) },
      body: new URLSearchParams(body),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      result: 'error',
      msg: 'The number of GET/POST parameters exceeded settings.DATA_UPLOAD_MAX_NUMBER_FIELDS.',
      code: 'BAD_REQUEST',
    });
    const query = Array.from({ length: 1001 }, (_, index) => `q${index}=1`).join('&');
    const viaQuery = await fetch(`${running.url}/api/v1/messages/1?${query}`, {
      headers: { Authorization: auth().slice('Authorization: '.length) },
    });
    expect(viaQuery.status).toBe(400);
    await stillServes();
  });

  it('a client that aborts mid-upload is not logged as a mock error, and the server keeps serving', async () => {
    const head = `POST /api/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth()}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000`;
    await rawHttp(running.url, head, 'type=stream&to=Ver', (socket) => setTimeout(() => socket.destroy(), 50));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stillServes();
  });

  it('OPTIONS answers 204 with the allowed methods, HEAD answers like GET without a body', async () => {
    const options = await fetch(`${running.url}/api/v1/messages/1`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('DELETE, GET, HEAD, PATCH');
    const head = await rawHttp(running.url, 'HEAD /api/v1/server_settings HTTP/1.1\r\nHost: 127.0.0.1');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });
});

describe('keep-alive', () => {
  it('an idle connection outlives the 5 s (plus 1 s of grace) after which Node closes one by default, so a request on it is never reset', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status?: number; reused: boolean }>((resolve, reject) => {
        const request = httpRequest(`${running.url}/api/v1/server_settings`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode, reused: request.reusedSocket }));
        });
        request.on('error', reject);
        request.end();
      });
    expect(await get()).toEqual({ status: 200, reused: false });
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(await get()).toEqual({ status: 200, reused: true });
    agent.destroy();
  }, 20_000);
});

describe('repeated parameters', () => {
  const realm = useTestRealm();

  it('a repeated parameter takes its last value, as Django does (in-process and over HTTP)', async () => {
    const body = 'type=stream&to=Verona&topic=t&content=first&content=last';
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const inProcess = (await (await realm.raw('iago@zulip.com', 'POST', '/messages', body, headers)).json()) as {
      id: number;
    };
    expect(realm.mock.store.tables.message.get(inProcess.id)?.content).toBe('last');
    const overHttp = await rawHttp(
      running.url,
      `POST /api/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth()}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}`,
      body,
    );
    const { id } = JSON.parse(overHttp.body) as { id: number };
    expect(running.mock.store.tables.message.get(id)?.content).toBe('last');
  });

  it('an over-long URL in-process gets the same 414 envelope', async () => {
    const response = await realm.raw('iago@zulip.com', 'GET', `/messages/${'9'.repeat(9000)}`);
    expect(response.status).toBe(414);
  });
});
