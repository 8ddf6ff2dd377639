import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { DEFAULT_SEED } from '../mock/seed/default-seed';
import { ChatClient, UnsupportedFeatureError } from '../src/index';
import { SITE, useTestRealm } from './support/mock';

const realm = useTestRealm();
const HAMLET = 'hamlet@zulip.com';
const TUS = `${SITE}/api/v1/tus`;

function basic(email: string): Record<string, string> {
  return { Authorization: `Basic ${btoa(`${email}:${realm.mock.apiKeyOf(email)}`)}` };
}

function bytesOf(size: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(size).map((_, index) => (index * 7) % 256);
}

/** Creates an upload by hand and answers its URL. */
async function create(email: string, length: number, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(TUS, {
    method: 'POST',
    headers: { ...basic(email), 'Tus-Resumable': '1.0.0', 'Upload-Length': String(length), 'Upload-Metadata': `filename ${btoa('a.bin')}`, ...headers },
  });
}

function patch(location: string, offset: number, body: Uint8Array<ArrayBuffer>, email = HAMLET, type = 'application/offset+octet-stream'): Promise<Response> {
  return fetch(location, {
    method: 'PATCH',
    headers: { ...basic(email), 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': type },
    body,
  });
}

describe('the tus endpoint (/api/v1/tus)', () => {
  // tusd 2.8's middleware (pkg/handler/unrouted_handler.go): OPTIONS is a 200 with no
  // Tus-Max-Size when, as Zulip runs it, no maximum is set; every answer says nosniff.
  it('OPTIONS names the version and the extensions, and no maximum size', async () => {
    // The realm (and its handlers) comes to be when first used.
    expect(realm.mock.state.realm.max_file_upload_size_mib).toBe(100);
    const response = await fetch(TUS, { method: 'OPTIONS' });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'tus-resumable': '1.0.0',
      'tus-version': '1.0.0',
      'tus-extension': 'creation,termination',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers.has('tus-max-size')).toBe(false);
  });

  it('routes as tusd does: HEAD needs no Tus-Resumable, other methods are 405 before any lookup, PATCH headers are read first', async () => {
    const location = (await create(HAMLET, 3)).headers.get('location') ?? '';
    const head = await fetch(location, { method: 'HEAD', headers: basic(HAMLET) });
    expect([head.status, head.headers.get('upload-offset')]).toEqual([200, '0']);
    for (const method of ['GET', 'PUT']) {
      const response = await fetch(`${TUS}/unknown`, { method, headers: { 'Tus-Resumable': '1.0.0' } });
      expect([method, response.status, response.headers.get('allow'), await response.text()]).toEqual([method, 405, 'GET, HEAD, PATCH, DELETE', 'method not allowed']);
    }
    const root = await fetch(TUS, { method: 'GET' });
    expect([root.status, root.headers.get('allow')]).toEqual([405, 'POST']);
    const unknown = await fetch(`${TUS}/unknown`, { method: 'PATCH', headers: { ...basic(HAMLET), 'Tus-Resumable': '1.0.0', 'Content-Type': 'application/offset+octet-stream' } });
    expect([unknown.status, await unknown.text()]).toEqual([400, 'ERR_INVALID_OFFSET: missing or invalid Upload-Offset header\n']);
  });

  it('creates, reports the offset on HEAD, appends at the right offset and refuses a wrong one with 409', async () => {
    const created = await create(HAMLET, 10);
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    // The server's pre-create hook makes tusd's ID the file's path (zerver/views/tusd.py ChangeFileInfo).
    expect(location).toMatch(/^http:\/\/chat\.test\/api\/v1\/tus\/1\/[0-9a-f]{1,2}\/[\w-]{24}\/a\.bin$/);
    expect((await patch(location, 0, bytesOf(4))).headers.get('upload-offset')).toBe('4');
    const head = await fetch(location, { method: 'HEAD', headers: { ...basic(HAMLET), 'Tus-Resumable': '1.0.0' } });
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('upload-length'), head.headers.get('cache-control')]).toEqual([200, '4', '10', 'no-store']);
    const wrong = await patch(location, 2, bytesOf(3));
    expect([wrong.status, await wrong.text()]).toEqual([409, 'ERR_MISMATCHED_OFFSET: mismatched offset\n']);
    const tooMuch = await patch(location, 4, bytesOf(7));
    expect(tooMuch.status).toBe(413);
    const last = await patch(location, 4, bytesOf(6));
    expect(last.status).toBe(200);
    const { url, filename } = (await last.json()) as { url: string; filename: string };
    expect([filename, location]).toEqual(['a.bin', `${TUS}/${url.slice('/user_uploads/'.length)}`]);
    const file = await fetch(`${SITE}${url}`, { headers: basic(HAMLET) });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([...bytesOf(4), ...bytesOf(6)]));
    // Finished: the upload is an attachment, and tusd still knows it, complete.
    const finished = await fetch(location, { method: 'HEAD', headers: { ...basic(HAMLET), 'Tus-Resumable': '1.0.0' } });
    expect([finished.status, finished.headers.get('upload-offset'), finished.headers.get('upload-length')]).toEqual([200, '10', '10']);
  });

  // tusd keeps a finished upload's .info (test_tusd.py test_tusd_pre_finish_hook asserts it stays),
  // and zerver/views/tusd.py's pre-terminate hook refuses to terminate an upload that is an
  // attachment (RejectTermination), which tusd answers with ERR_UPLOAD_TERMINATION_REJECTED.
  it('a finished upload takes no more bytes, and is not terminated while it is an attachment', async () => {
    const location = (await create(HAMLET, 3)).headers.get('location') ?? '';
    expect((await patch(location, 0, bytesOf(3))).status).toBe(200);
    const again = await patch(location, 3, bytesOf(0));
    expect([again.status, again.headers.get('upload-offset'), await again.text()]).toEqual([204, '3', '']);
    expect((await patch(location, 0, bytesOf(3))).status).toBe(409);
    const terminate = () => fetch(location, { method: 'DELETE', headers: { ...basic(HAMLET), 'Tus-Resumable': '1.0.0' } });
    const refused = await terminate();
    expect([refused.status, await refused.text()]).toEqual([400, 'ERR_UPLOAD_TERMINATION_REJECTED: upload termination has been rejected by server\n']);
    const hamlet = realm.clientFor(HAMLET);
    const [attachment] = (await hamlet.attachments.list()).attachments;
    await hamlet.attachments.delete({ attachment_id: attachment?.id ?? 0 });
    expect((await terminate()).status).toBe(204);
    expect((await fetch(location, { method: 'HEAD', headers: basic(HAMLET) })).status).toBe(404);
  });

  it('an empty upload is finished as it is created: the creation answers with the file', async () => {
    const created = await create(HAMLET, 0, { 'Upload-Metadata': `filename ${btoa('empty.txt')}` });
    const { url, filename } = (await created.json()) as { url: string; filename: string };
    expect([created.status, created.headers.get('location'), filename]).toEqual([200, `${TUS}/${url.slice('/user_uploads/'.length)}`, 'empty.txt']);
    const file = await fetch(`${SITE}${url}`, { headers: basic(HAMLET) });
    expect([file.status, await file.text()]).toEqual([200, '']);
  });

  it('refuses: over the size limit at creation (413, the hook\'s JSON), no version (412), no valid credentials at creation (401, the hook\'s JSON), a wrong content type (400), an unknown upload (404)', async () => {
    const small = createMockServer({ seed: { ...DEFAULT_SEED, realm: { max_file_upload_size_mib: 1 } } });
    const tooBig = await small.fetch(`${small.state.realm.url}/api/v1/tus`, {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa(`${HAMLET}:${small.apiKeyOf(HAMLET)}`)}`, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(1024 * 1024 + 1) },
    });
    // The server's pre-create hook refuses, and tusd answers with the hook's JSON body.
    expect([tooBig.status, tooBig.headers.get('content-type'), await tooBig.text()]).toEqual([
      413,
      'application/json',
      '{"message":"File is larger than this server\'s configured maximum upload size (1 MiB)."}',
    ]);
    const noVersion = await fetch(TUS, { method: 'POST', headers: { ...basic(HAMLET), 'Upload-Length': '1' } });
    expect([noVersion.status, await noVersion.text()]).toEqual([412, 'ERR_UNSUPPORTED_VERSION: missing, invalid or unsupported Tus-Resumable header\n']);
    // The hook sees no user without valid credentials, and refuses the upload as unauthenticated.
    const anonymous = await fetch(TUS, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1' } });
    expect([anonymous.status, anonymous.headers.get('content-type'), await anonymous.json()]).toEqual([401, 'application/json', { message: 'Unauthenticated upload' }]);
    const wrongKey = await fetch(TUS, { method: 'POST', headers: { Authorization: `Basic ${btoa(`${HAMLET}:${'x'.repeat(32)}`)}`, 'Tus-Resumable': '1.0.0', 'Upload-Length': '1' } });
    expect([wrongKey.status, await wrongKey.json()]).toEqual([401, { message: 'Unauthenticated upload' }]);
    const noLength = await fetch(TUS, { method: 'POST', headers: { ...basic(HAMLET), 'Tus-Resumable': '1.0.0' } });
    expect(noLength.status).toBe(400);
    const location = (await create(HAMLET, 3)).headers.get('location') ?? '';
    const wrongType = await patch(location, 0, bytesOf(3), HAMLET, 'text/plain');
    expect([wrongType.status, await wrongType.text()]).toEqual([400, 'ERR_INVALID_CONTENT_TYPE: missing or invalid Content-Type header\n']);
    expect((await patch(`${TUS}/${'0'.repeat(32)}`, 0, bytesOf(3))).status).toBe(404);
  });

  // tusd runs the server's hooks (zerver/views/tusd.py) only at creation, at the last byte
  // (pre-finish) and at termination (pre-terminate); Zulip gives tusd no other credentials check.
  it('credentials count at creation, at the last byte and at termination: the last byte\'s sender owns the file', async () => {
    const location = (await create(HAMLET, 6)).headers.get('location') ?? '';
    // Anyone may look, and send what is not the last byte.
    const look = await fetch(location, { method: 'HEAD' });
    expect([look.status, look.headers.get('upload-offset')]).toEqual([200, '0']);
    expect((await fetch(location, { method: 'PATCH', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: bytesOf(2) })).status).toBe(204);
    expect((await patch(location, 2, bytesOf(2), 'othello@zulip.com')).status).toBe(204);
    // The last byte makes the file an attachment of whoever sent it.
    const last = await patch(location, 4, bytesOf(2), 'othello@zulip.com');
    expect(last.status).toBe(200);
    expect((await realm.clientFor('othello@zulip.com').attachments.list()).attachments.map((attachment) => attachment.name)).toEqual(['a.bin']);
    expect((await realm.clientFor(HAMLET).attachments.list()).attachments).toEqual([]);
  });

  it('without credentials the last byte is taken but the pre-finish hook refuses (401): no attachment', async () => {
    const location = (await create(HAMLET, 3)).headers.get('location') ?? '';
    const anonymous = await fetch(location, { method: 'PATCH', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: bytesOf(3) });
    expect([anonymous.status, anonymous.headers.get('upload-offset'), await anonymous.json()]).toEqual([401, '3', { message: 'Unauthenticated upload' }]);
    expect((await realm.clientFor(HAMLET).attachments.list()).attachments).toEqual([]);
    // Complete for tusd: a later PATCH at its end changes nothing, and it is never finished again.
    const again = await patch(location, 3, bytesOf(0));
    expect([again.status, again.headers.get('upload-offset')]).toEqual([204, '3']);
    expect((await realm.clientFor(HAMLET).attachments.list()).attachments).toEqual([]);
  });

  it('termination without credentials: the hook answers 401, and tusd terminates all the same', async () => {
    const location = (await create(HAMLET, 5)).headers.get('location') ?? '';
    const anonymous = await fetch(location, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0' } });
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { message: 'Unauthenticated upload' }]);
    expect((await fetch(location, { method: 'HEAD' })).status).toBe(404);
  });

  // zerver/views/tusd.py: the pre-create hook refuses a deferred length; tusd 2.8's file store
  // supports one, so the request reaches the hook, after tusd's own checks of the two headers.
  it('a deferred length reaches the pre-create hook, which refuses it (411); tusd refuses both headers, or a bad one (400)', async () => {
    const deferred = await create(HAMLET, 1, { 'Upload-Length': '', 'Upload-Defer-Length': '1' });
    expect([deferred.status, deferred.headers.get('content-type'), await deferred.json()]).toEqual([
      411,
      'application/json',
      { message: 'SizeIsDeferred is not supported' },
    ]);
    const anonymous = await fetch(TUS, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Defer-Length': '1' } });
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { message: 'Unauthenticated upload' }]);
    const both = await create(HAMLET, 5, { 'Upload-Defer-Length': '1' });
    expect([both.status, await both.text()]).toEqual([400, 'ERR_AMBIGUOUS_UPLOAD_LENGTH: provided both Upload-Length and Upload-Defer-Length\n']);
    const bad = await create(HAMLET, 5, { 'Upload-Defer-Length': 'yes' });
    expect([bad.status, await bad.text()]).toEqual([400, 'ERR_AMBIGUOUS_UPLOAD_LENGTH: provided both Upload-Length and Upload-Defer-Length\n']);
    const badAlone = await create(HAMLET, 5, { 'Upload-Length': '', 'Upload-Defer-Length': '2' });
    expect([badAlone.status, await badAlone.text()]).toEqual([400, 'ERR_INVALID_UPLOAD_LENGTH_DEFER: invalid Upload-Defer-Length header\n']);
    const noLength = await create(HAMLET, 5, { 'Upload-Length': '' });
    expect([noLength.status, await noLength.text()]).toEqual([400, 'ERR_INVALID_UPLOAD_LENGTH: missing or invalid Upload-Length header\n']);
    expect((await realm.clientFor(HAMLET).attachments.list()).attachments).toEqual([]);
  });

  it('termination drops the upload', async () => {
    const location = (await create(HAMLET, 5)).headers.get('location') ?? '';
    await patch(location, 0, bytesOf(2));
    const deleted = await fetch(location, { method: 'DELETE', headers: { ...basic(HAMLET), 'Tus-Resumable': '1.0.0' } });
    expect(deleted.status).toBe(204);
    expect((await fetch(location, { method: 'HEAD', headers: { ...basic(HAMLET), 'Tus-Resumable': '1.0.0' } })).status).toBe(404);
    expect((await realm.clientFor(HAMLET).attachments.list()).attachments).toEqual([]);
  });
});

/** Base64 of UTF-8 text, as tus metadata values are sent. */
function b64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

/** A whole resumable upload with this `Upload-Metadata`; answers the finished body and how the file is served. */
async function uploadWithMetadata(metadata: string, body = bytesOf(3)) {
  const created = await create(HAMLET, body.length, { 'Upload-Metadata': metadata });
  expect(created.status).toBe(201);
  const finished = await patch(created.headers.get('location') ?? '', 0, body);
  const answer = (await finished.json()) as { url: string; filename: string };
  const served = await fetch(`${SITE}${answer.url}`, { headers: basic(HAMLET) });
  return { ...answer, type: served.headers.get('content-type'), disposition: served.headers.get('content-disposition') };
}

// The server's tusd hooks: the path from the name sanitised strictly at creation; the name and
// type from the metadata as sent at the end.
describe('what a resumable upload is stored as', () => {
  it('the path keeps only ASCII letters, digits, _, space, . and -; the name is the metadata\'s, undecoded', async () => {
    const answer = await uploadWithMetadata(`filename ${b64('résumé 100%25.png')},filetype ${b64('application/octet-stream')}`);
    expect(answer.url).toMatch(/^\/user_uploads\/1\/[0-9a-f]{1,2}\/[A-Za-z0-9_-]{24}\/rsum-10025\.png$/);
    expect(answer).toMatchObject({
      filename: 'résumé 100%25.png',
      // An explicit type is kept as sent, even the generic one.
      type: 'application/octet-stream',
      disposition: "attachment; filename*=utf-8''r%C3%A9sum%C3%A9%20100%2525.png",
    });
    const names = (await realm.clientFor(HAMLET).attachments.list()).attachments.map((attachment) => [attachment.name, attachment.path_id.split('/').at(-1)]);
    expect(names).toEqual([['résumé 100%25.png', 'rsum-10025.png']]);
  });

  it('a name with a slash stays whole; without a type one is guessed from the name; an empty, . or .. name is uploaded-file', async () => {
    expect(await uploadWithMetadata(`filename ${b64('dir/x.txt')}`)).toMatchObject({
      filename: 'dir/x.txt',
      url: expect.stringMatching(/\/dirx\.txt$/),
      type: 'text/plain; charset="ascii"',
    });
    expect(await uploadWithMetadata(`filename ${b64('.')},filetype `)).toMatchObject({
      filename: 'uploaded-file',
      url: expect.stringMatching(/\/uploaded-file$/),
      type: 'application/octet-stream',
      disposition: 'attachment; filename="uploaded-file"',
    });
    expect(await uploadWithMetadata(`filename ${b64('Photo.PNG')},filetype ${b64('Image/PNG')}`)).toMatchObject({ type: 'Image/PNG' });
    // A leading byte-order mark is part of the name, as Go decodes it (regression: dropped).
    expect(await uploadWithMetadata(`filename ${b64('\ufeffbom.txt')}`)).toMatchObject({ filename: '\ufeffbom.txt', url: expect.stringMatching(/\/bom\.txt$/) });
  });

  it('the SDK sends an untyped file\'s filetype empty, so the server guesses from the name (a plain upload would keep application/octet-stream)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url = '' } = await hamlet.uploads.upload(bytesOf(10), { filename: 'chart.png', resumable: true });
    expect((await fetch(`${SITE}${url}`, { headers: basic(HAMLET) })).headers.get('content-type')).toBe('image/png');
  });

  // Zulip 11.0: the hook guesses a charset reading the finished file 4 KiB at a time, and gives up on
  // ASCII after 32 KiB, since high bytes may follow; a plain upload reads the whole file.
  it('a text file gets a charset as the server streams it: none for 32 KiB of ASCII, unlike a plain upload (regression: none at all)', async () => {
    const ascii = new TextEncoder().encode('plain text\n'.repeat(3000));
    expect(await uploadWithMetadata(`filename ${b64('big.txt')},filetype ${b64('text/plain')}`, ascii)).toMatchObject({ type: 'text/plain' });
    const { url = '' } = await realm.clientFor(HAMLET).uploads.upload(new File([ascii], 'big.txt', { type: 'text/plain' }));
    expect((await fetch(`${SITE}${url}`, { headers: basic(HAMLET) })).headers.get('content-type')).toBe('text/plain; charset="ascii"');
    // Sure of UTF-8 within the first chunk (five multibyte characters), it stops before giving up.
    const utf8 = new TextEncoder().encode(`déjà vu à Zürich, naïve\n${'plain text\n'.repeat(3000)}`);
    expect(await uploadWithMetadata(`filename ${b64('big.txt')},filetype ${b64('text/plain')}`, utf8)).toMatchObject({ type: 'text/plain; charset="utf-8"' });
    // The type is kept as sent, case and all; the charset is added to it.
    expect(await uploadWithMetadata(`filename ${b64('a.txt')},filetype ${b64('Text/Plain')}`, new TextEncoder().encode('hi'))).toMatchObject({
      type: 'Text/Plain; charset="ascii"',
    });
  });

  it('metadata is read as tusd reads it: an element that is not base64 is ignored, not refused', async () => {
    expect(await uploadWithMetadata(`filename not*base64,filetype ${b64('text/plain')}`)).toMatchObject({ filename: 'uploaded-file', type: 'text/plain; charset="ascii"' });
    expect(await uploadWithMetadata(`filename ${b64('a.png')} extra,filetype ${b64('text/plain')}`)).toMatchObject({ filename: 'uploaded-file' });
  });
});

describe('client.uploads.upload({ resumable })', () => {
  /** A server that creates uploads at `location` (or names none) and takes every chunk; records what it was sent. */
  function serverNaming(location: string | undefined) {
    const seen: { url: string; authorization: string | null }[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      seen.push({ url: request.url, authorization: request.headers.get('authorization') });
      if (request.method === 'POST') return new Response(null, { status: 201, headers: location ? { Location: location } : {} });
      return new Response(null, { status: 204, headers: { 'Upload-Offset': '10' } });
    };
    const client = new ChatClient({ site: 'https://chat.example.com', email: HAMLET, apiKey: 'secret-key', fetch, featureLevel: 435, maxRetries: 0 });
    return { client, seen };
  }

  it('sends its credentials only to the site: an upload address on another origin gets none', async () => {
    const { client, seen } = serverNaming('https://elsewhere.example.net/files/1');
    await client.uploads.upload(bytesOf(10), { filename: 'a.bin', resumable: true }).catch(() => undefined);
    expect(seen.map(({ url, authorization }) => [new URL(url).origin, authorization !== null])).toEqual([
      ['https://chat.example.com', true],
      ['https://elsewhere.example.net', false],
    ]);
  });

  it('a creation answer without Location fails with ResumableUploadError instead of sending the chunks to the API root', async () => {
    const { client, seen } = serverNaming(undefined);
    await expect(client.uploads.upload(bytesOf(10), { filename: 'a.bin', resumable: true })).rejects.toMatchObject({
      name: 'ResumableUploadError',
      message: 'creating the upload: no Location in the answer',
      status: 201,
    });
    expect(seen).toHaveLength(1);
  });

  it('sends a file in chunks with progress; the result is an attachment like a plain upload, private until shared', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const progress: number[] = [];
    const content = bytesOf(2500);
    const { url, uri, filename } = await hamlet.uploads.upload(content, {
      filename: 'big data.bin',
      resumable: true,
      chunkSize: 1000,
      onProgress: (sent, total) => progress.push(sent / total),
    });
    expect(progress).toEqual([0.4, 0.8, 1]);
    expect(url).toMatch(/^\/user_uploads\/1\/[0-9a-f]{1,2}\/[A-Za-z0-9_-]{24}\/big-data\.bin$/);
    expect([uri, filename]).toEqual([url, 'big data.bin']);
    const mine = await fetch(`${SITE}${url}`, { headers: basic(HAMLET) });
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(content);
    expect((await fetch(`${SITE}${url}`, { headers: basic('othello@zulip.com') })).status).toBe(403);
    expect((await hamlet.attachments.list()).attachments.map((attachment) => attachment.size)).toEqual([2500]);
  });

  it('resumes after a chunk fails on the network, from the offset the server reports', async () => {
    const sent: string[] = [];
    let patches = 0;
    const flaky: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(`${request.method} ${request.headers.get('upload-offset') ?? ''}`.trim());
      if (request.method === 'PATCH' && ++patches === 2) throw new TypeError('fetch failed');
      return fetch(request);
    };
    const hamlet = realm.clientFor(HAMLET, { fetch: flaky });
    const content = bytesOf(3000);
    const { url } = await hamlet.uploads.upload(content, { filename: 'flaky.bin', resumable: true, chunkSize: 1000 });
    expect(sent).toEqual(['POST', 'PATCH 0', 'PATCH 1000', 'HEAD', 'PATCH 1000', 'PATCH 2000']);
    const file = await fetch(`${SITE}${url}`, { headers: basic(HAMLET) });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(content);
  });

  it("a chunk that gets no answer within the client's timeout is aborted and resumed from the server's offset", async () => {
    const sent: string[] = [];
    let patches = 0;
    let aborted = 0;
    const stalling: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(`${request.method} ${request.headers.get('upload-offset') ?? ''}`.trim());
      if (request.method === 'PATCH' && ++patches === 2) {
        // Never answers; gives up only when its signal is aborted.
        return new Promise<Response>((_resolve, reject) => request.signal.addEventListener('abort', () => reject((aborted++, request.signal.reason))));
      }
      return fetch(request);
    };
    const hamlet = realm.clientFor(HAMLET, { fetch: stalling, timeout: 200 });
    const content = bytesOf(3000);
    const { url } = await hamlet.uploads.upload(content, { filename: 'stalled.bin', resumable: true, chunkSize: 1000 });
    expect(sent).toEqual(['POST', 'PATCH 0', 'PATCH 1000', 'HEAD', 'PATCH 1000', 'PATCH 2000']);
    expect(aborted).toBe(1);
    const file = await fetch(`${SITE}${url}`, { headers: basic(HAMLET) });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(content);
  });

  it('a slow link: every chunk times out once after half of it arrived; only failures that move nothing count toward maxRetries', async () => {
    const sent: string[] = [];
    let patches = 0;
    const halfThenStall: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(`${request.method} ${request.headers.get('upload-offset') ?? ''}`.trim());
      if (request.method !== 'PATCH' || ++patches % 2 === 0) return fetch(request);
      // Half of the chunk reaches the server, which keeps it (as tusd does); the answer never comes.
      const bytes = new Uint8Array(await request.arrayBuffer());
      await fetch(new Request(request.url, { method: 'PATCH', headers: request.headers, body: bytes.slice(0, bytes.length / 2) }));
      return new Promise<Response>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    };
    const hamlet = realm.clientFor(HAMLET, { fetch: halfThenStall, timeout: 100 });
    const content = bytesOf(4000);
    const { url } = await hamlet.uploads.upload(content, { filename: 'slow.bin', resumable: true, chunkSize: 2000, maxRetries: 1 });
    expect(sent).toEqual(['POST', 'PATCH 0', 'HEAD', 'PATCH 1000', 'PATCH 3000', 'HEAD', 'PATCH 3500']);
    const file = await fetch(`${SITE}${url}`, { headers: basic(HAMLET) });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(content);
  });

  it('a chunk that never gets an answer fails with TimeoutError once its retries are spent, even through a fetch that ignores the signal', async () => {
    const deaf: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      return request.method === 'PATCH' ? new Promise<Response>(() => undefined) : fetch(request);
    };
    const hamlet = realm.clientFor(HAMLET, { fetch: deaf });
    const failure = await hamlet.uploads.upload(bytesOf(10), { filename: 'deaf.bin', resumable: true, maxRetries: 1, timeout: 100 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'TimeoutError', message: 'tus-upload: no response within 100 ms', timeoutMs: 100 });
  });

  it("the caller's abort surfaces at once as its own reason, not a TimeoutError, even through a fetch that ignores the signal", async () => {
    const deaf: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      return request.method === 'PATCH' ? new Promise<Response>(() => undefined) : fetch(request);
    };
    const hamlet = realm.clientFor(HAMLET, { fetch: deaf });
    const reason = new Error('user cancelled');
    const controller = new AbortController();
    setTimeout(() => controller.abort(reason), 50);
    const started = Date.now();
    const failure = await hamlet.uploads.upload(bytesOf(10), { filename: 'cancelled.bin', resumable: true, timeout: 5000, signal: controller.signal }).catch((error: unknown) => error);
    expect(failure).toBe(reason);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a HEAD that times out counts as one more failure and is asked again, while retries remain', async () => {
    const sent: string[] = [];
    let patches = 0;
    let heads = 0;
    const stalling: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(`${request.method} ${request.headers.get('upload-offset') ?? ''}`.trim());
      const stalls = (request.method === 'PATCH' && ++patches === 2) || (request.method === 'HEAD' && ++heads === 1);
      return stalls ? new Promise<Response>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))) : fetch(request);
    };
    const hamlet = realm.clientFor(HAMLET, { fetch: stalling, timeout: 100 });
    const content = bytesOf(3000);
    const { url } = await hamlet.uploads.upload(content, { filename: 'head.bin', resumable: true, chunkSize: 1000, maxRetries: 2 });
    expect(sent).toEqual(['POST', 'PATCH 0', 'PATCH 1000', 'HEAD', 'HEAD', 'PATCH 1000', 'PATCH 2000']);
    const file = await fetch(`${SITE}${url}`, { headers: basic(HAMLET) });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(content);
  });

  it('a HEAD the server refuses (the upload is gone: 404) ends the upload at once, not retried', async () => {
    const sent: string[] = [];
    const gone: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(request.method);
      if (request.method === 'PATCH') throw new TypeError('fetch failed');
      if (request.method === 'HEAD') return new Response(null, { status: 404 });
      return fetch(request);
    };
    const hamlet = realm.clientFor(HAMLET, { fetch: gone });
    const failure = await hamlet.uploads.upload(bytesOf(10), { filename: 'gone.bin', resumable: true, maxRetries: 3 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'ResumableUploadError', status: 404 });
    expect(sent).toEqual(['POST', 'PATCH', 'HEAD']);
  });

  it('a chunk the server took whole whose answer was lost (a timeout) or was 409 (the offset had moved): HEAD shows it taken and the upload goes on after it', async () => {
    for (const answer of ['lost', '409'] as const) {
      const sent: string[] = [];
      let patches = 0;
      const duplicating: typeof fetch = async (input, init) => {
        const request = new Request(input, init);
        sent.push(`${request.method} ${request.headers.get('upload-offset') ?? ''}`.trim());
        if (request.method !== 'PATCH' || ++patches !== 2) return fetch(request);
        // The server takes the chunk; its answer never reaches the client, or the chunk arrives twice.
        expect((await fetch(request.clone())).status).toBe(204);
        if (answer === '409') return fetch(request);
        return new Promise<Response>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
      };
      const hamlet = realm.clientFor(HAMLET, { fetch: duplicating, timeout: 200 });
      const content = bytesOf(3000);
      const { url } = await hamlet.uploads.upload(content, { filename: `taken-${answer}.bin`, resumable: true, chunkSize: 1000, maxRetries: 1 });
      expect([answer, sent]).toEqual([answer, ['POST', 'PATCH 0', 'PATCH 1000', 'HEAD', 'PATCH 2000']]);
      const file = await fetch(`${SITE}${url}`, { headers: basic(HAMLET) });
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(content);
    }
  });

  it("'auto' goes resumable only for large files; plain uploads report progress once, at the end", async () => {
    const methods: string[] = [];
    const watching: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      methods.push(`${request.method} ${new URL(request.url).pathname}`);
      return fetch(request);
    };
    const hamlet = realm.clientFor(HAMLET, { fetch: watching });
    const progress: number[] = [];
    await hamlet.uploads.upload(bytesOf(10), { filename: 'small.bin', resumable: 'auto', onProgress: (sent) => progress.push(sent) });
    expect(methods).toEqual(['POST /api/v1/user_uploads']);
    expect(progress).toEqual([10]);
    methods.length = 0;
    await hamlet.uploads.upload(bytesOf(10 * 1024 * 1024), { filename: 'large.bin', resumable: 'auto' });
    expect(methods.slice(0, 2)).toEqual(['POST /api/v1/tus', expect.stringMatching(/^PATCH \/api\/v1\/tus\//)]);
  });

  it('a server older than level 296 has no tus: resumable: true refuses, \'auto\' uploads plainly', async () => {
    const old = createMockServer({ featureLevel: 290 });
    const client = new ChatClient({ site: old.state.realm.url, email: HAMLET, apiKey: old.apiKeyOf(HAMLET), fetch: old.fetch });
    const refused = await client.uploads.upload(bytesOf(20 * 1024 * 1024), { filename: 'x.bin', resumable: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnsupportedFeatureError);
    expect((refused as UnsupportedFeatureError).neededLevel).toBe(296);
    const plain = await client.uploads.upload(bytesOf(11 * 1024 * 1024), { filename: 'x.bin', resumable: 'auto' });
    expect(plain.url).toMatch(/\/x\.bin$/);
  });
});
