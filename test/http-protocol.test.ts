import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpMock, startHttpMock } from '../mock/runtimes/http';
import { rawConversation } from './support/raw-exchange';

const logged: string[] = [];
let running: HttpMock;
beforeAll(async () => {
  running = await startHttpMock({ port: 0, logger: { warn: () => undefined, error: (message) => logged.push(message) } });
});
afterAll(() => running.close());

const IAGO = 'iago@zulip.com';

function authorization(): string {
  return `Authorization: Basic ${btoa(`${IAGO}:${running.mock.apiKeyOf(IAGO)}`)}`;
}

function get(path: string, ...headers: string[]): string {
  return [`GET ${path} HTTP/1.1`, 'Host: 127.0.0.1', authorization(), ...headers, '', ''].join('\r\n');
}

function send(topic: string, ...headers: string[]): string {
  const body = new URLSearchParams({ type: 'stream', to: 'Verona', topic, content: 'pipelined' }).toString();
  return [
    'POST /api/v1/messages HTTP/1.1',
    'Host: 127.0.0.1',
    authorization(),
    'Content-Type: application/x-www-form-urlencoded',
    `Content-Length: ${body.length}`,
    ...headers,
    '',
    body,
  ].join('\r\n');
}

function sentTo(topic: string): number[] {
  return running.mock.store.tables.message
    .all()
    .filter((message) => message.topic === topic)
    .map((message) => message.id);
}

