import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { DEFAULT_SEED } from '../mock/seed/default-seed';
import { UNCLAIMED_UPLOAD_RETENTION_MS } from '../mock/domain/uploads/expiry';
import { type ChatClient, narrow } from '../src/index';
import { expectApiError } from './support/failure';
import { SITE, useTestRealm } from './support/mock';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const OTHELLO = 'othello@zulip.com';
const CORDELIA = 'cordelia@zulip.com';
const POLONIUS = 'polonius@zulip.com';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

function basic(email: string): Record<string, string> {
  return { Authorization: `Basic ${btoa(`${email}:${realm.mock.apiKeyOf(email)}`)}` };
}

/** Fetches an uploaded file as `email` (or without credentials). */
function fetchFile(url: string, email?: string): Promise<Response> {
  return fetch(`${SITE}${url}`, { headers: email ? basic(email) : {}, redirect: 'manual' });
}

async function upload(client: ChatClient, text = 'hello', name = 'notes.txt', type = 'text/plain') {
  return client.uploads.upload(new File([text], name, { type }));
}

describe('POST /user_uploads', () => {
  it('stores the file under a sanitised name and answers url, uri and the original filename', async () => {
    const hamlet = realm.clientFor(HAMLET);
    // Milliseconds are dropped, as the server's conversion through a time tuple does.
    realm.clock.set(1_700_000_000_123);
    const answer = await upload(hamlet, 'logo bytes', 'Zulip logo (v2).png', 'image/png');
    expect(answer.url).toMatch(/^\/user_uploads\/1\/[0-9a-f]{1,2}\/[A-Za-z0-9_-]{24}\/Zulip-logo-v2\.png$/);
    expect(answer.uri).toBe(answer.url);
    expect(answer.filename).toBe('Zulip logo (v2).png');
    const { attachments, upload_space_used } = await hamlet.attachments.list();
    expect(attachments).toEqual([
      {
        id: expect.any(Number),
        name: 'Zulip logo (v2).png',
        path_id: answer.url?.slice('/user_uploads/'.length),
        size: 10,
        create_time: 1_700_000_000_000,
        messages: [],
      },
    ]);
    expect(upload_space_used).toBe(10);
  });

  it.each([
    ['Zulip logo (v2).png', 'Zulip-logo-v2.png'],
    // Django's multipart parser keeps what follows the last slash or backslash.
    ['../../etc/passwd', 'passwd'],
    ['C:\\docs\\report.pdf', 'report.pdf'],
    ['***', 'uploaded-file'],
    ['  spaced -- out  .txt', 'spaced-out-.txt'],
    ['ﬁle％20name.pdf', 'file20name.pdf'],
    ['résumé.txt', 'résumé.txt'],
    // Python's whitespace, not JavaScript's (regression): U+001C and U+0085 are spaces, U+FEFF is not.
    ['a%1Cb.txt', 'a-b.txt'],
    ['%1Cab%C2%85.txt', 'ab-.txt'],
    ['a%C2%85b.txt', 'a-b.txt'],
    ['a%EF%BB%BFb.txt', 'ab.txt'],
    ['%C2%85a.txt%1F', 'a.txt'],
  ])('names %j as %j in the path (no traversal through names)', async (name, stored) => {
    const { url } = await upload(realm.clientFor(HAMLET), 'x', name);
    expect(url?.split('/').at(-1)).toBe(stored);
  });

  it.each(['..', 'dir/', 'a/.', '\u0001'])('a part named %j is skipped as the server\'s parser skips it: no file', async (name) => {
    const form = new FormData();
    form.append('file', new File(['x'], name));
    const answer = await realm.raw(HAMLET, 'POST', '/user_uploads', form);
    expect({ status: answer.status, body: await answer.json() }).toEqual({
      status: 400,
      body: { result: 'error', msg: 'You must specify a file to upload', code: 'BAD_REQUEST' },
    });
  });

  it.each([
    ['a&amp;b.txt', 'a&b.txt'],
    ['100%25 and 50%.txt', '100% and 50%.txt'],
    ['r%C3%A9sum%C3%A9.pdf', 'résumé.pdf'],
    ['tab\there.txt', 'tabhere.txt'],
    // A decoded byte-order mark stays, leading a run of escapes or not (regression: dropped).
    ['a%EF%BB%BFb.txt', 'a\ufeffb.txt'],
    ['%EF%BB%BFab.txt', '\ufeffab.txt'],
  ])('reads the multipart name %j as %j (HTML entities, unprintable characters, percent-escapes as the server reads them)', async (name, filename) => {
    expect(await upload(realm.clientFor(HAMLET), 'x', name)).toMatchObject({ filename });
  });

  it('refuses a body without a file, two files, and a file over max_file_upload_size_mib', async () => {
    const noFile = new FormData();
    noFile.append('note', 'no file here');
    const none = await realm.raw(HAMLET, 'POST', '/user_uploads', noFile);
    expect({ status: none.status, body: await none.json() }).toEqual({
      status: 400,
      body: { result: 'error', msg: 'You must specify a file to upload', code: 'BAD_REQUEST' },
    });
    const form = await realm.raw(HAMLET, 'POST', '/user_uploads', new URLSearchParams({ file: 'text' }));
    expect(await form.json()).toMatchObject({ msg: 'You must specify a file to upload' });
    const two = new FormData();
    two.append('a', new File(['1'], 'a.txt'));
    two.append('b', new File(['2'], 'b.txt'));
    const both = await realm.raw(HAMLET, 'POST', '/user_uploads', two);
    expect(await both.json()).toEqual({ result: 'error', msg: 'You may only upload one file at a time', code: 'BAD_REQUEST' });
    // Two files under one field name are one entry of the server's request.FILES: the last wins.
    const sameField = new FormData();
    sameField.append('file', new File(['1'], 'a.txt'));
    sameField.append('file', new File(['2'], 'b.txt'));
    expect(await (await realm.raw(HAMLET, 'POST', '/user_uploads', sameField)).json()).toMatchObject({ result: 'success', filename: 'b.txt' });
    const small = createMockServer({ seed: { ...DEFAULT_SEED, realm: { max_file_upload_size_mib: 1 } } });
    const client = small.clientFor(HAMLET);
    await expectApiError(
      client.uploads.upload(new Uint8Array(1024 * 1024 + 1), { filename: 'big.bin' }),
      bad("File is larger than this server's configured maximum upload size (1 MiB)."),
    );
    await expect(client.uploads.upload(new Uint8Array(1024 * 1024), { filename: 'fits.bin' })).resolves.toMatchObject({ filename: 'fits.bin' });
    expect((await client.events.register({ fetch_event_types: ['realm'] })).max_file_upload_size_mib).toBe(1);
    expect((await realm.clientFor(HAMLET).attachments.list()).attachments.map((attachment) => attachment.name)).toEqual(['b.txt']);
  });

  // Form data types every file part: bytes without a type go out as application/octet-stream,
  // which the server keeps as sent (it guesses from the name only for a part with no type at all).
  it('takes a File, a Blob, bytes and an ArrayBuffer; the type is the one sent, application/octet-stream for untyped bytes', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const uploads = [
      await hamlet.uploads.upload(new File(['a'], 'a.md', { type: 'text/markdown' })),
      await hamlet.uploads.upload(new Blob(['b'], { type: 'image/png' }), { filename: 'b.png' }),
      await hamlet.uploads.upload(new TextEncoder().encode('c'), { filename: 'c.pdf' }),
      await hamlet.uploads.upload(new ArrayBuffer(3), { filename: 'unknown' }),
    ];
    const types = await Promise.all(uploads.map(async ({ url }) => (await fetchFile(url ?? '', HAMLET)).headers.get('content-type')));
    expect(types).toEqual(['text/markdown', 'image/png', 'application/octet-stream', 'application/octet-stream']);
    expect(uploads.map((answer) => answer.filename)).toEqual(['a.md', 'b.png', 'c.pdf', 'unknown']);
  });
});

