import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, MOCK_FEATURE_LEVEL } from '../mock/index';
import {
  AuthenticationFailedError,
  ChatClient,
  UnauthorizedError,
  UnauthorizedPrincipalError,
} from '../src/index';
import { apiFailure, expectApiError } from './support/failure';
import { SITE, useTestRealm } from './support/mock';

const realm = useTestRealm();


/** A client that sends `email` with the API key of `keyOwner`. */
const clientWithKeyOf = (email: string, keyOwner: string) =>
  new ChatClient({ site: SITE, email, apiKey: realm.mock.apiKeyOf(keyOwner), maxRetries: 0 });

const send = (client: ChatClient) => client.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'x' });

describe('HTTP Basic authentication', () => {
  it('no credentials: UNAUTHORIZED 401 with WWW-Authenticate', async () => {
    const response = await realm.raw(
      undefined,
      'POST',
      '/messages',
      new URLSearchParams({ type: 'channel', to: 'Verona', topic: 't', content: 'x' }),
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
    expect(await response.json()).toEqual({
      result: 'error',
      msg: 'Not logged in: API authentication or user session required',
      code: 'UNAUTHORIZED',
    });
    expect(await apiFailure(send(realm.anonymousClient()))).toBeInstanceOf(UnauthorizedError);
  });

  it.each([
    ['Basic', 'Invalid authorization header for basic auth', 401, 'UNAUTHORIZED'],
    ['Basic !!!', 'Invalid authorization header for basic auth', 401, 'UNAUTHORIZED'],
    ['Bearer abc', 'This endpoint requires HTTP basic authentication.', 400, 'BAD_REQUEST'],
    [`Basic ${btoa('iago@zulip.com:short')}`, 'Malformed API key', 401, 'UNAUTHORIZED'],
    [`Basic ${btoa(`iago@zulip.com:${'a'.repeat(32)}`)}`, 'Invalid API key', 401, 'UNAUTHORIZED'],
  ])('Authorization %s → %s', async (header, msg, status, code) => {
    const response = await realm.raw(undefined, 'GET', '/messages/100001', undefined, { Authorization: header });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ result: 'error', msg, code });
  });

  it('a key of another user is "Invalid API key"', async () => {
    expect(await apiFailure(send(clientWithKeyOf('hamlet@zulip.com', 'iago@zulip.com')))).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Invalid API key', status: 401 });
  });

  it('a deactivated user is refused', async () => {
    const client = realm.clientFor('othello@zulip.com');
    realm.mock.store.tables.user.update(realm.userId('othello@zulip.com'), {
      is_active: false,
    });
    expect(await apiFailure(send(client))).toMatchObject({
      code: 'UNAUTHORIZED',
      msg: 'Account is deactivated',
      status: 401,
    });
  });

  it('incoming webhook bots can send messages (the server allows them POST /messages) but not the rest of the API', async () => {
    const bot = realm.clientFor('webhook-bot@zulip.com');
    const { id } = await send(bot);
    expect(await apiFailure(bot.messages.get({ message_id: id }))).toMatchObject({
      code: 'UNAUTHORIZED',
      msg: 'This API is not available to incoming webhook bots.',
      status: 401,
    });
  });

  it('the email in the header is compared case-insensitively', async () => {
    await expect(send(clientWithKeyOf('IAGO@zulip.com', 'iago@zulip.com'))).resolves.toHaveProperty('id');
  });

  it('UnauthorizedPrincipalError exists for role checks', () => {
    expect(
      new UnauthorizedPrincipalError({
        operation: 'x',
        status: 400,
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'm',
        data: {},
      }).code,
    ).toBe('UNAUTHORIZED_PRINCIPAL');
  });
});

