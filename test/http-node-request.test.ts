import fc from 'fast-check';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import type { MockRequest } from '../mock/http/mock-request';
import { type HttpMock, startHttpMock } from '../mock/runtimes/http';
import { absoluteUrl, disconnectSignal, NodeRequest } from '../mock/runtimes/node-request';
import { readBodyBytes } from '../mock/http/read-body';
import { recordExchange } from './support/contract';
import { rawHttp } from './support/raw-http';

const HAMLET = 'hamlet@zulip.com';

let running: HttpMock;
beforeAll(async () => {
  running = await startHttpMock({ port: 0, onExchange: recordExchange });
});
afterAll(() => running.close());

function basic(email = HAMLET): Record<string, string> {
  return { Authorization: `Basic ${btoa(`${email}:${running.mock.apiKeyOf(email)}`)}` };
}

const SEND = { type: 'stream', to: 'Verona', topic: 'node request', content: 'hello' };

describe('the standalone server hands small bodies to the handlers without a Fetch Request', () => {
  it('a body read whole (Content-Length) and the same body streamed (chunked) get the same answer', async () => {
    const whole = await fetch(`${running.url}/api/v1/messages`, { method: 'POST', headers: basic(), body: new URLSearchParams(SEND) });
    const bytes = new TextEncoder().encode(new URLSearchParams({ ...SEND, content: 'streamed' }).toString());
    const streamed = await fetch(`${running.url}/api/v1/messages`, {
      method: 'POST',
      headers: { ...basic(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new ReadableStream({ start: (controller) => (controller.enqueue(bytes), controller.close()) }),
      duplex: 'half',
    } as RequestInit);
    expect([whole.status, streamed.status]).toEqual([200, 200]);
    const ids = [(await whole.json()) as { id: number }, (await streamed.json()) as { id: number }].map((body) => body.id);
    const contents = ids.map((id) => running.mock.store.tables.message.get(id)?.content);
    expect(contents).toEqual(['hello', 'streamed']);
  });

  it('a tus chunk (streamed, not read whole) is appended, its offset reported on HEAD, and the file served', async () => {
    const tus = { ...basic(), 'Tus-Resumable': '1.0.0' };
    const metadata = `filename ${btoa('n.bin')},filetype ${btoa('application/octet-stream')}`;
    const created = await fetch(`${running.url}/api/v1/tus`, { method: 'POST', headers: { ...tus, 'Upload-Length': '6', 'Upload-Metadata': metadata } });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    const patch = (offset: number, body: Uint8Array<ArrayBuffer>) =>
      fetch(location, { method: 'PATCH', headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, body });
    expect((await patch(0, new Uint8Array([1, 2, 3]))).headers.get('upload-offset')).toBe('3');
    const head = await fetch(location, { method: 'HEAD', headers: tus });
    expect([head.status, head.headers.get('upload-offset')]).toEqual([200, '3']);
    const last = await patch(3, new Uint8Array([4, 5, 6]));
    const { url } = (await last.json()) as { url: string };
    const file = await fetch(`${running.url}${url}`, { headers: basic() });
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a JSON answer carries its Content-Length (not a chunked body) and lower-case header names, HEAD too', async () => {
    const response = await rawHttp(running.url, `GET /api/v1/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic().Authorization}`);
    expect(response.status).toBe(200);
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
    // Node writes its own Connection header; the mock's own names are lower-case, as a Fetch Response lists them.
    expect(response.rawHeaderNames.filter((name) => name !== name.toLowerCase())).toEqual(['Connection']);
    expect(response.rawHeaderNames).toEqual(expect.arrayContaining(['date', 'x-ratelimit-limit', 'content-type']));
    const head = await rawHttp(running.url, `HEAD /api/v1/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic().Authorization}`);
    expect([head.headers['content-length'], head.body]).toEqual([response.headers['content-length'], '']);
  });

  it('HEAD of an API route is answered as GET, with its headers and no body', async () => {
    const head = await fetch(`${running.url}/api/v1/users/me`, { method: 'HEAD', headers: basic() });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'application/json', '']);
    expect(head.headers.get('x-ratelimit-limit')).toBe('200');
  });
});

describe('NodeRequest', () => {
  const signal = new AbortController().signal;

  it('looks headers up by any case and joins repeated ones as Headers does', () => {
    const request = NodeRequest.of('GET', 'http://x/api/v1/users', { 'user-agent': 'bot/1', 'x-list': ['a', 'b'] }, () => signal, undefined);
    expect([request.headers.get('User-Agent'), request.headers.get('x-list'), request.headers.get('missing')]).toEqual(['bot/1', 'a, b', null]);
    const fetchHeaders = new Headers([['x-list', 'a'], ['x-list', 'b']]);
    expect(request.headers.get('x-list')).toBe(fetchHeaders.get('x-list'));
  });

  it('gives its bytes as text and as a stream, and keeps everything but the method in withMethod', async () => {
    const bytes = new TextEncoder().encode('a=1&b=é');
    const request = NodeRequest.of('POST', 'http://x/api/v1/m', { authorization: 'Basic x' }, () => signal, bytes);
    expect(await request.text()).toBe('a=1&b=é');
    expect(new Uint8Array(await new Response(request.body).arrayBuffer())).toEqual(bytes);
    const asGet = request.withMethod('GET');
    expect([asGet.method, asGet.url, asGet.headers.get('authorization'), asGet.bodyBytes, asGet.signal]).toEqual(['GET', request.url, 'Basic x', bytes, signal]);
    const empty = NodeRequest.of('GET', 'http://x/', {}, () => signal, undefined);
    expect([empty.body, await empty.text()]).toEqual([null, '']);
  });
});

