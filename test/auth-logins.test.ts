import { describe, expect, it } from 'vitest';
import { createMockServer, DEFAULT_PASSWORD } from '../mock/index';
import { ManualClock } from '../mock/domain/clock';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const OTHELLO = 'othello@zulip.com';

async function post(path: string, fields: Record<string, string>) {
  const response = await realm.raw(undefined, 'POST', path, new URLSearchParams(fields));
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    limit: response.headers.get('x-ratelimit-limit'),
    remaining: response.headers.get('x-ratelimit-remaining'),
    reset: response.headers.get('x-ratelimit-reset'),
    retryAfter: response.headers.get('retry-after'),
  };
}

const login = (username: string, password: string) => post('/fetch_api_key', { username, password });
const devLogin = (username: string) => post('/dev_fetch_api_key', { username });

const failure = (code: string, msg: string) => ({ status: 401, body: { result: 'error', msg, code } });
const AUTHENTICATION_FAILED = failure('AUTHENTICATION_FAILED', 'Your username or password is incorrect');
const USER_DEACTIVATED = failure('USER_DEACTIVATED', 'Account is deactivated');
const REALM_DEACTIVATED = failure('REALM_DEACTIVATED', 'This organization has been deactivated');

const deactivateOthello = () => realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId(OTHELLO) });

describe('POST /fetch_api_key checks in the server order', () => {
  it('password login disabled comes before the empty password', async () => {
    realm.mock.realm.password_auth_enabled = false;
    expect(await login(HAMLET, '')).toMatchObject(failure('PASSWORD_AUTH_DISABLED', 'Password authentication is disabled in this organization'));
  });

  it('an empty password fails before the account is looked at, even a deactivated one', async () => {
    await deactivateOthello();
    expect(await login(OTHELLO, '')).toMatchObject(AUTHENTICATION_FAILED);
    expect(await login('nobody@zulip.com', '')).toMatchObject(AUTHENTICATION_FAILED);
  });

  it('a deactivated account is USER_DEACTIVATED whatever the password', async () => {
    await deactivateOthello();
    expect(await login(OTHELLO, 'wrong')).toMatchObject(USER_DEACTIVATED);
    expect(await login(OTHELLO, DEFAULT_PASSWORD)).toMatchObject(USER_DEACTIVATED);
  });

  it('in a deactivated organization: an unknown user is AUTHENTICATION_FAILED, a known one REALM_DEACTIVATED whatever the password', async () => {
    await deactivateOthello();
    realm.mock.realm.deactivated = true;
    expect(await login('nobody@zulip.com', 'wrong')).toMatchObject(AUTHENTICATION_FAILED);
    expect(await login(HAMLET, 'wrong')).toMatchObject(REALM_DEACTIVATED);
    expect(await login(OTHELLO, 'wrong')).toMatchObject(REALM_DEACTIVATED);
  });

  it('dev_fetch_api_key: unknown, then the organization, then the account', async () => {
    await deactivateOthello();
    expect(await devLogin(OTHELLO)).toMatchObject(USER_DEACTIVATED);
    realm.mock.realm.deactivated = true;
    expect(await devLogin('nobody@zulip.com')).toMatchObject(AUTHENTICATION_FAILED);
    expect(await devLogin(OTHELLO)).toMatchObject(REALM_DEACTIVATED);
    expect(await devLogin(HAMLET)).toMatchObject(REALM_DEACTIVATED);
  });
});