describe('GET /user_uploads/{realm_id}/{path}: who may open a file', () => {
  it('the uploader gets the bytes with the stored type, a safe disposition, private caching and nosniff', async () => {
    const { url } = await upload(realm.clientFor(HAMLET), 'hello world', 'hello.txt');
    const response = await fetchFile(url ?? '', HAMLET);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hello world');
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'text/plain; charset="ascii"',
      'content-disposition': 'inline; filename="hello.txt"',
      'cache-control': 'private, immutable',
      'x-content-type-options': 'nosniff',
    });
    const head = await fetch(`${SITE}${url}`, { method: 'HEAD', headers: basic(HAMLET) });
    expect(head.headers.get('content-length')).toBe('11');
  });

  it('a page, a script or an unknown type is a download, never shown in place; non-ASCII names are RFC 8187', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const page = await upload(hamlet, '<script>alert(1)</script>', 'page.html', 'text/html');
    expect((await fetchFile(page.url ?? '', HAMLET)).headers.get('content-disposition')).toBe('attachment; filename="page.html"');
    const svg = await upload(hamlet, '<svg/>', 'x.svg', 'image/svg+xml');
    expect((await fetchFile(svg.url ?? '', HAMLET)).headers.get('content-disposition')).toBe('attachment; filename="x.svg"');
    const accented = await upload(hamlet, 'x', 'résumé.pdf', 'application/pdf');
    expect((await fetchFile(accented.url ?? '', HAMLET)).headers.get('content-disposition')).toBe(
      "inline; filename*=utf-8''r%C3%A9sum%C3%A9.pdf",
    );
  });

  it('serves a file under its name as uploaded, not its URL form; /download/ forces an attachment', async () => {
    const { url } = await upload(realm.clientFor(HAMLET), 'x', 'a b[1].txt');
    expect(url).toMatch(/\/a-b1\.txt$/);
    expect((await fetchFile(url ?? '', HAMLET)).headers.get('content-disposition')).toBe('inline; filename="a b[1].txt"');
    // Django quotes a name with a tab too.
    const tabbed = await upload(realm.clientFor(HAMLET), 'x', 'a%09b.txt');
    expect((await fetchFile(tabbed.url ?? '', HAMLET)).headers.get('content-disposition')).toBe('inline; filename="a\tb.txt"');
    const download = await fetchFile((url ?? '').replace('/user_uploads/', '/user_uploads/download/'), HAMLET);
    expect([download.status, await download.text(), download.headers.get('content-disposition')]).toEqual([200, 'x', 'attachment; filename="a b[1].txt"']);
    const stranger = await fetchFile((url ?? '').replace('/user_uploads/', '/user_uploads/download/'), 'othello@zulip.com');
    expect(stranger.status).toBe(403);
    expect(stranger.headers.get('vary')).toBe('Accept');
  });

  it('before it is shared: others get 403, no credentials a redirect to log in, a wrong key 401, an unknown path 404', async () => {
    const { url } = await upload(realm.clientFor(HAMLET));
    const other = await fetchFile(url ?? '', OTHELLO);
    expect({ status: other.status, type: other.headers.get('content-type'), body: await other.text() }).toEqual({
      status: 403,
      type: 'text/html; charset=utf-8',
      body: '<p>You are not authorized to view this file.</p>',
    });
    const anonymous = await fetchFile(url ?? '');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe(`/login/?next=${url ?? ''}`);
    const wrongKey = await fetch(`${SITE}${url}`, { headers: { Authorization: `Basic ${btoa(`${HAMLET}:${'x'.repeat(32)}`)}` } });
    expect({ status: wrongKey.status, body: await wrongKey.json() }).toEqual({
      status: 401,
      body: { result: 'error', msg: 'Invalid API key', code: 'UNAUTHORIZED' },
    });
    const missing = await fetchFile('/user_uploads/1/ab/AAAAAAAAAAAAAAAAAAAAAAAA/none.txt', HAMLET);
    expect({ status: missing.status, body: await missing.text() }).toEqual({ status: 404, body: '<p>This file does not exist or has been deleted.</p>' });
    // The server reads any text as the realm's part of the path: no such file, through the API too.
    for (const path of ['/user_uploads/abc/x/y.txt', '/api/v1/user_uploads/abc/x/y.txt']) {
      const odd = await fetchFile(path, HAMLET);
      expect({ path, status: odd.status, body: await odd.text() }).toEqual({ path, status: 404, body: '<p>This file does not exist or has been deleted.</p>' });
    }
    const traversal = await fetchFile('/user_uploads/1/ab/..%2F..%2F..%2Fetc%2Fpasswd', HAMLET);
    expect(traversal.status).toBe(404);
    const post = await fetch(`${SITE}${url}`, { method: 'POST', headers: basic(HAMLET) });
    expect(post.status).toBe(405);
  });

  it('shared in a public channel: members can open it, a guest only if subscribed', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const inVerona = await upload(hamlet, 'v', 'verona.txt');
    const inDenmark = await upload(hamlet, 'd', 'denmark.txt');
    await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'files', content: `[v](${inVerona.url})` });
    await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 'files', content: `[d](${inDenmark.url})` });
    expect((await fetchFile(inVerona.url ?? '', 'prospero@zulip.com')).status).toBe(200);
    expect((await fetchFile(inDenmark.url ?? '', 'prospero@zulip.com')).status).toBe(200);
    expect((await fetchFile(inVerona.url ?? '', POLONIUS)).status).toBe(200);
    expect((await fetchFile(inDenmark.url ?? '', POLONIUS)).status).toBe(403);
  });

  it('shared in a private channel: its subscribers; in a direct message: its participants', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const secret = await upload(hamlet, 's', 'secret.txt');
    const direct = await upload(hamlet, 'd', 'direct.txt');
    await hamlet.messages.send({ type: 'channel', to: 'core team', topic: 'plans', content: `[s](${secret.url})` });
    await hamlet.messages.send({ type: 'direct', to: [realm.userId(OTHELLO)], content: `[d](${direct.url})` });
    expect((await fetchFile(secret.url ?? '', 'iago@zulip.com')).status).toBe(200);
    expect((await fetchFile(secret.url ?? '', OTHELLO)).status).toBe(403);
    expect((await fetchFile(direct.url ?? '', OTHELLO)).status).toBe(200);
    expect((await fetchFile(direct.url ?? '', CORDELIA)).status).toBe(403);
  });

  it('a link to a file the sender cannot open shares nothing and is not an attachment', async () => {
    const { url } = await upload(realm.clientFor(HAMLET));
    const othello = realm.clientFor(OTHELLO);
    const { id } = await othello.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `[stolen](${url})` });
    expect((await fetchFile(url ?? '', CORDELIA)).status).toBe(403);
    expect((await realm.clientFor(HAMLET).attachments.list()).attachments[0]?.messages).toEqual([]);
    const found = await othello.messages.list({ anchor: 'newest', num_before: 5, num_after: 0, narrow: narrow().has('attachment') });
    expect(found.messages.map((message) => message.id)).not.toContain(id);
  });

  it("a full URL on the realm's host shares the file as a relative link does, and an edit claims and releases it; another host's, code or a bare path do not", async () => {
    const hamlet = realm.clientFor(HAMLET);
    const files = await Promise.all(['a', 'b', 'c', 'd'].map((name) => upload(hamlet, name, `${name}.txt`)));
    const [a = '', b = '', c = '', d = ''] = files.map((file) => file.url ?? '');
    const links = [
      `${SITE}${a}`,
      `[b](${SITE.replace('http:', 'https:')}${b})`,
      `\`${SITE}${c}\` [c](https://github.com${c}) [c](${c.slice(1)})`,
      `> ${SITE}${d}`,
    ];
    const ids: number[] = [];
    for (const content of links) ids.push((await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content })).id);
    const claims = async () => Object.fromEntries((await hamlet.attachments.list()).attachments.map((file) => [file.name, file.messages.map((message) => message.id)]));
    expect(await claims()).toEqual({ 'a.txt': [ids[0]], 'b.txt': [ids[1]], 'c.txt': [], 'd.txt': [ids[3]] });
    expect((await fetchFile(a, OTHELLO)).status).toBe(200);
    const found = await hamlet.messages.list({ anchor: 'newest', num_before: 4, num_after: 0, narrow: narrow().has('attachment') });
    expect(found.messages.map((message) => message.id)).toEqual([ids[0], ids[1], ids[3]]);
    await hamlet.messages.update({ message_id: ids[3] ?? 0, content: `[a](${SITE}${a})` });
    expect(await claims()).toEqual({ 'a.txt': [ids[0], ids[3]], 'b.txt': [ids[1]], 'c.txt': [], 'd.txt': [] });
  });
});