describe('getting an API key', () => {
  it('fetch_api_key returns the key for the right password', async () => {
    const result = await realm
      .anonymousClient()
      .server.fetchApiKey({ username: 'iago@zulip.com', password: DEFAULT_PASSWORD });
    expect(result).toEqual({
      api_key: realm.mock.apiKeyOf('iago@zulip.com'),
      email: 'iago@zulip.com',
      user_id: realm.userId('iago@zulip.com'),
    });
    const client = new ChatClient({ site: SITE, email: result.email, apiKey: result.api_key });
    await expect(send(client)).resolves.toHaveProperty('id');
  });

  it('a wrong password is AUTHENTICATION_FAILED 401', async () => {
    const error = await apiFailure(
      realm.anonymousClient().server.fetchApiKey({ username: 'iago@zulip.com', password: 'nope' }),
    );
    expect(error).toBeInstanceOf(AuthenticationFailedError);
    expect(error).toMatchObject({ msg: 'Your username or password is incorrect', status: 401 });
  });

  it('an unknown user is AUTHENTICATION_FAILED; a deactivated one USER_DEACTIVATED; a non-email username BAD_REQUEST', async () => {
    const anonymous = realm.anonymousClient();
    expect(await apiFailure(anonymous.server.fetchApiKey({ username: 'ghost@zulip.com', password: 'x' }))).toMatchObject({
      code: 'AUTHENTICATION_FAILED',
    });
    realm.mock.store.tables.user.update(realm.userId('othello@zulip.com'), {
      is_active: false,
    });
    expect(
      await apiFailure(anonymous.server.fetchApiKey({ username: 'othello@zulip.com', password: DEFAULT_PASSWORD })),
    ).toMatchObject({
      code: 'USER_DEACTIVATED',
      msg: 'Account is deactivated',
      status: 401,
    });
    expect(await apiFailure(anonymous.server.fetchApiKey({ username: 'iago', password: 'x' }))).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Enter a valid email address.',
    });
  });

  it('a missing password is REQUEST_VARIABLE_MISSING', async () => {
    const response = await realm.raw(
      undefined,
      'POST',
      '/fetch_api_key',
      new URLSearchParams({ username: 'iago@zulip.com' }),
    );
    expect(await response.json()).toEqual({
      result: 'error',
      msg: "Missing 'password' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'password',
    });
  });

  it('dev_fetch_api_key and dev_list_users serve development login', async () => {
    const anonymous = realm.anonymousClient();
    await expect(anonymous.server.devFetchApiKey({ username: 'hamlet@zulip.com' })).resolves.toMatchObject({
      api_key: realm.mock.apiKeyOf('hamlet@zulip.com'),
    });
    const users = await anonymous.server.devListUsers();
    expect(users.direct_admins.map((user) => user.email)).toEqual(['desdemona@zulip.com', 'iago@zulip.com']);
    expect(users.direct_users.map((user) => user.email)).toContain('polonius@zulip.com');
    expect(users.direct_users.map((user) => user.email)).not.toContain('default-bot@zulip.com');
  });

  it('a realm that turned Dev off: dev_fetch_api_key is AUTHENTICATION_FAILED for anyone, dev_list_users still lists', async () => {
    const anonymous = realm.anonymousClient();
    const listed = await anonymous.server.devListUsers();
    await realm.clientFor('desdemona@zulip.com').realm.update({ authentication_methods: { Dev: false, Email: true } });
    const failed = { code: 'AUTHENTICATION_FAILED', msg: 'Your username or password is incorrect', status: 401 };
    await expectApiError(anonymous.server.devFetchApiKey({ username: 'iago@zulip.com' }), failed);
    // The email is still checked first.
    await expectApiError(anonymous.server.devFetchApiKey({ username: 'iago' }), {
      code: 'BAD_REQUEST',
      msg: 'Enter a valid email address.',
      status: 400,
    });
    // The backend matches nobody before the account is looked up: no USER_DEACTIVATED, no REALM_DEACTIVATED.
    realm.mock.store.tables.user.update(realm.userId('othello@zulip.com'), { is_active: false });
    await expectApiError(anonymous.server.devFetchApiKey({ username: 'othello@zulip.com' }), failed);
    realm.mock.realm.deactivated = true;
    await expectApiError(anonymous.server.devFetchApiKey({ username: 'iago@zulip.com' }), failed);
    realm.mock.realm.deactivated = false;
    const response = await realm.raw(undefined, 'GET', '/dev_list_users');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { direct_admins: unknown[]; direct_users: { email: string }[] };
    expect(body.direct_admins).toEqual(listed.direct_admins);
    expect(body.direct_users.map((user) => user.email)).toEqual(
      listed.direct_users.map((user) => user.email).filter((email) => email !== 'othello@zulip.com'),
    );
  });

  it('server_settings needs no credentials and reports the feature level', async () => {
    const settings = await realm.anonymousClient().server.getSettings();
    expect(settings.zulip_feature_level).toBe(MOCK_FEATURE_LEVEL);
    expect(settings.realm_name).toBe('Zulip Dev');
    expect(settings.authentication_methods.dev).toBe(true);
    // Without an uploaded icon, the server shows the identicon of the realm's string ID ("zulip").
    expect(settings.realm_icon).toBe('https://secure.gravatar.com/avatar/62429d594b6ffc712f54aee976a18b44?d=identicon');
    // The mock delivers push notifications (recorded), so it says it can.
    expect(settings.push_notifications_enabled).toBe(true);
  });

  it('server_settings gives the description rendered (register gives it raw), and the server\'s text for an empty one', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.realm.update({ description: 'We **ship** it.' });
    expect((await realm.anonymousClient().server.getSettings()).realm_description).toBe('<p>We <strong>ship</strong> it.</p>');
    expect((await iago.events.register({ fetch_event_types: ['realm'] })).realm_description).toBe('We **ship** it.');
    await iago.realm.update({ description: 'https://example.com/logo.png' });
    expect((await realm.anonymousClient().server.getSettings()).realm_description).toBe(
      '<p><a href="https://example.com/logo.png">https://example.com/logo.png</a></p>',
    );
    await iago.realm.update({ description: '' });
    expect((await realm.anonymousClient().server.getSettings()).realm_description).toBe('<p>The coolest place in the universe.</p>');
  });
});