describe('pipelined requests on one connection', () => {
  it('are answered in order, keep-alive and close mixed: the connection closes after the first Connection: close', async () => {
    const conversation = await rawConversation(running.url, [
      get('/api/v1/users/me') + send('pipelined in order') + get('/api/v1/server_settings', 'Connection: close'),
    ]);
    expect(conversation.answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(conversation.ended).toBe('closed');
    const { id } = JSON.parse(conversation.answers[1]?.body ?? '{}') as { id: number };
    expect(sentTo('pipelined in order')).toEqual([id]);
  });

  it('are handled one after another, as nginx reads each once the one before is answered: a GET pipelined after a send finds the message', async () => {
    for (const round of [1, 2, 3]) {
      const topic = `pipelined then read ${round}`;
      const narrow = encodeURIComponent(JSON.stringify([{ operator: 'channel', operand: 'Verona' }, { operator: 'topic', operand: topic }]));
      const conversation = await rawConversation(running.url, [send(topic) + get(`/api/v1/messages?anchor=newest&num_before=5&num_after=0&narrow=${narrow}`, 'Connection: close')]);
      expect(conversation.answers.map((answer) => answer.status)).toEqual([200, 200]);
      const { id } = JSON.parse(conversation.answers[0]?.body ?? '{}') as { id: number };
      const { messages } = JSON.parse(conversation.answers[1]?.body ?? '{}') as { messages: { id: number }[] };
      expect([round, messages.map((message) => message.id)]).toEqual([round, [id]]);
    }
  });

  it('a client that pipelines without reading the answers is read no further once some wait, as nginx reads a request only when it handles it', async () => {
    const { hostname, port } = new URL(running.url);
    const socket = connect(Number(port), hostname);
    socket.pause();
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    // 24 MB of requests, whose answers soon fill the connection's buffers: node:http alone parsed
    // and held them all (the answers waiting their turn had written nothing, so it never stopped).
    const padded = get('/api/v1/server_settings', `X-Padding: ${'p'.repeat(800)}`);
    for (let index = 0; index < 24_000_000 / padded.length; index++) socket.write(padded);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const unread = socket.writableLength;
    socket.destroy();
    expect(unread).toBeGreaterThan(8_000_000);
    expect((await fetch(`${running.url}/api/v1/server_settings`)).status).toBe(200);
  });

  it('a request after one with Connection: close is ignored, as nginx does, not answered 400 in place of the answers before it', async () => {
    const conversation = await rawConversation(running.url, [
      send('before a close') + get('/api/v1/users/me', 'Connection: close') + get('/api/v1/users/me'),
    ]);
    expect(conversation.answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(conversation.ended).toBe('closed');
    const { id } = JSON.parse(conversation.answers[0]?.body ?? '{}') as { id: number };
    expect(sentTo('before a close')).toEqual([id]);
  });

  it('a malformed request after valid ones: their answers first, then the 400 and the close (the client is never told 400 for a message that was sent)', async () => {
    const conversation = await rawConversation(running.url, [
      send('before garbage') + get('/api/v1/users/me') + 'GET /api/v1/users/me HTTP/1.1\r\nA header without a colon\r\n\r\n',
    ]);
    expect(conversation.answers.map((answer) => answer.status)).toEqual([200, 200, 400]);
    expect(conversation.answers[2]?.headers.connection).toBe('close');
    expect(conversation.ended).toBe('closed');
    const { id } = JSON.parse(conversation.answers[0]?.body ?? '{}') as { id: number };
    expect(sentTo('before garbage')).toEqual([id]);
  });

  it('a header block over 16 kB after a valid request: its answer first, then 431 and the close', async () => {
    const conversation = await rawConversation(running.url, [send('before large headers') + get('/api/v1/users/me', `X-Large: ${'a'.repeat(20_000)}`)]);
    expect(conversation.answers.map((answer) => answer.status)).toEqual([200, 431]);
    expect(conversation.ended).toBe('closed');
    const { id } = JSON.parse(conversation.answers[0]?.body ?? '{}') as { id: number };
    expect(sentTo('before large headers')).toEqual([id]);
  });

  it('a broken chunked body after a valid request: its answer first, then the 400 and the close', async () => {
    const chunked = ['POST /api/v1/messages HTTP/1.1', 'Host: 127.0.0.1', authorization(), 'Transfer-Encoding: chunked', '', 'zz', 'type=stream', '0', '', ''].join('\r\n');
    const conversation = await rawConversation(running.url, [send('before a broken chunk') + chunked]);
    expect(conversation.answers.map((answer) => answer.status)).toEqual([200, 400]);
    expect(conversation.ended).toBe('closed');
    const { id } = JSON.parse(conversation.answers[0]?.body ?? '{}') as { id: number };
    expect(sentTo('before a broken chunk')).toEqual([id]);
  });

  it('a body longer than its Content-Length: the request is answered, then the excess is the next request (400, closed)', async () => {
    const conversation = await rawConversation(running.url, [send('excess body') + 'excess bytes\r\n\r\n']);
    expect(conversation.answers.map((answer) => answer.status)).toEqual([200, 400]);
    const { id } = JSON.parse(conversation.answers[0]?.body ?? '{}') as { id: number };
    expect(sentTo('excess body')).toEqual([id]);
    expect(logged).toEqual([]);
  });
});

describe('CONNECT and TRACE', () => {
  const NOT_ALLOWED = { result: 'error', msg: 'Not Allowed', code: 'BAD_REQUEST' };

  it("are nginx's 405 on every path, whatever the Host, and the connection closed (nginx refuses both before any location), not closed without an answer", async () => {
    const requests = [
      'CONNECT /api/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      'CONNECT example.com:443 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
      `TRACE /api/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n${authorization()}\r\n\r\n${get('/api/v1/users/me')}`,
      'TRACE / HTTP/1.1\r\nHost: evil.example\r\n\r\n',
    ];
    for (const request of requests) {
      const conversation = await rawConversation(running.url, [request]);
      const answers = conversation.answers.map((answer) => [answer.status, answer.headers['content-type'], answer.headers.connection, JSON.parse(answer.body) as unknown]);
      expect([request.split('\r\n')[0], answers, conversation.ended]).toEqual([request.split('\r\n')[0], [[405, 'application/json', 'close', NOT_ALLOWED]], 'closed']);
    }
    expect(logged).toEqual([]);
  });
});

describe('CONNECT pipelined after a request', () => {
  it("waits for that request's answer, which holds the socket: its answer, then the 405 and the close (node:http threw, and the process exited)", async () => {
    const conversation = await rawConversation(running.url, [get('/api/v1/users/me') + 'CONNECT example.com:443 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n']);
    expect(conversation.answers.map((answer) => [answer.status, answer.headers.connection])).toEqual([
      [200, 'keep-alive'],
      [405, 'close'],
    ]);
    expect(conversation.ended).toBe('closed');
    expect((await fetch(`${running.url}/api/v1/server_settings`)).status).toBe(200);
  });
});

describe('CONNECT pipelined after a long-poll, then the connection reset', () => {
  it('the reset is no uncaught error once the poll is answered (node:http leaves a CONNECT socket without an error listener): the server goes on', async () => {
    const client = running.mock.clientFor(IAGO);
    const queue = await client.events.register({ event_types: ['message'] });
    const poll = get(`/api/v1/events?queue_id=${queue.queue_id ?? ''}&last_event_id=${queue.last_event_id}`);
    const reset = await rawConversation(running.url, [poll + 'CONNECT example.com:443 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', { pauseMs: 100 }, { reset: true }]);
    expect(reset.answers).toEqual([]);
    await client.messages.send({ type: 'channel', to: 'Verona', topic: 'wakes the poll', content: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${running.url}/api/v1/server_settings`)).status).toBe(200);
    expect(logged).toEqual([]);
  });
});

describe('request targets', () => {
  it('a path starting // names no host: //evil.example/api/v1/users/me is no route (nginx passes that path on), not /api/v1/users/me', async () => {
    const conversation = await rawConversation(running.url, [get('//evil.example/api/v1/users/me', 'Connection: close')]);
    expect(conversation.answers.map((answer) => [answer.status, answer.headers['content-type']])).toEqual([[404, 'text/html; charset=utf-8']]);
  });

  it('a backslash is a character of the path, not a separator (nginx and Django read it so): no route', async () => {
    const conversation = await rawConversation(running.url, [get('/api\\v1\\users\\me', 'Connection: close')]);
    expect(conversation.answers.map((answer) => [answer.status, answer.headers['content-type']])).toEqual([[404, 'text/html; charset=utf-8']]);
  });

  it('an absolute-form target is served on its path, and its host is the one checked, as nginx takes it over the Host header', async () => {
    const { host } = new URL(running.url);
    const own = await rawConversation(running.url, [get(`http://${host}/api/v1/users/me`, 'Connection: close')]);
    expect(own.answers.map((answer) => [answer.status, (JSON.parse(answer.body) as { email?: string }).email])).toEqual([[200, IAGO]]);
    const other = await rawConversation(running.url, [get('http://evil.example/api/v1/users/me', 'Connection: close')]);
    expect(other.answers.map((answer) => [answer.status, JSON.parse(answer.body) as unknown])).toEqual([
      [400, { result: 'error', msg: 'Invalid Host header', code: 'BAD_REQUEST' }],
    ]);
  });

  it('OPTIONS * (no path) is 400, as nginx refuses it, not the 404 page of a path named *', async () => {
    const conversation = await rawConversation(running.url, ['OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n']);
    expect(conversation.answers.map((answer) => [answer.status, JSON.parse(answer.body) as unknown])).toEqual([
      [400, { result: 'error', msg: 'Bad Request', code: 'BAD_REQUEST' }],
    ]);
    expect(logged).toEqual([]);
  });
});

describe('request framing nginx reads otherwise than node:http', () => {
  it('an Expect other than 100-continue is ignored, as nginx does, not refused with 417', async () => {
    const conversation = await rawConversation(running.url, [send('expecting something', 'Expect: something-else', 'Connection: close')]);
    expect(conversation.answers.map((answer) => answer.status)).toEqual([200]);
    const { id } = JSON.parse(conversation.answers[0]?.body ?? '{}') as { id: number };
    expect(sentTo('expecting something')).toEqual([id]);
  });

  it('Expect: 100-continue gets 100 Continue when the body is wanted, and not before a refusal of its declared size', async () => {
    const body = new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'expecting to continue', content: 'x' }).toString();
    const head = ['POST /api/v1/messages HTTP/1.1', 'Host: 127.0.0.1', authorization(), 'Content-Type: application/x-www-form-urlencoded', 'Expect: 100-continue'];
    const wanted = await rawConversation(running.url, [[...head, `Content-Length: ${body.length}`, 'Connection: close', '', ''].join('\r\n'), { pauseMs: 200 }, body]);
    expect(wanted.answers.map((answer) => answer.status)).toEqual([100, 200]);
    const { id } = JSON.parse(wanted.answers[1]?.body ?? '{}') as { id: number };
    expect(sentTo('expecting to continue')).toEqual([id]);
    const tooLarge = await rawConversation(running.url, [[...head, 'Content-Length: 600000000', '', ''].join('\r\n')]);
    expect(tooLarge.answers.map((answer) => [answer.status, answer.headers.connection])).toEqual([[413, 'close']]);
    expect(tooLarge.ended).toBe('closed');
  });

  it('a Transfer-Encoding other than chunked alone is 501, as nginx answers it, not a body read as it stands', async () => {
    const body = new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'gzip then chunked', content: 'x' }).toString();
    const head = ['POST /api/v1/messages HTTP/1.1', 'Host: 127.0.0.1', authorization(), 'Content-Type: application/x-www-form-urlencoded'];
    for (const encoding of ['gzip, chunked', 'gzip']) {
      const framed = encoding.endsWith('chunked') ? `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n` : body;
      const conversation = await rawConversation(running.url, [[...head, `Transfer-Encoding: ${encoding}`, '', framed].join('\r\n')]);
      expect([encoding, conversation.answers.map((answer) => [answer.status, answer.headers.connection])]).toEqual([encoding, [[501, 'close']]]);
      expect(conversation.ended).toBe('closed');
    }
    expect(sentTo('gzip then chunked')).toEqual([]);
    const chunked = await rawConversation(running.url, [[...head, 'Transfer-Encoding: Chunked', 'Connection: close', '', `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`].join('\r\n')]);
    expect(chunked.answers.map((answer) => answer.status)).toEqual([200]);
  });

  it('Transfer-Encoding with a Content-Length, or on an HTTP/1.0 request, is 400, as nginx refuses both', async () => {
    const body = new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'both lengths', content: 'x' }).toString();
    const chunks = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const headers = ['Host: 127.0.0.1', authorization(), 'Content-Type: application/x-www-form-urlencoded', 'Transfer-Encoding: chunked'];
    const withLength = await rawConversation(running.url, [['POST /api/v1/messages HTTP/1.1', ...headers, `Content-Length: ${chunks.length}`, '', chunks].join('\r\n')]);
    expect(withLength.answers.map((answer) => answer.status)).toEqual([400]);
    const http10 = await rawConversation(running.url, [['POST /api/v1/messages HTTP/1.0', ...headers, '', chunks].join('\r\n')]);
    expect(http10.answers.map((answer) => [answer.status, JSON.parse(answer.body) as unknown])).toEqual([
      [400, { result: 'error', msg: 'Bad Request', code: 'BAD_REQUEST' }],
    ]);
    expect(sentTo('both lengths')).toEqual([]);
  });
});

