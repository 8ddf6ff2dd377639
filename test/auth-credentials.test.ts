import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const WWW_AUTHENTICATE = 'Basic realm="zulip"';

/** Base64 of text, encoded as UTF-8. */
const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

async function asHeader(authorization: string, path = '/users/me') {
  const response = await realm.raw(undefined, 'GET', path, undefined, { Authorization: authorization });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

const invalidHeader = { result: 'error', msg: 'Invalid authorization header for basic auth', code: 'UNAUTHORIZED' };

describe('HTTP Basic credentials read as the server reads them (base64.b64decode, decode, split(":"), strip)', () => {
  it('a key with a colon in it is three parts: the invalid-header 401, not "Malformed API key"', async () => {
    const answer = await asHeader(`Basic ${b64(`${HAMLET}:${realm.mock.apiKeyOf(HAMLET)}:x`)}`);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(invalidHeader);
    expect(answer.headers.get('www-authenticate')).toBe(WWW_AUTHENTICATE);
  });

  it('whitespace around the email and the key is stripped, Python whitespace included', async () => {
    const key = realm.mock.apiKeyOf(HAMLET);
    for (const credentials of [` ${HAMLET} : ${key} `, `\t${HAMLET}:${key}\n`, `${HAMLET}\x1c:\x85${key}`]) {
      const answer = await asHeader(`Basic ${b64(credentials)}`);
      expect(answer.status, JSON.stringify(credentials)).toBe(200);
      expect(answer.body.email).toBe(HAMLET);
    }
  });

  it('base64 without its padding is the invalid-header 401; characters outside the alphabet are skipped', async () => {
    // 49 bytes: the base64 ends in "==".
    const encoded = b64(`${HAMLET}:${realm.mock.apiKeyOf(HAMLET)}`);
    expect(encoded.endsWith('==')).toBe(true);
    expect(await asHeader(`Basic ${encoded.replace(/=+$/, '')}`)).toMatchObject({ status: 401, body: invalidHeader });
    const scattered = `${encoded.slice(0, 5)}!${encoded.slice(5, 20)}.-_${encoded.slice(20)}`;
    expect(await asHeader(`Basic ${scattered}`)).toMatchObject({ status: 200, body: { email: HAMLET } });
    expect(await asHeader(`Basic ${encoded}junk`)).toMatchObject({ status: 200, body: { email: HAMLET } });
  });

  it('credentials that are not UTF-8 are the invalid-header 401', async () => {
    const answer = await asHeader(`Basic ${btoa(`\xff\xfe:${realm.mock.apiKeyOf(HAMLET)}`)}`);
    expect(answer).toMatchObject({ status: 401, body: invalidHeader });
  });

  it('a deactivated user of a deactivated organization hears of the organization first', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId('othello@zulip.com') });
    realm.mock.realm.deactivated = true;
    const response = await realm.raw('othello@zulip.com', 'GET', '/users/me');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(WWW_AUTHENTICATE);
    expect(await response.json()).toEqual({ result: 'error', msg: 'This organization has been deactivated', code: 'UNAUTHORIZED' });
    await expect(othello.users.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED', msg: 'This organization has been deactivated', status: 401 });
  });
});

describe('file URLs take the key as ?api_key= (for clients that cannot set headers)', () => {
  async function uploadedPath() {
    const { url } = await realm.clientFor(HAMLET).uploads.upload(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    return url ?? '';
  }

  async function withQueryKey(path: string, apiKey: string) {
    const response = await realm.raw(undefined, 'GET', `${path}?api_key=${encodeURIComponent(apiKey)}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
  }

  it('the right key gives the temporary URL, without X-RateLimit headers', async () => {
    const path = await uploadedPath();
    const answer = await withQueryKey(path, realm.mock.apiKeyOf(HAMLET));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ result: 'success', msg: '', url: expect.stringMatching(/^\/user_uploads\/temporary\//) });
    expect(answer.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('its failures keep their own codes: INVALID_API_KEY, USER_DEACTIVATED, and BAD_REQUEST for an incoming webhook bot', async () => {
    const path = await uploadedPath();
    const invalid = await withQueryKey(path, 'x'.repeat(32));
    expect(invalid).toMatchObject({ status: 401, body: { result: 'error', msg: 'Invalid API key', code: 'INVALID_API_KEY' } });
    expect(invalid.headers.get('www-authenticate')).toBeNull();
    expect(await withQueryKey(path, 'short')).toMatchObject({
      status: 401,
      body: { result: 'error', msg: 'Malformed API key', code: 'INVALID_API_KEY' },
    });
    expect(await withQueryKey(path, realm.mock.apiKeyOf('webhook-bot@zulip.com'))).toMatchObject({
      status: 400,
      body: { result: 'error', msg: 'This API is not available to incoming webhook bots.', code: 'BAD_REQUEST' },
    });
    const cordeliaKey = realm.mock.apiKeyOf('cordelia@zulip.com');
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId('cordelia@zulip.com') });
    expect(await withQueryKey(path, cordeliaKey)).toMatchObject({
      status: 401,
      body: { result: 'error', msg: 'Account is deactivated', code: 'USER_DEACTIVATED' },
    });
  });

  it('only there: elsewhere ?api_key= is no credential', async () => {
    const answer = await withQueryKey('/users/me', realm.mock.apiKeyOf(HAMLET));
    expect(answer).toMatchObject({
      status: 401,
      body: { result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' },
    });
  });
});

describe('a browser page without credentials', () => {
  it('is redirected to the login page, which brings it back (Accept: text/html)', async () => {
    const response = await realm.mock.fetch(
      new Request('http://chat.test/api/v1/users/me/alert_words', { headers: { Accept: 'text/html,application/xhtml+xml' } }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login/?next=%2Fapi%2Fv1%2Fusers%2Fme%2Falert_words');
    expect(await response.text()).toBe('');
  });

  // zerver/middleware.py JsonErrorHandler: urlencode({'next': request.path}), unlike a file's redirect_to_login.
  it('names the decoded path alone, as quote_plus writes it: the query is dropped, a space is +', async () => {
    const response = await realm.mock.fetch(
      new Request('http://chat.test/api/v1/users/a%20b@x.com?client_gravatar=true', { headers: { Accept: 'text/html' } }),
    );
    expect(response.headers.get('location')).toBe('/login/?next=%2Fapi%2Fv1%2Fusers%2Fa+b%40x.com');
  });

  it("keeps a byte that is no UTF-8 text escaped and decodes the rest around it, as Django's request.path", async () => {
    const response = await realm.mock.fetch(new Request('http://chat.test/api/v1/users/a%20b%FF@x.com', { headers: { Accept: 'text/html' } }));
    expect([response.status, response.headers.get('location')]).toEqual([302, '/login/?next=%2Fapi%2Fv1%2Fusers%2Fa+b%25FF%40x.com']);
  });

  it('but wrong credentials from a page still get the 401', async () => {
    const response = await realm.raw(undefined, 'GET', '/users/me', undefined, { Accept: 'text/html', Authorization: 'Basic !!!' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(invalidHeader);
  });
});