describe('failed logins are rate-limited per username (authenticate_by_username: 5 in 30 minutes)', () => {
  it('counts every attempt in X-RateLimit-*, refuses the sixth even with the right password, and admits again after 30 minutes', async () => {
    const reset = String(Math.floor(realm.clock.now() / 1000) + 1800);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await login(HAMLET, 'wrong');
      expect(answer).toMatchObject({ ...AUTHENTICATION_FAILED, limit: '5', remaining: String(5 - attempt), reset });
    }
    const refused = await login(HAMLET, DEFAULT_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': 1800 });
    expect(refused).toMatchObject({ retryAfter: '1800', limit: '5', remaining: '0', reset });
    realm.clock.advance(1800_001);
    expect(await login(HAMLET, DEFAULT_PASSWORD)).toMatchObject({ status: 200, body: { api_key: realm.mock.apiKeyOf(HAMLET) } });
  });

  it('a successful login forgets the attempts before it (its own answer still counts it)', async () => {
    for (let attempt = 1; attempt <= 4; attempt++) await login(HAMLET, 'wrong');
    expect(await login(HAMLET, DEFAULT_PASSWORD)).toMatchObject({ status: 200, remaining: '0' });
    expect(await login(HAMLET, 'wrong')).toMatchObject({ ...AUTHENTICATION_FAILED, remaining: '4' });
  });

  it('the username counts exactly as sent; unknown and deactivated users count too', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) await login(HAMLET, 'wrong');
    expect((await login(HAMLET, 'wrong')).status).toBe(429);
    expect(await login('HAMLET@zulip.com', DEFAULT_PASSWORD)).toMatchObject({ status: 200, remaining: '4' });
    for (let attempt = 1; attempt <= 5; attempt++) expect(await login('nobody@zulip.com', 'x')).toMatchObject(AUTHENTICATION_FAILED);
    expect((await login('nobody@zulip.com', 'x')).status).toBe(429);
  });

  it('an invalid email is refused before the limit, uncounted; dev_fetch_api_key is not limited', async () => {
    for (let attempt = 1; attempt <= 7; attempt++) {
      const answer = await login('hamlet', 'wrong');
      expect(answer).toMatchObject({ status: 400, body: { result: 'error', msg: 'Enter a valid email address.', code: 'BAD_REQUEST' }, limit: null });
    }
    for (let attempt = 1; attempt <= 7; attempt++) expect(await devLogin(HAMLET)).toMatchObject({ status: 200, limit: null });
    expect(await login(HAMLET, 'wrong')).toMatchObject({ remaining: '4' });
  });

  it('changing the password forgets the attempts (its check of the old password is the fifth)', async () => {
    for (let attempt = 1; attempt <= 4; attempt++) await login(HAMLET, 'wrong');
    await realm.clientFor(HAMLET).settings.update({ old_password: DEFAULT_PASSWORD, new_password: 'a much better passphrase 42' });
    expect(await login(HAMLET, 'a much better passphrase 42')).toMatchObject({ status: 200, remaining: '4' });
  });
});

describe('login rate limits follow the rateLimits option and the clock', () => {
  const fetchApiKey = (mock: ReturnType<typeof createMockServer>, password: string) =>
    mock.fetch(
      new Request('http://localhost/api/v1/fetch_api_key', {
        method: 'POST',
        body: new URLSearchParams({ username: HAMLET, password }),
      }),
    );

  it('rateLimits: false turns them off, headers included', async () => {
    const mock = createMockServer({ rateLimits: false, clock: new ManualClock() });
    for (let attempt = 1; attempt <= 8; attempt++) {
      const response = await fetchApiKey(mock, 'wrong');
      expect(response.status).toBe(401);
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });

  it('rateLimits.logins sets the rule', async () => {
    const clock = new ManualClock();
    const mock = createMockServer({ rateLimits: { logins: [{ seconds: 10, requests: 2 }] }, clock });
    expect((await fetchApiKey(mock, 'wrong')).headers.get('x-ratelimit-limit')).toBe('2');
    await fetchApiKey(mock, 'wrong');
    expect((await fetchApiKey(mock, DEFAULT_PASSWORD)).status).toBe(429);
    clock.advance(10_001);
    expect((await fetchApiKey(mock, DEFAULT_PASSWORD)).status).toBe(200);
  });
});

describe('GET /dev_list_users', () => {
  it('lists active humans by email, each with the realm_url only', async () => {
    const entry = (email: string) => ({ email, realm_url: realm.mock.realm.url });
    const response = await realm.raw(undefined, 'GET', '/dev_list_users');
    expect(await response.json()).toEqual({
      result: 'success',
      msg: '',
      direct_admins: ['desdemona@zulip.com', 'iago@zulip.com'].map(entry),
      direct_users: [
        'cordelia@zulip.com',
        'hamlet@zulip.com',
        'othello@zulip.com',
        'polonius@zulip.com',
        'prospero@zulip.com',
        'shiva@zulip.com',
      ].map(entry),
    });
  });

  it('names it realm_uri on servers before feature level 263', async () => {
    const mock = createMockServer({ featureLevel: 262 });
    const body = (await (await mock.fetch(new Request('http://localhost/api/v1/dev_list_users'))).json()) as {
      direct_admins: unknown[];
    };
    expect(body.direct_admins[0]).toEqual({ email: 'desdemona@zulip.com', realm_uri: mock.realm.url });
  });
});
