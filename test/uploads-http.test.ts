import { describe, expect, it } from 'vitest';
import { ChatClient } from '../src/index';
import { useHttpMock } from './support/http-mock';
import { rawHttp } from './support/raw-http';
import { png } from './support/image-bytes';

const http = useHttpMock();

function basic(email: string): string {
  return `Basic ${btoa(`${email}:${http.running.mock.apiKeyOf(email)}`)}`;
}

describe('uploads over real HTTP', () => {
  it('uploads a 3 MiB file, shares it in a message, and serves the same bytes to a reader', async () => {
    const hamlet = http.clientFor('hamlet@zulip.com');
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, index) => index % 251);
    const { url, filename } = await hamlet.uploads.upload(bytes, { filename: 'data.bin' });
    await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'data', content: `[${filename}](${url})` });
    const response = await fetch(`${http.running.url}${url}`, { headers: { Authorization: basic('othello@zulip.com') } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="data.bin"');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    const { url: temporary } = await hamlet.uploads.temporaryUrl(`${http.running.url}${url}`);
    expect((await fetch(`${http.running.url}${temporary}`)).status).toBe(200);
    expect((await hamlet.attachments.list()).attachments.map((attachment) => attachment.name)).toContain('data.bin');
  });

  it('a file part without a Content-Type header, as Python\'s requests sends it, is typed from its name', async () => {
    // What `requests.post(url, files={'file': open('logo.png', 'rb')})` puts on the wire.
    const boundary = '3c1e3b0d8f2a4e6b9d7c5a1f0e2d4c6b';
    const part = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\nnot really an image\r\n`;
    const body = `${part('logo.png')}--${boundary}--\r\n`;
    const response = await fetch(`${http.running.url}/api/v1/user_uploads`, {
      method: 'POST',
      headers: { Authorization: basic('hamlet@zulip.com'), 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const served = await fetch(`${http.running.url}${url}`, { headers: { Authorization: basic('hamlet@zulip.com') } });
    expect([served.headers.get('content-type'), served.headers.get('content-disposition')]).toEqual(['image/png', 'inline; filename="logo.png"']);
  });

  it('a multipart body with a wrong boundary or cut short is the 400 envelope, and the server goes on', async () => {
    const head = (length: number) =>
      [
        'POST /api/v1/user_uploads HTTP/1.1',
        'Host: 127.0.0.1',
        `Authorization: ${basic('hamlet@zulip.com')}`,
        'Content-Type: multipart/form-data; boundary=right',
        `Content-Length: ${length}`,
      ].join('\r\n');
    const wrong = '--wrong\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\nhello\r\n--wrong--\r\n';
    const answered = await rawHttp(http.running.url, head(wrong.length), wrong);
    expect(answered.status).toBe(400);
    expect(JSON.parse(answered.body)).toEqual({ result: 'error', msg: 'Malformed multipart request body', code: 'BAD_REQUEST' });
    const cut = '--right\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\nhel';
    const truncated = await rawHttp(http.running.url, head(cut.length), cut);
    expect(truncated.status).toBe(400);
    expect(JSON.parse(truncated.body)).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect((await fetch(`${http.running.url}/api/v1/server_settings`)).status).toBe(200);
  });

  it('serves files outside /api/v1 with HEAD, refuses other methods, and 404s unknown paths as the server\'s page', async () => {
    const hamlet = http.clientFor('hamlet@zulip.com');
    const { url } = await hamlet.uploads.upload(new File(['hi'], 'hi.txt', { type: 'text/plain' }));
    const head = await fetch(`${http.running.url}${url}`, { method: 'HEAD', headers: { Authorization: basic('hamlet@zulip.com') } });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '2']);
    const put = await fetch(`${http.running.url}${url}`, { method: 'PUT', headers: { Authorization: basic('hamlet@zulip.com') } });
    expect(put.status).toBe(405);
    const missing = await fetch(`${http.running.url}/user_uploads/1/zz/nothing.txt`, { headers: { Authorization: basic('hamlet@zulip.com') } });
    expect([missing.status, await missing.text()]).toEqual([404, '<p>This file does not exist or has been deleted.</p>']);
  });

  it('a resumable upload interrupted mid-way resumes from the server\'s offset and arrives whole', async () => {
    let patches = 0;
    const flaky: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'PATCH' && ++patches === 3) throw new TypeError('fetch failed');
      return fetch(request);
    };
    const email = 'cordelia@zulip.com';
    const client = new ChatClient({ site: http.running.url, email, apiKey: http.running.mock.apiKeyOf(email), maxRetries: 0, fetch: flaky });
    const content = new Uint8Array(5 * 64 * 1024).map((_, index) => (index * 13) % 256);
    const sent: number[] = [];
    const { url } = await client.uploads.upload(content, { filename: 'resumed.bin', resumable: true, chunkSize: 64 * 1024, onProgress: (done) => sent.push(done) });
    expect(sent).toEqual([1, 2, 3, 4, 5].map((chunks) => chunks * 64 * 1024));
    const file = await fetch(`${http.running.url}${url}`, { headers: { Authorization: basic(email) } });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(content);
  });

  it("a chunk that stalls over the wire after part of it is sent times out, and the upload resumes past the part the server kept", async () => {
    const sent: string[] = [];
    let patches = 0;
    const stalling: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(`${request.method} ${request.headers.get('upload-offset') ?? ''}`.trim());
      if (request.method !== 'PATCH' || ++patches !== 2) return fetch(request);
      // Sends the first 300 bytes of the chunk, then nothing more: the body never ends.
      const part = new Uint8Array(await request.arrayBuffer()).slice(0, 300);
      const body = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(part) });
      return fetch(request.url, { method: 'PATCH', headers: request.headers, body, signal: request.signal, duplex: 'half' } as RequestInit);
    };
    const email = 'cordelia@zulip.com';
    const client = new ChatClient({ site: http.running.url, email, apiKey: http.running.mock.apiKeyOf(email), maxRetries: 0, fetch: stalling, timeout: 300 });
    const content = new Uint8Array(3000).map((_, index) => (index * 17) % 256);
    const { url } = await client.uploads.upload(content, { filename: 'stalled.bin', resumable: true, chunkSize: 1000, maxRetries: 1 });
    // The HEAD reads the offset once the server has taken the cut chunk's 300 bytes.
    expect(sent).toEqual(['GET', 'POST', 'PATCH 0', 'PATCH 1000', 'HEAD', 'PATCH 1300', 'PATCH 2300']);
    const file = await fetch(`${http.running.url}${url}`, { headers: { Authorization: basic(email) } });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(content);
  });

  it("a resumable upload's Location names the host the request came to (an app's dev server proxying /api), as tusd's does", async () => {
    // It was the server's own address, so a page behind a proxy PATCHed past it, cross-origin.
    const { port } = new URL(http.running.url);
    const head = [
      'POST /api/v1/tus HTTP/1.1',
      `Host: localhost:${port}`,
      `Authorization: ${basic('cordelia@zulip.com')}`,
      'Tus-Resumable: 1.0.0',
      'Upload-Length: 10',
    ].join('\r\n');
    const created = await rawHttp(http.running.url, head);
    expect(created.status).toBe(201);
    expect(created.headers.location).toMatch(new RegExp(`^http://localhost:${port}/api/v1/tus/1/`));
    // A proxy that names the server in Host says where the client is in X-Forwarded-Host.
    const forwarded = await rawHttp(http.running.url, `${head}\r\nX-Forwarded-Host: localhost:5173\r\nX-Forwarded-Proto: https`);
    expect(forwarded.headers.location).toMatch(/^https:\/\/localhost:5173\/api\/v1\/tus\/1\//);
    // A host named without a port is on the protocol's default port (nginx's $host), not the mock's.
    const bare = await rawHttp(http.running.url, `${head}\r\nX-Forwarded-Host: chat.example.com\r\nX-Forwarded-Proto: https`);
    expect(bare.headers.location).toMatch(/^https:\/\/chat\.example\.com\/api\/v1\/tus\/1\//);
  });

  it('a tus PATCH over 25 MiB is read whole, as nginx sets no body limit for /api/v1/tus and tusd takes the rest of the upload; past the upload\'s length it is tusd\'s 413 before the body is read', async () => {
    const email = 'cordelia@zulip.com';
    const size = 26 * 1024 * 1024;
    const created = await fetch(`${http.running.url}/api/v1/tus`, {
      method: 'POST',
      headers: { Authorization: basic(email), 'Tus-Resumable': '1.0.0', 'Upload-Length': String(size), 'Upload-Metadata': `filename ${btoa('big.bin')}` },
    });
    const location = created.headers.get('location') ?? '';
    const patch = (offset: number, length: number, body?: Uint8Array) => {
      const head = [`PATCH ${new URL(location).pathname} HTTP/1.1`, 'Host: 127.0.0.1', `Authorization: ${basic(email)}`, 'Tus-Resumable: 1.0.0'];
      return rawHttp(http.running.url, [...head, `Upload-Offset: ${offset}`, 'Content-Type: application/offset+octet-stream', `Content-Length: ${length}`].join('\r\n'), body ? Buffer.from(body) : '');
    };
    const beyond = await patch(1, size);
    expect([beyond.status, beyond.body]).toEqual([409, 'ERR_MISMATCHED_OFFSET: mismatched offset\n']);
    const tooLong = await patch(0, size + 1);
    expect([tooLong.status, tooLong.body]).toEqual([413, "ERR_UPLOAD_SIZE_EXCEEDED: upload's size exceeded\n"]);
    const file = new Uint8Array(size).map((_, index) => index % 253);
    const whole = await fetch(location, {
      method: 'PATCH',
      headers: { Authorization: basic(email), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: file,
    });
    expect(whole.status).toBe(200);
    const { url } = (await whole.json()) as { url: string };
    const served = await fetch(`${http.running.url}${url}`, { headers: { Authorization: basic(email) } });
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(file))).toBe(true);
  });

  it('a PATCH whose body breaks off keeps what arrived, as tusd does: the offset moves past it, and the server goes on', async () => {
    const email = 'cordelia@zulip.com';
    const created = await fetch(`${http.running.url}/api/v1/tus`, {
      method: 'POST',
      headers: { Authorization: basic(email), 'Tus-Resumable': '1.0.0', 'Upload-Length': '1000' },
    });
    const location = new URL(created.headers.get('location') ?? '');
    const head = [
      `PATCH ${location.pathname} HTTP/1.1`,
      'Host: 127.0.0.1',
      `Authorization: ${basic(email)}`,
      'Tus-Resumable: 1.0.0',
      'Upload-Offset: 0',
      'Content-Type: application/offset+octet-stream',
      'Content-Length: 1000',
    ].join('\r\n');
    await rawHttp(http.running.url, head, 'x'.repeat(10), (socket) => setTimeout(() => socket.destroy(), 50)).catch(() => undefined);
    const status = await fetch(location, { method: 'HEAD', headers: { Authorization: basic(email), 'Tus-Resumable': '1.0.0' } });
    expect([status.status, status.headers.get('upload-offset')]).toEqual([200, '10']);
  });

  it('a HEAD or PATCH while a PATCH is still being read interrupts it, as tusd\'s lock does: it keeps what arrived and answers 400 ERR_UPLOAD_INTERRUPTED; the HEAD reports the offset past those bytes', async () => {
    const email = 'cordelia@zulip.com';
    const tusHeaders = { Authorization: basic(email), 'Tus-Resumable': '1.0.0' };
    const created = await fetch(`${http.running.url}/api/v1/tus`, { method: 'POST', headers: { ...tusHeaders, 'Upload-Length': '1000' } });
    const location = new URL(created.headers.get('location') ?? '');
    const stalledPatch = (offset: number, sent: string) =>
      rawHttp(
        http.running.url,
        [`PATCH ${location.pathname} HTTP/1.1`, 'Host: 127.0.0.1', `Authorization: ${basic(email)}`, 'Tus-Resumable: 1.0.0', `Upload-Offset: ${offset}`, 'Content-Type: application/offset+octet-stream', `Content-Length: ${1000 - offset}`].join('\r\n'),
        sent,
      );
    const interrupted = 'ERR_UPLOAD_INTERRUPTED: upload has been interrupted by another request for this upload resource\n';
    // The connection stays open, the rest of the body never comes.
    const first = stalledPatch(0, 'x'.repeat(10));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const head = await fetch(location, { method: 'HEAD', headers: tusHeaders });
    expect([head.status, head.headers.get('upload-offset')]).toEqual([200, '10']);
    expect(await first).toMatchObject({ status: 400, body: interrupted });
    // A PATCH at the offset the first one started from: the first is interrupted, then the offset no longer matches.
    const second = stalledPatch(10, 'y'.repeat(5));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const late = await fetch(location, { method: 'PATCH', headers: { ...tusHeaders, 'Upload-Offset': '10', 'Content-Type': 'application/offset+octet-stream' }, body: 'z' });
    expect([late.status, await late.text()]).toEqual([409, 'ERR_MISMATCHED_OFFSET: mismatched offset\n']);
    expect(await second).toMatchObject({ status: 400, body: interrupted });
    const after = await fetch(location, { method: 'HEAD', headers: tusHeaders });
    expect(after.headers.get('upload-offset')).toBe('15');
  });
});

describe('uploaded image previews over real HTTP', () => {
  it('renders the preview and serves its thumbnail through the standalone server', async () => {
    const hamlet = http.clientFor('hamlet@zulip.com');
    const bytes = png(12, 34);
    const { url = '' } = await hamlet.uploads.upload(bytes, { filename: 'over-http.png', contentType: 'image/png' });
    const pathId = url.slice('/user_uploads/'.length);
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'http', content: `[over-http.png](${url})` });
    const { message } = await hamlet.messages.get({ message_id: id });
    expect(message.content).toContain(`data-original-dimensions="12x34" src="/user_uploads/thumbnail/${pathId}/840x560.webp"`);
    const response = await fetch(`${http.running.url}/user_uploads/thumbnail/${pathId}/840x560.webp`, {
      headers: { Authorization: basic('hamlet@zulip.com') },
    });
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });
});
