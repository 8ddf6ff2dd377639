import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD } from '../mock/index';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const NEVER_CACHE = 'max-age=0, no-cache, no-store, must-revalidate, private';

/** The realm's clock as Django's `http_date` writes it (`Expires`). */
function nowAsHttpDate(): string {
  return new Date(Math.floor(realm.clock.now() / 1000) * 1000).toUTCString();
}

function cacheHeaders(response: Response) {
  return { status: response.status, cacheControl: response.headers.get('cache-control'), expires: response.headers.get('expires') };
}

describe("the REST dispatcher's never-cache headers (Django's add_never_cache_headers)", () => {
  it('a success of a dispatched operation has Cache-Control and an Expires of now', async () => {
    const expected = { status: 200, cacheControl: NEVER_CACHE, expires: nowAsHttpDate() };
    expect(expected.expires).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(cacheHeaders(await realm.raw('iago@zulip.com', 'GET', '/users/me'))).toEqual(expected);
    const sent = await realm.raw('iago@zulip.com', 'POST', '/messages', new URLSearchParams({ type: 'stream', to: 'Verona', topic: 't', content: 'x' }));
    expect(cacheHeaders(sent)).toEqual(expected);
  });

  it('Expires follows the realm clock', async () => {
    realm.clock.advance(90_000);
    expect(cacheHeaders(await realm.raw('iago@zulip.com', 'GET', '/users/me')).expires).toBe(nowAsHttpDate());
  });

  it("the dispatcher's own answers have them too: its 405 and the 204 of OPTIONS", async () => {
    const refused = await realm.raw('iago@zulip.com', 'PUT', '/users/me');
    expect(cacheHeaders(refused)).toEqual({ status: 405, cacheControl: NEVER_CACHE, expires: nowAsHttpDate() });
    expect(await refused.json()).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['GET', 'DELETE', 'HEAD'] });
    const options = await realm.raw(undefined, 'OPTIONS', '/users/me');
    expect(cacheHeaders(options)).toEqual({ status: 204, cacheControl: NEVER_CACHE, expires: nowAsHttpDate() });
    expect(options.headers.get('allow')).toBe('DELETE, GET, HEAD');
  });

  it('errors a view raises (answered by middleware) and the 404 page have none', async () => {
    const none = { cacheControl: null, expires: null };
    expect(cacheHeaders(await realm.raw('iago@zulip.com', 'GET', '/messages/999999'))).toEqual({ status: 400, ...none });
    expect(cacheHeaders(await realm.raw(undefined, 'GET', '/users/me'))).toEqual({ status: 401, ...none });
    expect(cacheHeaders(await realm.raw('iago@zulip.com', 'GET', '/no_such_thing'))).toEqual({ status: 404, ...none });
  });

  it('the plain views outside the dispatcher have none, even on success', async () => {
    const none = { status: 200, cacheControl: null, expires: null };
    expect(cacheHeaders(await realm.raw(undefined, 'GET', '/server_settings'))).toEqual(none);
    const login = new URLSearchParams({ username: 'iago@zulip.com', password: DEFAULT_PASSWORD });
    expect(cacheHeaders(await realm.raw(undefined, 'POST', '/fetch_api_key', login))).toEqual(none);
    expect(cacheHeaders(await realm.raw(undefined, 'POST', '/dev_fetch_api_key', new URLSearchParams({ username: 'iago@zulip.com' })))).toEqual(none);
    expect(cacheHeaders(await realm.raw(undefined, 'GET', '/dev_list_users'))).toEqual(none);
  });
});