describe('non-ASCII file names in links', () => {
  it('a link keeps the name as typed and claims the file; a hand-percent-encoded link does not (the server compares path IDs as typed)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url = '' } = await upload(hamlet, 'bah!', 'Здравейте.txt');
    expect(url).toMatch(/\/Здравейте\.txt$/);
    const encoded = url.replace('Здравейте', encodeURIComponent('Здравейте'));
    const typed = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `[a](${url})` });
    const byHand = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `[b](${encoded})` });
    const { message } = await hamlet.messages.get({ message_id: typed.id });
    expect(message.content).toBe(`<p><a href="${url}">a</a></p>`);
    const [file] = (await hamlet.attachments.list()).attachments;
    expect(file?.messages.map((linked) => linked.id)).toEqual([typed.id]);
    expect(file?.messages.map((linked) => linked.id)).not.toContain(byHand.id);
  });

  it("a full URL on the realm's host with another scheme claims a non-ASCII name as typed (the server compares the netloc and the path as typed)", async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url = '' } = await upload(hamlet, 'bah!', 'Здравейте.txt');
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `[a](${SITE.replace('http:', 'https:')}${url})` });
    const [file] = (await hamlet.attachments.list()).attachments;
    expect(file?.messages.map((linked) => linked.id)).toEqual([id]);
  });
});

