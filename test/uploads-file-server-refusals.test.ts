import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../src/index';
import { SITE, useTestRealm } from './support/mock';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const OTHELLO = 'othello@zulip.com';
/** What Chrome sends for an `<img>`. */
const IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

function basic(email: string): Record<string, string> {
  return { Authorization: `Basic ${btoa(`${email}:${realm.mock.apiKeyOf(email)}`)}` };
}

async function upload(client: ChatClient, name = 'zulip.txt'): Promise<string> {
  return (await client.uploads.upload(new File(['zulip!'], name, { type: 'text/plain' }))).url ?? '';
}

describe('GET /user_uploads/{realm_id}/{path}: refusals as the server answers them (zerver/views/upload.py serve_file)', () => {
  it('an <img> request gets the error image: 403 without credentials or access, 404 for no such file; other types get the page', async () => {
    const url = await upload(realm.clientFor(HAMLET));
    for (const headers of [{}, basic(OTHELLO)]) {
      const refused = await fetch(`${SITE}${url}`, { headers: { ...headers, Accept: IMAGE_ACCEPT }, redirect: 'manual' });
      expect([refused.status, refused.headers.get('content-type'), refused.headers.get('vary')]).toEqual([403, 'image/png', 'Accept']);
      expect([...new Uint8Array(await refused.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    }
    const missing = `${SITE}/user_uploads/1/ff/gg/abc.png`;
    const image = await fetch(missing, { headers: { ...basic(HAMLET), Accept: IMAGE_ACCEPT } });
    expect([image.status, image.headers.get('content-type')]).toEqual([404, 'image/png']);
    const page = await fetch(missing, { headers: { ...basic(HAMLET), Accept: 'audio/*,application/octet-stream' } });
    expect([page.status, page.headers.get('content-type'), await page.text()]).toEqual([
      404,
      'text/html; charset=utf-8',
      '<p>This file does not exist or has been deleted.</p>',
    ]);
  });

  it('the API\'s temporary URL route refuses an <img> request with the error image too (serve_file_url_backend shares serve_file)', async () => {
    const url = await upload(realm.clientFor(HAMLET));
    const refused = await fetch(`${SITE}/api/v1${url}`, { headers: { ...basic(OTHELLO), Accept: IMAGE_ACCEPT } });
    expect([refused.status, refused.headers.get('content-type'), refused.headers.get('vary')]).toEqual([403, 'image/png', 'Accept']);
    const missing = await fetch(`${SITE}/api/v1/user_uploads/1/ff/gg/abc.png`, { headers: { ...basic(HAMLET), Accept: IMAGE_ACCEPT } });
    expect([missing.status, missing.headers.get('content-type')]).toEqual([404, 'image/png']);
    const page = await fetch(`${SITE}/api/v1${url}`, { headers: basic(OTHELLO) });
    expect([page.status, page.headers.get('content-type'), await page.text()]).toEqual([
      403,
      'text/html; charset=utf-8',
      '<p>You are not authorized to view this file.</p>',
    ]);
  });

  it('the login redirect keeps the slashes of next=, as Django\'s redirect_to_login writes it, and the query', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const url = await upload(hamlet);
    const plain = await fetch(`${SITE}${url}`, { redirect: 'manual' });
    expect([plain.status, plain.headers.get('location')]).toEqual([302, `/login/?next=${url}`]);
    const withQuery = await fetch(`${SITE}${url}?x=1`, { redirect: 'manual' });
    expect(withQuery.headers.get('location')).toBe(`/login/?next=${url}%3Fx%3D1`);
    // The path is escaped once by get_full_path and its % once more by the query string.
    const accented = await upload(hamlet, 'áé.txt');
    expect(accented).toMatch(/\/áé\.txt$/);
    const twice = await fetch(`${SITE}${accented}`, { redirect: 'manual' });
    expect(twice.headers.get('location')).toBe(`/login/?next=${accented.replace('áé', '%25C3%25A1%25C3%25A9')}`);
  });

  it('the mobile apps\' ?api_key= authenticates the file and its download variant; a bad key is the API\'s 401', async () => {
    const url = await upload(realm.clientFor(HAMLET));
    const key = realm.mock.apiKeyOf(HAMLET);
    for (const path of [url, url.replace('/user_uploads/', '/user_uploads/download/')]) {
      const response = await fetch(`${SITE}${path}?api_key=${key}`, { redirect: 'manual' });
      expect([response.status, await response.text()]).toEqual([200, 'zulip!']);
    }
    const malformed = await fetch(`${SITE}${url}?api_key=invalid`, { redirect: 'manual' });
    expect([malformed.status, await malformed.json()]).toEqual([401, { result: 'error', msg: 'Malformed API key', code: 'INVALID_API_KEY' }]);
    const unknown = await fetch(`${SITE}${url}?api_key=${'x'.repeat(32)}`, { redirect: 'manual' });
    expect([unknown.status, (await unknown.json()).msg]).toEqual([401, 'Invalid API key']);
    const othello = await fetch(`${SITE}${url}?api_key=${realm.mock.apiKeyOf(OTHELLO)}`, { redirect: 'manual' });
    expect(othello.status).toBe(403);
  });

  it('a web-public file is read without credentials 1000 times a day, download URL included; then it is a login redirect', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await desdemona.subscriptions.add({ subscriptions: [{ name: 'web' }], is_web_public: true });
    const url = await upload(desdemona);
    await desdemona.messages.send({ type: 'channel', to: 'web', topic: 'files', content: `[zulip.txt](${url})` });
    const read = (path: string) => realm.mock.fetch(`${SITE}${path}`, { redirect: 'manual' });
    for (let count = 0; count < 999; count++) expect((await read(url)).status).toBe(200);
    expect((await read(url.replace('/user_uploads/', '/user_uploads/download/'))).status).toBe(200);
    const spent = await read(url);
    expect([spent.status, spent.headers.get('location')]).toEqual([302, `/login/?next=${url}`]);
    expect((await fetch(`${SITE}${url}`, { headers: basic(HAMLET) })).status).toBe(200);
    realm.clock.advance(86_401_000);
    expect((await read(url)).status).toBe(200);
  });

  it('a temporary URL lasts 60 seconds from the whole second it was signed in (Django\'s TimestampSigner)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const url = await upload(hamlet);
    realm.clock.set(1_700_000_000_900);
    const temporary = (await hamlet.uploads.temporaryUrl(`${SITE}${url}`)).url;
    realm.clock.set(1_700_000_060_000);
    expect((await fetch(`${SITE}${temporary}`)).status).toBe(200);
    realm.clock.set(1_700_000_060_001);
    const expired = await fetch(`${SITE}${temporary}`);
    expect([expired.status, (await expired.json()).msg]).toEqual([400, 'Invalid token']);
  });
});
