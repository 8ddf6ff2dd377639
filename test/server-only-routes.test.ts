import { describe, expect, it } from 'vitest';
import { NEVER_CACHE_CONTROL } from '../mock/http/never-cache';
import { applyEvent, parseEvent } from '../src/index';
import { png } from './support/image-bytes';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/** A raw request's status and body. */
async function call(email: string | undefined, method: string, path: string, fields: Record<string, string> = {}) {
  const body = method === 'GET' ? undefined : form(fields);
  const response = await realm.raw(email, method, path, body);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const badRequest = (msg: string) => ({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });
const missing = (name: string) => ({ status: 400, body: { result: 'error', msg: `Missing '${name}' argument`, code: 'REQUEST_VARIABLE_MISSING', var_name: name } });
const success = (extra: Record<string, unknown> = {}) => ({ status: 200, body: { result: 'success', msg: '', ...extra } });

describe('PATCH /settings/display and /settings/notifications: PATCH /settings under its legacy paths', () => {
  it('take every setting, not only their group, with the same events', async () => {
    const hamlet = realm.clientFor(HAMLET);
    for (const [path, scheme, sounds] of [
      ['/settings/display', '3', 'false'],
      ['/settings/notifications', '2', 'true'],
    ] as const) {
      const events = await verifyAction(hamlet, async () => {
        expect(await call(HAMLET, 'PATCH', path, { color_scheme: scheme, enable_sounds: sounds, full_name: `Hamlet ${path}` })).toEqual(success());
      });
      // The SDK does not declare user_settings_object, so each setting also has its legacy event.
      expect(events.map((event) => event?.type).sort()).toEqual(['realm_user', 'update_display_settings', 'update_global_notifications', 'user_settings', 'user_settings']);
    }
    const state = await hamlet.events.register({ fetch_event_types: ['user_settings'] });
    expect(state.user_settings).toMatchObject({ color_scheme: 2, enable_sounds: true });
  });

  it('answer as PATCH /settings does: its validation, its bot refusal, its ignored parameters', async () => {
    for (const path of ['/settings', '/settings/display', '/settings/notifications']) {
      expect(await call(HAMLET, 'PATCH', path, { color_scheme: '9' })).toEqual(badRequest('Invalid color_scheme: Value error, Not in the list of possible values'));
      expect(await call('default-bot@zulip.com', 'PATCH', path, { color_scheme: '2' })).toEqual(badRequest('This endpoint does not accept bot requests.'));
      expect(await call(HAMLET, 'PATCH', path, { nonsense: '1' })).toEqual(success({ ignored_parameters_unsupported: ['nonsense'] }));
    }
  });
});

describe('PATCH /users/me/subscriptions/{stream_id}: one subscription property', () => {
  it('sets a colour or a boolean property, with the bulk operation\'s events', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const verona = realm.channelId('Verona');
    const events = await verifyAction(hamlet, async () => {
      expect(await call(HAMLET, 'PATCH', `/users/me/subscriptions/${verona}`, { property: 'color', value: '#c2c2c2' })).toEqual(success());
      expect(await call(HAMLET, 'PATCH', `/users/me/subscriptions/${verona}`, { property: 'is_muted', value: 'true' })).toEqual(success());
      expect(await call(HAMLET, 'PATCH', `/users/me/subscriptions/${verona}`, { property: 'pin_to_top', value: ' false ' })).toEqual(success());
    });
    expect(events.map((event) => (event as { property?: string } | undefined)?.property)).toEqual(['color', 'in_home_view', 'is_muted', 'pin_to_top']);
    const { subscriptions } = await hamlet.subscriptions.list();
    expect(subscriptions.find((sub) => sub.stream_id === verona)).toMatchObject({ color: '#c2c2c2', is_muted: true, pin_to_top: false });
  });

  it('refuses as the server: property and value first, then the channel, then the subscription', async () => {
    const scotland = realm.channelId('Scotland');
    const core = realm.channelId('core team');
    const cordelia = 'cordelia@zulip.com';
    expect(await call(cordelia, 'PATCH', `/users/me/subscriptions/${scotland}`, { value: 'true' })).toEqual(missing('property'));
    expect(await call(cordelia, 'PATCH', `/users/me/subscriptions/${scotland}`, { property: 'is_muted' })).toEqual(missing('value'));
    expect(await call(cordelia, 'PATCH', '/users/me/subscriptions/121', { property: 'invalid', value: 'somevalue' })).toEqual(badRequest('Unknown subscription property: invalid'));
    expect(await call(cordelia, 'PATCH', `/users/me/subscriptions/${scotland}`, { property: 'is_muted', value: 'yes' })).toEqual(badRequest('is_muted is not a boolean'));
    expect(await call(cordelia, 'PATCH', `/users/me/subscriptions/${scotland}`, { property: 'is_muted', value: '1' })).toEqual(badRequest('is_muted is not a boolean'));
    expect(await call(cordelia, 'PATCH', `/users/me/subscriptions/${scotland}`, { property: 'color', value: '"#ffffff"' })).toEqual(badRequest('color is not a valid hex color code'));
    expect(await call(cordelia, 'PATCH', `/users/me/subscriptions/${scotland}`, { property: 'color', value: 'true' })).toEqual(badRequest('color is not a valid hex color code'));
    expect(await call(cordelia, 'PATCH', '/users/me/subscriptions/121', { property: 'is_muted', value: 'true' })).toEqual(badRequest('Invalid channel ID'));
    expect(await call(cordelia, 'PATCH', `/users/me/subscriptions/${core}`, { property: 'is_muted', value: 'true' })).toEqual(badRequest('Invalid channel ID'));
    expect(await call(cordelia, 'PATCH', `/users/me/subscriptions/${scotland}`, { property: 'is_muted', value: 'true' })).toEqual(
      badRequest(`Not subscribed to channel ID ${scotland}`),
    );
  });
});