describe('absoluteUrl', () => {
  const origin = 'http://127.0.0.1:9991';
  const plain = fc.stringMatching(/^\/[\w\-~!$&'()*+,;=:@%/]{0,40}(\?[\w\-.~!$&()*+,;=:@%/?]{0,40})?$/);

  it('gives what the URL parser gives for the path after the origin, for plain targets (property) and any others', () => {
    fc.assert(fc.property(plain, (target) => absoluteUrl(target, origin) === new URL(origin + target).href));
    for (const target of ['/api/v1/../v1/users', '/a b', '/x?q=a b', '/é', '/api/v1/messages#frag', '/.', '/x?a=%zz']) {
      expect(absoluteUrl(target, origin)).toBe(new URL(target, origin).href);
    }
  });

  it('reads a path as nginx does: // names no host, a backslash is no separator; absolute-form stands for its path; * is no path', () => {
    expect(absoluteUrl('//evil.example/api', origin)).toBe(`${origin}//evil.example/api`);
    expect(absoluteUrl('/api\\v1\\users', origin)).toBe(`${origin}/api%5Cv1%5Cusers`);
    expect(absoluteUrl('http://evil.example:8080/api/v1/users?x=1', origin)).toBe(`${origin}/api/v1/users?x=1`);
    expect([absoluteUrl('*', origin), absoluteUrl('example.com:443', origin), absoluteUrl('ftp://x/api', origin)]).toEqual([undefined, undefined, undefined]);
  });
});

describe('the signal of a request', () => {
  /** What disconnectSignal reads of a ServerResponse. */
  function response(state: { destroyed: boolean; writableFinished: boolean }) {
    return Object.assign(new EventEmitter(), state) as unknown as ServerResponse;
  }

  it('is made only when read, once, and shared with the request as another method', () => {
    let made = 0;
    const request = NodeRequest.of('HEAD', 'http://x/', {}, () => (made++, new AbortController().signal), undefined);
    expect(made).toBe(0);
    const asGet = request.withMethod('GET');
    expect(asGet.signal).toBe(request.signal);
    expect(made).toBe(1);
  });

  it('aborts when the client hangs up before the answer, not after it', () => {
    const waiting = response({ destroyed: false, writableFinished: false });
    const signal = disconnectSignal(waiting);
    expect(signal.aborted).toBe(false);
    waiting.emit('close');
    expect(signal.aborted).toBe(true);
    const answered = response({ destroyed: false, writableFinished: true });
    const kept = disconnectSignal(answered);
    answered.emit('close');
    expect(kept.aborted).toBe(false);
  });

  it('is already aborted when read after the client has gone', () => {
    expect(disconnectSignal(response({ destroyed: true, writableFinished: false })).aborted).toBe(true);
    expect(disconnectSignal(response({ destroyed: true, writableFinished: true })).aborted).toBe(false);
  });
});

describe('MockServer.dispatch takes any MockRequest', () => {
  it('answers a plain object with HEAD as GET, and reads a query only before a fragment', async () => {
    const mock = createMockServer({ baseUrl: 'http://chat.test' });
    const authorization = `Basic ${btoa(`${HAMLET}:${mock.apiKeyOf(HAMLET)}`)}`;
    const plain = (method: string, url: string): MockRequest => ({
      method,
      url,
      headers: { get: (name) => (name.toLowerCase() === 'authorization' ? authorization : null) },
      body: null,
      signal,
      text: async () => '',
    });
    const head = await mock.dispatch(plain('HEAD', 'http://chat.test/api/v1/users/me'));
    expect(head?.status).toBe(200);
    const fragment = await mock.dispatch(plain('GET', 'http://chat.test/api/v1/messages#?anchor=newest&num_before=1&num_after=0'));
    expect([fragment?.status, ((await fragment?.json()) as { msg: string }).msg]).toEqual([400, "Missing 'anchor' argument."]);
  });

  it('copies a body it keeps: the caller may reuse its buffer', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const read = await readBodyBytes({ ...NodeRequest.of('POST', 'http://x/', {}, () => signal, bytes) } as unknown as MockRequest, 10);
    const kept = await readBodyBytes(NodeRequest.of('POST', 'http://x/', {}, () => signal, bytes), 10);
    bytes[0] = 9;
    expect([[...read], [...kept]]).toEqual([[1, 2, 3], [1, 2, 3]]);
  });

  it('answers a plain object carrying the request as a Fetch Request would be answered', async () => {
    const mock = createMockServer({ baseUrl: 'http://chat.test' });
    const authorization = `Basic ${btoa(`${HAMLET}:${mock.apiKeyOf(HAMLET)}`)}`;
    const body = new TextEncoder().encode(new URLSearchParams(SEND).toString());
    const plain: MockRequest = {
      method: 'POST',
      url: 'http://chat.test/api/v1/messages',
      headers: { get: (name) => ({ authorization, 'content-type': 'application/x-www-form-urlencoded' })[name.toLowerCase()] ?? null },
      body: null,
      bodyBytes: body,
      signal,
      text: async () => new TextDecoder().decode(body),
    };
    const answered = await mock.dispatch(plain);
    const fetched = await mock.fetch('http://chat.test/api/v1/messages', { method: 'POST', headers: { authorization }, body: new URLSearchParams(SEND) });
    const [first, second] = [(await answered?.json()) as { id: number }, (await fetched.json()) as { id: number }];
    expect([answered?.status, second.id - first.id]).toEqual([200, 1]);
    expect(mock.store.tables.message.get(first.id)?.content).toBe('hello');
  });
});

const signal = new AbortController().signal;