describe('header lines nginx takes once', () => {
  it('Host, Authorization or Expect sent twice is 400 and the connection closed, as nginx refuses a duplicate of a header it takes once, not the first one used', async () => {
    const body = new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'twice', content: 'x' }).toString();
    const head = ['POST /api/v1/messages HTTP/1.1', 'Content-Type: application/x-www-form-urlencoded'];
    const twice = {
      host: [...head, 'Host: 127.0.0.1', 'Host: 127.0.0.1', authorization(), `Content-Length: ${body.length}`, '', body],
      authorization: [...head, 'Host: 127.0.0.1', authorization(), authorization(), `Content-Length: ${body.length}`, '', body],
      expect: [...head, 'Host: 127.0.0.1', authorization(), 'Expect: 100-continue', 'Expect: 100-continue', `Content-Length: ${body.length}`, '', body],
    };
    for (const [name, lines] of Object.entries(twice)) {
      const conversation = await rawConversation(running.url, [lines.join('\r\n')]);
      const answers = conversation.answers.map((answer) => [answer.status, answer.headers.connection, JSON.parse(answer.body) as unknown]);
      expect([name, answers, conversation.ended]).toEqual([name, [[400, 'close', { result: 'error', msg: 'Bad Request', code: 'BAD_REQUEST' }]], 'closed']);
    }
    expect(sentTo('twice')).toEqual([]);
  });
});