describe('POST /zcommand', () => {
  it('/ping answers nothing; the mode commands change the setting once, with its events', async () => {
    const hamlet = realm.clientFor(HAMLET);
    expect(await call(HAMLET, 'POST', '/zcommand', { command: '/ping' })).toEqual(success());
    const events = await verifyAction(hamlet, async () => {
      expect(await call(HAMLET, 'POST', '/zcommand', { command: '/dark' })).toEqual(
        success({ msg: 'Changed to dark theme! To revert dark theme, type `/light`.' }),
      );
      expect(await call(HAMLET, 'POST', '/zcommand', { command: '/dark' })).toEqual(success({ msg: 'You are still in dark theme.' }));
      expect(await call(HAMLET, 'POST', '/zcommand', { command: '/fluid-width' })).toEqual(
        success({ msg: 'Changed to fluid-width mode! To revert fluid-width mode, type `/fixed-width`.' }),
      );
      expect(await call(HAMLET, 'POST', '/zcommand', { command: '/fluid-width' })).toEqual(success({ msg: 'You are still in fluid width mode.' }));
      expect(await call(HAMLET, 'POST', '/zcommand', { command: '/fixed-width' })).toEqual(
        success({ msg: 'Changed to fixed-width mode! To revert fixed-width mode, type `/fluid-width`.' }),
      );
      expect(await call(HAMLET, 'POST', '/zcommand', { command: '/fixed-width' })).toEqual(success({ msg: 'You are still in fixed width mode.' }));
      expect(await call(HAMLET, 'POST', '/zcommand', { command: '/light' })).toEqual(
        success({ msg: 'Changed to light theme! To revert light theme, type `/dark`.' }),
      );
      expect(await call(HAMLET, 'POST', '/zcommand', { command: '/light' })).toEqual(success({ msg: 'You are still in light theme.' }));
    });
    const changes = events.filter((event) => event?.type === 'user_settings').map((event) => {
      const { property, value } = event as { property?: string; value?: unknown };
      return [property, value];
    });
    expect(changes).toEqual([
      ['color_scheme', 2],
      ['fluid_layout_width', true],
      ['fluid_layout_width', false],
      ['color_scheme', 3],
    ]);
  });

  it('refuses a command without a leading slash, an unknown one and a missing one', async () => {
    expect(await call(HAMLET, 'POST', '/zcommand', { command: 'ping' })).toEqual(badRequest('There should be a leading slash in the zcommand.'));
    expect(await call(HAMLET, 'POST', '/zcommand', { command: '/day' })).toEqual(badRequest('No such command: day'));
    expect(await call(HAMLET, 'POST', '/zcommand', { command: '/toString' })).toEqual(badRequest('No such command: toString'));
    expect(await call(HAMLET, 'POST', '/zcommand')).toEqual(missing('command'));
    expect((await call(undefined, 'POST', '/zcommand', { command: '/ping' })).status).toBe(401);
  });
});

