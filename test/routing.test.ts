import { describe, expect, it } from 'vitest';
import { fallbackResolver } from '../mock/http/fallback';
import SERVER_URL_PATTERNS from '../mock/http/server-url-patterns.json';
import { SERVER_ROUTES } from '../mock/http/server-routes';
import { UnauthorizedError, UnexpectedResponseError } from '../src/index';
import { apiFailure } from './support/failure';
import { SITE, useTestRealm } from './support/mock';
import { apiReference } from './support/reference';

const warnings: string[] = [];
const realm = useTestRealm({
  logger: { warn: (message) => warnings.push(message), error: (message) => warnings.push(`error: ${message}`) },
});

/** Basic auth of Iago, an administrator. */
const iago = () => ({ Authorization: `Basic ${btoa(`iago@zulip.com:${realm.mock.apiKeyOf('iago@zulip.com')}`)}` });

describe('routes the mock does not implement', () => {
  it('a real route without credentials gets the 401 a real server sends', async () => {
    const response = await realm.raw(undefined, 'GET', '/messages?anchor=newest');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      result: 'error',
      msg: 'Not logged in: API authentication or user session required',
      code: 'UNAUTHORIZED',
    });
    const error = await apiFailure(realm.anonymousClient().request('GET', '/users/me'));
    expect(error).toBeInstanceOf(UnauthorizedError);
  });

  it('every route of the reference and the spec is implemented', async () => {
    for (const route of SERVER_ROUTES) {
      const [method = '', path = ''] = route.split(' ');
      const concrete = path.replace(/\{[a-z_]+_id\}/g, '1').replace(/\{[a-z_]+\}/g, 'x');
      const response = await realm.raw('iago@zulip.com', method, concrete);
      expect(response.status, route).not.toBe(501);
    }
  });

  it("no route of the server's URL table answers 501 any more", async () => {
    for (const [pattern, methods] of SERVER_URL_PATTERNS as [string, string[]][]) {
      const concrete = pattern.replace(/<int:[a-z_]+>/g, '1').replace(/<(?:[a-z]+:)?[a-z_]+>/g, 'x');
      for (const method of methods) {
        // A change (deactivating the caller or the realm) must not hide the next route behind a 401.
        realm.mock.reset();
        // The mock's own fetch: it follows no redirect (`GET /realm/icon` is one to Gravatar).
        const response = await realm.mock.fetch(`${SITE}/api/v1${concrete}`, { method, headers: iago() });
        expect(response.status, `${method} ${pattern}`).not.toBe(501);
        expect(response.status, `${method} ${pattern}`).not.toBe(401);
      }
    }
  });

  it("a route the mock lacks gets, with credentials, a 501 NOT_IMPLEMENTED naming it, and the mock warns; without, the server's 401", async () => {
    // Every operation left out: to this fallback, GET /realm/icon is a real route the mock lacks.
    const lacking = fallbackResolver(realm.mock.state, [], undefined);
    warnings.length = 0;
    const response = await lacking(new Request(`${SITE}/api/v1/realm/icon`, { headers: iago() }));
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 501,
      body: { result: 'error', msg: 'teamchat-mock does not implement GET /realm/icon yet', code: 'NOT_IMPLEMENTED' },
    });
    expect(warnings).toEqual(['teamchat-mock does not implement GET /realm/icon yet']);
    const anonymous = await lacking(new Request(`${SITE}/api/v1/realm/icon`));
    expect({ status: anonymous.status, body: await anonymous.json() }).toEqual({
      status: 401,
      body: { result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' },
    });
  });

  it('a literal route wins over an implemented template it also matches', async () => {
    const response = await realm.raw('iago@zulip.com', 'GET', '/messages/matches_narrow?msg_ids=[1]&narrow=[]');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: 'success', msg: '', messages: {} });
  });

  it('a method the real server does not allow gets its 405 with the allowed methods, in its order, HEAD after GET', async () => {
    const response = await realm.raw('iago@zulip.com', 'PUT', '/messages/100001');
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, PATCH, DELETE, HEAD');
    expect(await response.json()).toEqual({
      result: 'error',
      msg: 'Method Not Allowed',
      allowed_methods: ['GET', 'PATCH', 'DELETE', 'HEAD'],
    });
  });

  it('HEAD is answered as GET without a body (the REST dispatcher gives HEAD the GET view), through MSW and mock.fetch alike', async () => {
    const get = await realm.raw('iago@zulip.com', 'GET', '/users/me');
    const viaMsw = await realm.raw('iago@zulip.com', 'HEAD', '/users/me');
    const direct = await realm.mock.fetch(`${SITE}/api/v1/users/me`, { method: 'HEAD', headers: iago() });
    for (const head of [viaMsw, direct]) {
      expect({ status: head.status, type: head.headers.get('content-type'), limit: head.headers.has('x-ratelimit-limit'), body: await head.text() }).toEqual({
        status: get.status,
        type: 'application/json',
        limit: true,
        body: '',
      });
    }
    // Without credentials, and on a route without GET, HEAD fails as GET would.
    expect((await realm.raw(undefined, 'HEAD', '/users/me')).status).toBe(401);
    const postOnly = await realm.raw('iago@zulip.com', 'HEAD', '/messages/render');
    expect({ status: postOnly.status, allow: postOnly.headers.get('Allow'), body: await postOnly.text() }).toEqual({ status: 405, allow: 'POST', body: '' });
  });

  it.each([
    // The server's message ID is an integer: these paths are routes of their own.
    ['GET', '/messages/render', ['POST']],
    ['DELETE', '/messages/render', ['POST']],
    ['POST', '/messages/matches_narrow', ['GET', 'HEAD']],
    ['PATCH', '/messages/flags', ['POST']],
    ['GET', '/users/me/subscriptions/properties', ['POST']],
    // The server's `users/me` patterns come before `users/<email>`: "me" is no address here.
    ['PUT', '/users/me', ['GET', 'DELETE', 'HEAD']],
    ['PATCH', '/users/me', ['GET', 'DELETE', 'HEAD']],
    ['GET', '/users/me/presence', ['POST']],
    ['PUT', '/users/me/presence', ['POST']],
  ])('%s %s is a 405 of that route: %j', async (method, path, allowed) => {
    const response = await realm.raw('iago@zulip.com', method, path);
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: allowed });
  });

  it("an implemented route whose ID is not an integer, an unknown path and a trailing slash get the server's HTML 404 page, not an envelope", async () => {
    for (const [method, path] of [['GET', '/messages/abc'], ['GET', '/no_such_thing'], ['GET', '/users/me/'], ['POST', '/messages/'], ['OPTIONS', '/users/me/'], ['GET', '/']]) {
      for (const email of ['iago@zulip.com', undefined]) {
        const response = await realm.raw(email, method as string, path as string);
        expect({ path, email, status: response.status, type: response.headers.get('content-type') }).toEqual({
          path,
          email,
          status: 404,
          type: 'text/html; charset=utf-8',
        });
        const page = await response.text();
        expect(page).toMatch(/^<!DOCTYPE html>\n/);
        expect(page).toContain('<title>Page not found</title>');
      }
    }
  });

  it('an integer ID too large for a JS number still reaches the view, which answers that nothing has it (Django takes any digits)', async () => {
    const huge = '10000000000000000000000';
    for (const [path, msg] of [
      [`/users/me/${huge}/topics`, 'Invalid channel ID'],
      [`/messages/${huge}`, 'Invalid message(s)'],
      [`/messages/${huge}/read_receipts`, 'Invalid message(s)'],
      ['/messages/9007199254740993/history', 'Invalid message(s)'],
    ]) {
      const response = await realm.raw('iago@zulip.com', 'GET', path as string);
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 400,
        body: { result: 'error', msg, code: 'BAD_REQUEST' },
      });
    }
  });

  it('a path is routed decoded, as Django routes PATH_INFO: %31%30%30%36 is user 1006, and %2F a separator', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.userId('othello@zulip.com');
    const encoded = [...String(othello)].map((digit) => `%3${digit}`).join('');
    await expect(hamlet.request('GET', `/users/${encoded}`)).resolves.toMatchObject({ user: { user_id: othello } });
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 't', content: 'x' });
    await expect(hamlet.request('GET', `/messages/${[...String(id)].map((digit) => `%3${digit}`).join('')}`)).resolves.toMatchObject({ message: { id } });
    // The presence route's own answer (Othello has not been online).
    await expect(hamlet.request('GET', `/users/${othello}%2Fpresence`)).rejects.toMatchObject({ status: 400, msg: `No presence data for ${othello}` });
  });

  it("an escape that is no UTF-8 text stays escaped in the routed path (Django's repercent_broken_unicode): /users/%FF asks for the user '%FF'", async () => {
    const response = await realm.raw('hamlet@zulip.com', 'GET', '/users/%FF');
    expect([response.status, await response.json()]).toEqual([400, { result: 'error', msg: 'No such user', code: 'BAD_REQUEST' }]);
  });

  it("a % that starts no escape, or an escaped NUL, is refused before routing with nginx's 400, on API and file paths alike", async () => {
    const refused = { result: 'error', msg: 'Bad Request', code: 'BAD_REQUEST' };
    for (const path of ['/users/%ZZ', '/users/100%', '/users/1%2', '/messages/1%00', '/users/me%']) {
      const response = await realm.raw('hamlet@zulip.com', 'GET', path);
      expect([path, response.status, await response.json()]).toEqual([path, 400, refused]);
    }
    const file = await fetch(`${SITE}/user_uploads/2/ab/%G1.txt`);
    expect([file.status, await file.json()]).toEqual([400, refused]);
    // A query is not nginx's to decode: Django reads `%ZZ` there as it stands.
    const query = await realm.raw('hamlet@zulip.com', 'GET', '/users/me?x=%ZZ');
    expect(query.status).toBe(200);
  });

  it('a mistyped path gets the 404 page, and the log and a note on the page name the closest known routes', async () => {
    warnings.length = 0;
    const response = await realm.raw('iago@zulip.com', 'GET', '/mesages/12');
    expect(response.status).toBe(404);
    const hint = 'no route for GET /api/v1/mesages/12; the closest are: GET /messages/{message_id}, DELETE /messages/{message_id}, PATCH /messages/{message_id}';
    expect(warnings).toEqual([`[teamchat-mock] ${hint}`]);
    expect(await response.text()).toContain(`<p class="teamchat-mock-note">teamchat-mock: ${hint}</p>`);
    warnings.length = 0;
    const slash = await realm.raw('iago@zulip.com', 'GET', '/users/me/');
    expect(await slash.text()).toContain('the closest are: GET /users/me, ');
    expect(warnings).toHaveLength(1);
  });

  it('the note escapes the path', async () => {
    const response = await realm.raw('iago@zulip.com', 'GET', '/mesages/a&b');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('teamchat-mock: no route for GET /api/v1/mesages/a&amp;b;');
  });

  it('the SDK surfaces the HTML 404 as UnexpectedResponseError', async () => {
    const failure = await realm.clientFor('iago@zulip.com').request('GET', '/users/me/').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(UnexpectedResponseError);
    expect(failure).toMatchObject({ status: 404, contentType: 'text/html; charset=utf-8' });
    expect((failure as UnexpectedResponseError).bodySnippet).toMatch(/^<!DOCTYPE html>/);
  });
});

describe('the route list', () => {
  it("matches the real API's routes recorded from the reference OpenAPI file and the spec", () => {
    const expected = apiReference().routes;
    expect([...SERVER_ROUTES].sort()).toEqual(expected);
  });
});
