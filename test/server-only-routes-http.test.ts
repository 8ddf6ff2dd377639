import { describe, expect, it } from 'vitest';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

const HAMLET = 'hamlet@zulip.com';

/** A request over HTTP with Basic auth of a seeded user. */
async function call(email: string, method: string, path: string, fields: Record<string, string>) {
  const key = http.running.mock.apiKeyOf(email);
  const response = await fetch(`${http.running.url}/api/v1${path}`, {
    method,
    body: new URLSearchParams(fields),
    headers: { Authorization: `Basic ${btoa(`${email}:${key}`)}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the server-only routes over HTTP', () => {
  it('PATCH /settings/notifications changes a setting', async () => {
    expect(await call(HAMLET, 'PATCH', '/settings/notifications', { enable_sounds: 'false' })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    const state = await http.clientFor(HAMLET).events.register({ fetch_event_types: ['user_settings'] });
    expect(state.user_settings).toMatchObject({ enable_sounds: false });
  });

  it('PATCH /users/me/subscriptions/{stream_id} sets a property, and refuses an unknown one', async () => {
    const id = http.running.mock.store.channelByName('Denmark')?.id;
    expect(await call(HAMLET, 'PATCH', `/users/me/subscriptions/${id}`, { property: 'pin_to_top', value: 'true' })).toEqual({
      status: 200,
      body: { result: 'success', msg: '' },
    });
    const { subscriptions } = await http.clientFor(HAMLET).subscriptions.list();
    expect(subscriptions.find((sub) => sub.stream_id === id)?.pin_to_top).toBe(true);
    expect(await call(HAMLET, 'PATCH', `/users/me/subscriptions/${id}`, { property: 'invalid', value: 'x' })).toEqual({
      status: 400,
      body: { result: 'error', msg: 'Unknown subscription property: invalid', code: 'BAD_REQUEST' },
    });
  });

  it('POST /zcommand and POST /calls/zoom/create', async () => {
    expect(await call(HAMLET, 'POST', '/zcommand', { command: '/fluid-width' })).toEqual({
      status: 200,
      body: { result: 'success', msg: 'Changed to fluid-width mode! To revert fluid-width mode, type `/fixed-width`.' },
    });
    expect(await call(HAMLET, 'POST', '/calls/zoom/create', {})).toEqual({
      status: 400,
      body: { result: 'error', msg: 'Zoom credentials have not been configured', code: 'BAD_REQUEST' },
    });
  });

  it('GET /realm/logo answers its redirect over HTTP', async () => {
    const key = http.running.mock.apiKeyOf(HAMLET);
    const response = await fetch(`${http.running.url}/api/v1/realm/logo?night=true`, {
      headers: { Authorization: `Basic ${btoa(`${HAMLET}:${key}`)}` },
      redirect: 'manual',
    });
    expect({ status: response.status, location: response.headers.get('location'), body: await response.text() }).toEqual({
      status: 302,
      location: `${http.running.mock.realm.url}/static/images/logo/zulip-org-logo.svg?version=0&night=true`,
      body: '',
    });
  });

  it('POST /realm/deactivate, last: the realm refuses everything after it', async () => {
    expect(await call('iago@zulip.com', 'POST', '/realm/deactivate', {})).toMatchObject({ status: 400, body: { msg: 'Must be an organization owner' } });
    expect(await call('desdemona@zulip.com', 'POST', '/realm/deactivate', { deletion_delay_days: '30' })).toEqual({
      status: 200,
      body: { result: 'success', msg: '' },
    });
    expect(await call(HAMLET, 'POST', '/zcommand', { command: '/ping' })).toEqual({
      status: 401,
      body: { result: 'error', msg: 'This organization has been deactivated', code: 'UNAUTHORIZED' },
    });
  });
});