describe('a client that goes away mid-upload', () => {
  it('a tus PATCH cut off keeps what arrived, as tusd does: HEAD reports it, and the upload resumes from there into the whole file', async () => {
    const tus = ['Host: 127.0.0.1', authorization(), 'Tus-Resumable: 1.0.0'];
    const size = 300_000;
    const file = Buffer.from(Array.from({ length: size }, (_, index) => index % 251));
    const created = await rawConversation(running.url, [
      ['POST /api/v1/tus HTTP/1.1', ...tus, `Upload-Length: ${size}`, `Upload-Metadata: filename ${btoa('cut.bin')}`, 'Connection: close', '', ''].join('\r\n'),
    ]);
    const path = new URL(created.answers[0]?.headers.location ?? '').pathname;
    const patchHead = (offset: number, length: number) =>
      [`PATCH ${path} HTTP/1.1`, ...tus, `Upload-Offset: ${offset}`, 'Content-Type: application/offset+octet-stream', `Content-Length: ${length}`, '', ''].join('\r\n');
    const cut = await rawConversation(running.url, [patchHead(0, 200_000), file.subarray(0, 100_000), { pauseMs: 300 }, { reset: true }]);
    expect(cut.answers).toEqual([]);
    const head = await rawConversation(running.url, [[`HEAD ${path} HTTP/1.1`, ...tus, 'Connection: close', '', ''].join('\r\n')]);
    const kept = Number(head.text.match(/upload-offset: (\d+)/i)?.[1]);
    // All of it once the server has read it (300 ms here; a starved machine may keep less, never more).
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(100_000);
    const rest = await rawConversation(running.url, [patchHead(kept, size - kept).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'), file.subarray(kept)]);
    expect(rest.answers.map((answer) => answer.status)).toEqual([200]);
    const { url } = JSON.parse(rest.answers[0]?.body ?? '{}') as { url: string };
    const download = await fetch(`${running.url}${url}`, { headers: { Authorization: authorization().slice('Authorization: '.length) } });
    expect(Buffer.from(await download.arrayBuffer()).equals(file)).toBe(true);
  });
});

describe('HTTP versions', () => {
  it('HTTP/2.0 in a request line is 505, as nginx answers a version it does not speak, not an HTTP/1.1 answer', async () => {
    const conversation = await rawConversation(running.url, [get('/api/v1/users/me').replace('HTTP/1.1', 'HTTP/2.0')]);
    expect(conversation.answers.map((answer) => [answer.status, JSON.parse(answer.body) as unknown])).toEqual([
      [505, { result: 'error', msg: 'HTTP Version Not Supported', code: 'BAD_REQUEST' }],
    ]);
    expect(conversation.ended).toBe('closed');
  });

  it('HTTP/1.0 is answered, and the connection closed after the answer', async () => {
    const conversation = await rawConversation(running.url, [get('/api/v1/users/me').replace('HTTP/1.1', 'HTTP/1.0')]);
    expect(conversation.answers.map((answer) => [answer.status, (JSON.parse(answer.body) as { email?: string }).email])).toEqual([[200, IAGO]]);
    expect(conversation.ended).toBe('closed');
  });
});