describe('POST /calls/zoom/create', () => {
  it('answers as a server without Zoom credentials, after reading is_video_call', async () => {
    expect(await call(HAMLET, 'POST', '/calls/zoom/create')).toEqual(badRequest('Zoom credentials have not been configured'));
    expect(await call(HAMLET, 'POST', '/calls/zoom/create', { is_video_call: 'false' })).toEqual(badRequest('Zoom credentials have not been configured'));
    expect(await call(HAMLET, 'POST', '/calls/zoom/create', { is_video_call: 'maybe' })).toEqual(badRequest('is_video_call is not valid JSON'));
    expect(await call(HAMLET, 'POST', '/calls/zoom/create', { is_video_call: '1' })).toEqual(badRequest('is_video_call is not a boolean'));
  });
});

describe('POST /realm/deactivate', () => {
  const DESDEMONA = 'desdemona@zulip.com';

  it('is for owners only, and checks the delay against the server\'s minimum of 14 days', async () => {
    for (const email of ['iago@zulip.com', HAMLET, 'polonius@zulip.com']) {
      expect(await call(email, 'POST', '/realm/deactivate'), email).toEqual({
        status: 400,
        body: { result: 'error', msg: 'Must be an organization owner', code: 'UNAUTHORIZED_PRINCIPAL' },
      });
    }
    expect(await call(DESDEMONA, 'POST', '/realm/deactivate', { deletion_delay_days: '13' })).toEqual(
      badRequest('Data deletion time must be at least 14 days in the future.'),
    );
    expect(await call(DESDEMONA, 'POST', '/realm/deactivate', { deletion_delay_days: '0' })).toEqual(
      badRequest('Data deletion time must be at least 14 days in the future.'),
    );
    expect(await call(DESDEMONA, 'POST', '/realm/deactivate', { deletion_delay_days: '"20"' })).toEqual(badRequest('deletion_delay_days is not an integer'));
    expect(await call(DESDEMONA, 'POST', '/realm/deactivate', { deletion_delay_days: '20.0' })).toEqual(badRequest('deletion_delay_days is not an integer'));
    expect(realm.mock.state.realm.deactivated).toBe(false);
    const register = await call(HAMLET, 'POST', '/register');
    expect(register.body).toMatchObject({ server_min_deactivated_realm_deletion_days: 14, server_max_deactivated_realm_deletion_days: null });
  });

  it('deactivates the realm: waiting long-polls get the realm event, every later request is refused', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const initial = await hamlet.events.register({});
    const poll = hamlet.events.get({ queue_id: initial.queue_id ?? '', last_event_id: initial.last_event_id ?? -1 });
    expect(await call(DESDEMONA, 'POST', '/realm/deactivate', { deletion_delay_days: '14' })).toEqual(success());
    const { events } = await poll;
    expect(events).toEqual([{ id: 0, type: 'realm', op: 'deactivated', realm_id: realm.mock.state.realm.id }]);
    const [event] = events;
    if (!event) throw new Error('the waiting long-poll got no event');
    const parsed = parseEvent(event);
    expect(parsed).toBeDefined();
    expect(applyEvent(initial, parsed as NonNullable<typeof parsed>)).toEqual(initial);
    // The server's API-key authentication turns the realm's error into its UNAUTHORIZED.
    const refused = { status: 401, body: { result: 'error', msg: 'This organization has been deactivated', code: 'UNAUTHORIZED' } };
    expect(await call(HAMLET, 'GET', '/users/me')).toEqual(refused);
    expect(await call(HAMLET, 'GET', `/events?queue_id=${initial.queue_id}&last_event_id=0&dont_block=true`)).toEqual(refused);
    expect(await call(DESDEMONA, 'POST', '/realm/deactivate')).toEqual(refused);
    expect(await call(undefined, 'POST', '/fetch_api_key', { username: HAMLET, password: 'x' })).toMatchObject({ status: 401, body: { code: 'REALM_DEACTIVATED' } });
  });

  it('without a delay too; the state document carries the flag, and reset() brings the realm back', async () => {
    expect(await call(DESDEMONA, 'POST', '/realm/deactivate', { deletion_delay_days: 'null' })).toEqual(success());
    const snapshot = realm.mock.snapshot();
    expect(snapshot.realm.deactivated).toBe(true);
    realm.mock.reset();
    expect((await call(HAMLET, 'GET', '/users/me')).status).toBe(200);
    realm.mock.restore(snapshot);
    expect((await call(HAMLET, 'GET', '/users/me')).body).toMatchObject({ msg: 'This organization has been deactivated' });
    realm.mock.reset();
    expect(await call(DESDEMONA, 'POST', '/realm/deactivate')).toEqual(success());
  });
});