describe('temporary URLs', () => {
  it('open the file without credentials for 60 seconds', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url } = await upload(hamlet, 'temporary', 'temp file.txt');
    realm.clock.set(1_700_000_000_000);
    const temporary = await hamlet.uploads.temporaryUrl(`${SITE}${url}`);
    expect(temporary.url).toMatch(/^\/user_uploads\/temporary\/[0-9a-f]{32}\/temp-file\.txt$/);
    const opened = await fetch(`${SITE}${temporary.url}`);
    expect(await opened.text()).toBe('temporary');
    realm.clock.set(1_700_000_060_000);
    expect((await fetch(`${SITE}${temporary.url}`)).status).toBe(200);
    realm.clock.set(1_700_000_060_001);
    const expired = await fetch(`${SITE}${temporary.url}`);
    expect({ status: expired.status, body: await expired.json() }).toEqual({
      status: 400,
      body: { result: 'error', msg: 'Invalid token', code: 'BAD_REQUEST' },
    });
  });

  it('refuse a token for another name, an unknown token, and files the caller cannot open', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url } = await upload(hamlet);
    const { url: temporary } = await hamlet.uploads.temporaryUrl(url ?? '');
    const renamed = await fetch(`${SITE}${temporary.replace(/[^/]+$/, 'other.txt')}`);
    expect(await renamed.json()).toEqual({ result: 'error', msg: 'Invalid filename', code: 'BAD_REQUEST' });
    const unknown = await fetch(`${SITE}/user_uploads/temporary/${'0'.repeat(32)}/notes.txt`);
    expect(await unknown.json()).toEqual({ result: 'error', msg: 'Invalid token', code: 'BAD_REQUEST' });
    const forbidden = await realm.raw(OTHELLO, 'GET', url ?? '');
    expect({ status: forbidden.status, body: await forbidden.text() }).toEqual({
      status: 403,
      body: '<p>You are not authorized to view this file.</p>',
    });
    await expect(hamlet.uploads.temporaryUrl('https://example.com/elsewhere.txt')).rejects.toThrow(TypeError);
    await expect(hamlet.uploads.upload({} as Blob)).rejects.toThrow(TypeError);
  });
  it('a temporary URL of a deleted file is "Invalid token", as the server finds no attachment for it', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url } = await upload(hamlet, 'gone soon', 'gone.txt');
    const { url: temporary } = await hamlet.uploads.temporaryUrl(url ?? '');
    const [attachment] = (await hamlet.attachments.list()).attachments;
    await hamlet.attachments.delete({ attachment_id: attachment?.id ?? 0 });
    const after = await fetch(`${SITE}${temporary}`);
    expect({ status: after.status, type: after.headers.get('content-type'), body: await after.json() }).toEqual({
      status: 400,
      type: 'application/json',
      body: { result: 'error', msg: 'Invalid token', code: 'BAD_REQUEST' },
    });
  });
});

