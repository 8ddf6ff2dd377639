import { describe, expect, it } from 'vitest';
import { StreamDoesNotExistError } from '../src/index';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();
const { clientFor } = http;

describe('SDK -> standalone mock over real HTTP', () => {
  it('sends and fetches a message', async () => {
    const iago = clientFor('iago@zulip.com');
    const { id } = await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'hi', content: 'hello' });
    const { message } = await iago.messages.get({ message_id: id });
    expect(message).toMatchObject({ id, content: '<p>hello</p>', display_recipient: 'Verona', client: 'teamchat-sdk' });
  });

  it('answers the curl example of the README with exactly the documented body', async () => {
    const key = http.running.mock.apiKeyOf('iago@zulip.com');
    const response = await fetch(`${http.running.url}/api/v1/messages`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`iago@zulip.com:${key}`)}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'type=stream&to=Verona&topic=hi&content=hello',
    });
    const body = (await response.json()) as { id: number };
    expect(body).toEqual({ result: 'success', msg: '', id: body.id });
  });

  it('typed errors cross the wire', async () => {
    const error = await clientFor('iago@zulip.com')
      .messages.send({ type: 'channel', to: 'Atlantis', topic: 't', content: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamDoesNotExistError);
  });

  it('accepts multipart bodies and parameters in the query string of a POST', async () => {
    const key = http.running.mock.apiKeyOf('hamlet@zulip.com');
    const auth = { Authorization: `Basic ${btoa(`hamlet@zulip.com:${key}`)}` };
    const form = new FormData();
    form.set('type', 'channel');
    form.set('to', 'Denmark');
    form.set('topic', 'multipart');
    form.set('content', 'from a form');
    const multipart = await fetch(`${http.running.url}/api/v1/messages`, { method: 'POST', headers: auth, body: form });
    expect(multipart.status).toBe(200);
    const query = await fetch(
      `${http.running.url}/api/v1/messages?type=channel&to=Denmark&topic=q&content=from%20the%20query`,
      {
        method: 'POST',
        headers: auth,
      },
    );
    const { id } = (await query.json()) as { id: number };
    expect(http.running.mock.store.tables.message.get(id)?.content).toBe('from the query');
  });

  it("an unknown route gets the server's HTML 404 page and a wrong method the 405", async () => {
    const missing = await fetch(`${http.running.url}/api/v1/no_such_thing`);
    expect({ status: missing.status, type: missing.headers.get('content-type') }).toEqual({ status: 404, type: 'text/html; charset=utf-8' });
    expect(await missing.text()).toContain('<title>Page not found</title>');
    const wrongMethod = await fetch(`${http.running.url}/api/v1/messages`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(await wrongMethod.json()).toEqual({
      result: 'error',
      msg: 'Method Not Allowed',
      allowed_methods: ['GET', 'POST', 'HEAD'],
    });
    const outside = await fetch(`${http.running.url}/elsewhere`);
    expect({ status: outside.status, type: outside.headers.get('content-type') }).toEqual({ status: 404, type: 'text/html; charset=utf-8' });
  });
});

describe('authentication and the server views over real HTTP', () => {
  it('Basic credentials are read as the server reads them: spaces stripped, a third part refused', async () => {
    const key = http.running.mock.apiKeyOf('othello@zulip.com');
    const me = (credentials: string) =>
      fetch(`${http.running.url}/api/v1/users/me`, { headers: { Authorization: `Basic ${btoa(credentials)}` } });
    expect(await (await me(` othello@zulip.com : ${key} `)).json()).toMatchObject({ result: 'success', email: 'othello@zulip.com' });
    const threeParts = await me(`othello@zulip.com:${key}:x`);
    expect(threeParts.status).toBe(401);
    expect(await threeParts.json()).toEqual({ result: 'error', msg: 'Invalid authorization header for basic auth', code: 'UNAUTHORIZED' });
  });

  it('fetch_api_key counts attempts per username with X-RateLimit headers, and answers OPTIONS with its JSON 405', async () => {
    const attempt = () =>
      fetch(`${http.running.url}/api/v1/fetch_api_key`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'username=prospero%40zulip.com&password=wrong',
      });
    const first = await attempt();
    expect(first.status).toBe(401);
    expect([first.headers.get('x-ratelimit-limit'), first.headers.get('x-ratelimit-remaining')]).toEqual(['5', '4']);
    for (let index = 0; index < 4; index++) await attempt();
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit' });
    const options = await fetch(`${http.running.url}/api/v1/fetch_api_key`, { method: 'OPTIONS' });
    expect(options.status).toBe(405);
    expect(options.headers.get('allow')).toBe('POST');
    expect(await options.json()).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['POST'] });
  });

  it('a POST form with method=GET is answered by the GET view, and POST /server_settings is an empty 405', async () => {
    const key = http.running.mock.apiKeyOf('cordelia@zulip.com');
    const tunnelled = await fetch(`${http.running.url}/api/v1/users/me`, {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa(`cordelia@zulip.com:${key}`)}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'method=GET',
    });
    expect(tunnelled.status).toBe(200);
    expect(await tunnelled.json()).toMatchObject({ result: 'success', email: 'cordelia@zulip.com' });
    const settings = await fetch(`${http.running.url}/api/v1/server_settings`, { method: 'POST' });
    expect(settings.status).toBe(405);
    expect(settings.headers.get('allow')).toBe('GET, HEAD');
    expect(await settings.text()).toBe('');
  });
});