describe('GET /realm/icon and GET /realm/logo: redirects to the images, the request\'s query string kept', () => {
  /** A GET through the mock's own fetch, which follows no redirect: status, headers that matter, body. */
  async function get(email: string | undefined, path: string, headers: Record<string, string> = {}) {
    const auth: Record<string, string> = email ? { Authorization: `Basic ${btoa(`${email}:${realm.mock.apiKeyOf(email)}`)}` } : {};
    const response = await realm.mock.fetch(`${realm.mock.realm.url}/api/v1${path}`, { headers: { ...auth, ...headers } });
    const picked: Record<string, string | null> = {};
    for (const name of ['location', 'content-type', 'cache-control', 'expires']) picked[name] = response.headers.get(name);
    return { status: response.status, headers: picked, body: await response.text(), date: response.headers.get('date') };
  }
  /** The dispatcher's redirect: `Location` as the view made it, never-cache headers of now, no body. */
  const redirect = (location: string, date: string | null) => ({
    status: 302,
    headers: { location, 'content-type': 'text/html; charset=utf-8', 'cache-control': NEVER_CACHE_CONTROL, expires: date },
    body: '',
    date,
  });
  const DEFAULT_LOGO = () => `${realm.mock.realm.url}/static/images/logo/zulip-org-logo.svg?version=0`;
  const uploaded = (name: string, version: number) => `/user_avatars/${realm.mock.realm.id}/realm/${name}.png?version=${version}`;

  it('the icon: the absolute Gravatar address, then the relative address of the uploaded icon, for any user', async () => {
    const { realm_icon_url: gravatar } = await realm.clientFor(HAMLET).events.register({ fetch_event_types: ['realm'] });
    expect(gravatar).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon$/);
    const plain = await get(HAMLET, '/realm/icon');
    expect(plain).toEqual(redirect(`${gravatar}`, plain.date));
    // The query string follows the URL's own, as sent (the server's `iri_to_uri` escapes braces).
    const query = await get('polonius@zulip.com', '/realm/icon?foo=bar&x={}&y=%20');
    expect(query).toEqual(redirect(`${gravatar}&foo=bar&x=%7B%7D&y=%20`, query.date));
    await realm.clientFor('iago@zulip.com').realm.uploadIcon({ content: png(32, 32), contentType: 'image/png' });
    const icon = await get(HAMLET, '/realm/icon?foo=bar');
    expect(icon).toEqual(redirect(`${uploaded('icon', 2)}&foo=bar`, icon.date));
  });

  it('the logo: night=false the day logo, night=true the night one, `night` itself kept in the query string', async () => {
    const day = await get(HAMLET, '/realm/logo?night=false');
    expect(day).toEqual(redirect(`${DEFAULT_LOGO()}&night=false`, day.date));
    await realm.clientFor('iago@zulip.com').realm.uploadLogo({ night: true, content: new File([png(32, 32)], 'night.png', { type: 'image/png' }) });
    const night = await get(HAMLET, '/realm/logo?size=large&night=true');
    expect(night).toEqual(redirect(`${uploaded('night_logo', 2)}&size=large&night=true`, night.date));
    const stillDay = await get(HAMLET, '/realm/logo?night=false');
    expect(stillDay).toEqual(redirect(`${DEFAULT_LOGO()}&night=false`, stillDay.date));
  });

  it('the logo needs `night` as a JSON boolean; errors have no never-cache headers', async () => {
    const error = (msg: string, code = 'BAD_REQUEST', extra: Record<string, string> = {}) => ({
      status: 400,
      headers: { location: null, 'content-type': 'application/json', 'cache-control': null, expires: null },
      body: JSON.stringify({ result: 'error', msg, code, ...extra }),
      date: expect.any(String),
    });
    expect(await get(HAMLET, '/realm/logo')).toEqual(error("Missing 'night' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'night' }));
    expect(await get(HAMLET, '/realm/logo?night=yes')).toEqual(error('night is not valid JSON'));
    expect(await get(HAMLET, '/realm/logo?night=True')).toEqual(error('night is not valid JSON'));
    expect(await get(HAMLET, '/realm/logo?night=1')).toEqual(error('night is not a boolean'));
  });

  it('without credentials: the 401, or for a browser page the login page', async () => {
    for (const path of ['/realm/icon', '/realm/logo?night=true']) {
      const anonymous = await get(undefined, path);
      expect({ status: anonymous.status, body: JSON.parse(anonymous.body) as unknown, cache: anonymous.headers['cache-control'] }).toEqual({
        status: 401,
        body: { result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' },
        cache: null,
      });
    }
    const page = await get(undefined, '/realm/logo?night=true', { Accept: 'text/html' });
    expect({ status: page.status, location: page.headers.location, cache: page.headers['cache-control'] }).toEqual({
      status: 302,
      location: '/login/?next=%2Fapi%2Fv1%2Frealm%2Flogo',
      cache: null,
    });
  });
});

describe('as an older server (feature level 205)', () => {
  const older = useTestRealm({ featureLevel: 205 });
  const olderCall = async (email: string, path: string, fields: Record<string, string>) => {
    const response = await older.raw(email, 'POST', path, form(fields));
    return (await response.json()) as Record<string, unknown>;
  };

  it('ignores is_video_call (level 206) and deletion_delay_days (level 332)', async () => {
    expect(await olderCall(HAMLET, '/calls/zoom/create', { is_video_call: 'maybe' })).toEqual({
      result: 'error',
      msg: 'Zoom credentials have not been configured',
      code: 'BAD_REQUEST',
    });
    expect(await olderCall('desdemona@zulip.com', '/realm/deactivate', { deletion_delay_days: '1' })).toEqual({
      result: 'success',
      msg: '',
      ignored_parameters_unsupported: ['deletion_delay_days'],
    });
    expect(older.mock.state.realm.deactivated).toBe(true);
  });
});