describe('GET /attachments and DELETE /attachments/{id}', () => {
  it('lists only the caller\'s uploads with the messages linking to them (ms timestamps)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    realm.clock.set(1_700_000_000_000);
    const { url } = await upload(hamlet);
    await upload(realm.clientFor(OTHELLO), 'theirs', 'theirs.txt');
    realm.clock.set(1_700_000_005_000);
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `see [notes](${url})` });
    const { attachments, upload_space_used } = await hamlet.attachments.list();
    expect(attachments.map((attachment) => attachment.messages)).toEqual([[{ id, date_sent: 1_700_000_005_000 }]]);
    expect(upload_space_used).toBe(5 + 6);
  });

  it('deletes only the owner\'s attachment; the file is gone; others and unknown IDs get "Invalid attachment"', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url } = await upload(hamlet);
    const [attachment] = (await hamlet.attachments.list()).attachments;
    const id = attachment?.id ?? 0;
    await expectApiError(realm.clientFor('iago@zulip.com').attachments.delete({ attachment_id: id }), bad('Invalid attachment'));
    await expectApiError(hamlet.attachments.delete({ attachment_id: id + 100 }), bad('Invalid attachment'));
    await expect(hamlet.attachments.delete({ attachment_id: id })).resolves.toEqual({});
    expect((await hamlet.attachments.list()).attachments).toEqual([]);
    expect((await fetchFile(url ?? '', HAMLET)).status).toBe(404);
    await expectApiError(hamlet.attachments.delete({ attachment_id: id }), bad('Invalid attachment'));
  });

  // The server's Message.has_attachment is set when uploads are claimed (send, content edit) and
  // read by has:attachment; deleting the file drops the link rows but leaves the flag set.
  it('a message whose file was deleted stays has:attachment until its content is edited', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url } = await upload(hamlet);
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'files', content: `see [notes](${url})` });
    const withAttachment = async () =>
      (await hamlet.messages.list({ anchor: 'newest', num_before: 5, num_after: 0, narrow: narrow().has('attachment') })).messages.map((message) => message.id);
    const [attachment] = (await hamlet.attachments.list()).attachments;
    await hamlet.attachments.delete({ attachment_id: attachment?.id ?? 0 });
    expect(await withAttachment()).toEqual([id]);
    await hamlet.messages.update({ message_id: id, content: `still [notes](${url})` });
    expect(await withAttachment()).toEqual([]);
  });
});

