import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD } from '../mock/index';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe('the views outside the REST dispatcher check the method themselves', () => {
  it('/server_settings takes GET and HEAD only: Django\'s 405, empty, with Allow', async () => {
    for (const method of ['POST', 'OPTIONS', 'DELETE']) {
      const response = await realm.raw(undefined, method, '/server_settings');
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect(await response.text()).toBe('');
    }
    expect((await realm.raw(undefined, 'HEAD', '/server_settings')).status).toBe(200);
  });

  it('the fetch_api_key views take POST only: the JSON 405, OPTIONS included', async () => {
    for (const [method, path] of [
      ['OPTIONS', '/fetch_api_key'],
      ['GET', '/fetch_api_key'],
      ['OPTIONS', '/dev_fetch_api_key'],
      ['PUT', '/dev_fetch_api_key'],
      ['GET', '/jwt/fetch_api_key'],
    ] as const) {
      const response = await realm.raw(undefined, method, path);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['POST'] });
    }
  });

  it('/dev_list_users answers every method', async () => {
    const get = await (await realm.raw(undefined, 'GET', '/dev_list_users')).json();
    for (const method of ['POST', 'DELETE', 'OPTIONS']) {
      const response = await realm.raw(undefined, method, '/dev_list_users');
      expect(response.status, method).toBe(200);
      expect(await response.json()).toEqual(get);
    }
  });

  it('POST /jwt/fetch_api_key: JWT authentication is not enabled', async () => {
    const response = await realm.raw(undefined, 'POST', '/jwt/fetch_api_key', form({ token: 'x' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      result: 'error',
      msg: 'JWT authentication is not enabled for this organization',
      code: 'BAD_REQUEST',
    });
  });

  it('a method form field does not change their method', async () => {
    const response = await realm.raw(undefined, 'POST', '/fetch_api_key', form({ method: 'GET', username: HAMLET, password: DEFAULT_PASSWORD }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ api_key: realm.mock.apiKeyOf(HAMLET), ignored_parameters_unsupported: ['method'] });
  });
});

describe('a POST form field named method chooses the view (the REST dispatcher\'s legacy tunnelling)', () => {
  it('method=GET reaches the GET view, which reads its parameters from the body', async () => {
    const me = await realm.raw(HAMLET, 'POST', '/users/me', form({ method: 'GET' }));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ result: 'success', email: HAMLET });
    const escaped = await realm.raw(HAMLET, 'POST', '/users/me', '%6Dethod=GET', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(await escaped.json()).toMatchObject({ result: 'success', email: HAMLET });
    const id = (await realm.clientFor(HAMLET).messages.send({ type: 'channel', to: 'Verona', topic: 'tunnel', content: 'through a POST' })).id;
    const fields = { method: 'GET', anchor: String(id), num_before: '0', num_after: '0', apply_markdown: 'false' };
    const history = await realm.raw(HAMLET, 'POST', '/messages', form(fields));
    expect(history.status).toBe(200);
    const body = (await history.json()) as { messages: { id: number; content: string }[] };
    expect(body.messages.map((message) => [message.id, message.content])).toEqual([[id, 'through a POST']]);
  });

  it('works from a multipart body too, and HEAD is the GET view', async () => {
    const multipart = new FormData();
    multipart.set('method', 'GET');
    const words = await realm.raw(HAMLET, 'POST', '/users/me/alert_words', multipart);
    expect(await words.json()).toEqual({ result: 'success', msg: '', alert_words: [] });
    const head = await realm.raw(HAMLET, 'POST', '/users/me/alert_words', form({ method: 'HEAD' }));
    expect(await head.json()).toMatchObject({ result: 'success', alert_words: [] });
  });

  it('a method the path does not have is its 405, OPTIONS included (the POST was no OPTIONS request)', async () => {
    for (const method of ['PUT', 'OPTIONS', 'get']) {
      const response = await realm.raw(HAMLET, 'POST', '/users/me', form({ method }));
      expect(response.status, method).toBe(405);
      expect(await response.json()).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['GET', 'DELETE', 'HEAD'] });
    }
  });

  it('only a POST is tunnelled, and only with a form body', async () => {
    const patch = await realm.raw(HAMLET, 'PATCH', '/users/me', form({ method: 'GET' }));
    expect(patch.status).toBe(405);
    const json = await realm.raw(HAMLET, 'POST', '/users/me', JSON.stringify({ method: 'GET' }), { 'Content-Type': 'application/json' });
    expect(json.status).toBe(405);
  });
});

describe('the client name, read from the User-Agent as the server reads it', () => {
  async function clientOf(headers: Record<string, string>, extra: Record<string, string> = {}) {
    const auth = { Authorization: `Basic ${btoa(`${HAMLET}:${realm.mock.apiKeyOf(HAMLET)}`)}` };
    const fields = { type: 'channel', to: 'Verona', topic: 'clients', content: 'x', ...extra };
    const sent = await realm.mock.fetch(
      new Request('http://chat.test/api/v1/messages', { method: 'POST', headers: { ...auth, ...headers }, body: form(fields) }),
    );
    const { id } = (await sent.json()) as { id: number };
    return realm.mock.store.tables.message.get(id)?.client;
  }

  it.each([
    ['My Client/1.0', 'My Client'],
    ['curl 7.68.0', 'curl'],
    ['ZulipMobile/27.1 (Android 13)', 'ZulipMobile'],
    ['Mozilla/5.0 (X11; Linux x86_64)', 'Mozilla'],
    ['', ''],
    ['A very long client name that goes on/1.0', 'A very long client name that g'],
  ])('%j is %j', async (agent, client) => {
    expect(await clientOf({ 'User-Agent': agent })).toBe(client);
  });

  it('without a User-Agent it is Unspecified; a client parameter wins, even empty', async () => {
    expect(await clientOf({})).toBe('Unspecified');
    expect(await clientOf({ 'User-Agent': 'My Client/1.0' }, { client: '' })).toBe('');
  });

  it('is_incompatible only for the client named ZulipInvalid', async () => {
    const incompatible = async (agent?: string) => {
      const headers: Record<string, string> = agent === undefined ? {} : { 'User-Agent': agent };
      const response = await realm.mock.fetch(new Request('http://chat.test/api/v1/server_settings', { headers }));
      return ((await response.json()) as { is_incompatible: boolean }).is_incompatible;
    };
    expect(await incompatible('ZulipInvalid')).toBe(true);
    expect(await incompatible('ZulipInvalid/1.0 (test)')).toBe(true);
    expect(await incompatible('ZulipInvalidX/1.0')).toBe(false);
    expect(await incompatible()).toBe(false);
  });
});