describe('lifetime of a file', () => {
  it('is deleted with the last message linking to it, not before', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url } = await upload(hamlet);
    const first = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `[a](${url})` });
    const second = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `[b](${url})` });
    const iago = realm.clientFor('iago@zulip.com');
    await iago.messages.delete({ message_id: first.id });
    expect((await hamlet.attachments.list()).attachments[0]?.messages.map((message) => message.id)).toEqual([second.id]);
    expect((await fetchFile(url ?? '', HAMLET)).status).toBe(200);
    await iago.messages.delete({ message_id: second.id });
    expect((await hamlet.attachments.list()).attachments).toEqual([]);
    expect((await fetchFile(url ?? '', HAMLET)).status).toBe(404);
  });

  it('an edit that drops the link detaches the upload (listed in detached_uploads); one that adds a link claims it', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url } = await upload(hamlet);
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `[a](${url})` });
    const dropped = await hamlet.messages.update({ message_id: id, content: 'no link any more' });
    expect(dropped.detached_uploads).toEqual([expect.objectContaining({ path_id: url?.slice('/user_uploads/'.length), messages: [] })]);
    expect((await fetchFile(url ?? '', HAMLET)).status).toBe(200);
    const relinked = await hamlet.messages.update({ message_id: id, content: `back: [a](${url})` });
    expect(relinked.detached_uploads).toEqual([]);
    expect((await hamlet.attachments.list()).attachments[0]?.messages.map((message) => message.id)).toEqual([id]);
  });

  // The server's job deletes files created strictly before five weeks ago (`create_time__lt`).
  it('a file no message links to is deleted once older than five weeks; a linked one stays', async () => {
    const hamlet = realm.clientFor(HAMLET);
    realm.clock.set(1_700_000_000_000);
    const unclaimed = await upload(hamlet, 'u', 'unclaimed.txt');
    const claimed = await upload(hamlet, 'c', 'claimed.txt');
    await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `[c](${claimed.url})` });
    realm.clock.set(1_700_000_000_000 + UNCLAIMED_UPLOAD_RETENTION_MS);
    expect((await hamlet.attachments.list()).attachments).toHaveLength(2);
    realm.clock.set(1_700_000_000_000 + UNCLAIMED_UPLOAD_RETENTION_MS + 1);
    expect((await hamlet.attachments.list()).attachments.map((attachment) => attachment.name)).toEqual(['claimed.txt']);
    expect((await fetchFile(unclaimed.url ?? '', HAMLET)).status).toBe(404);
    expect((await fetchFile(claimed.url ?? '', HAMLET)).status).toBe(200);
  });
});
