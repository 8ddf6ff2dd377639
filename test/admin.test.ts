import { describe, expect, it } from 'vitest';
import { ChatClient } from '../src/index';
import type { HttpMock } from '../mock/runtimes/http';
import { useHttpMockPerTest } from './support/http-mock';

const start = useHttpMockPerTest();

function client(server: HttpMock, email = 'hamlet@zulip.com'): ChatClient {
  return new ChatClient({ site: server.url, email, apiKey: server.mock.apiKeyOf(email), maxRetries: 0 });
}

const admin = (server: HttpMock, method: string, path: string, body?: string) =>
  fetch(`${server.url}/__admin/${path}`, { method, ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }) });

describe('the standalone server\'s /__admin endpoints', () => {
  it('are a plain 404 unless enabled', async () => {
    const server = await start();
    expect((await admin(server, 'GET', 'state')).status).toBe(404);
    expect((await admin(server, 'POST', 'reset')).status).toBe(404);
  });

  it('name the methods an endpoint takes, and the endpoints, when a request matches none', async () => {
    const server = await start({ admin: true });
    const get = await admin(server, 'GET', 'reset');
    expect([get.status, get.headers.get('allow'), await get.json()]).toEqual([
      405,
      'POST',
      { result: 'error', msg: 'Method Not Allowed: /__admin/reset takes POST', code: 'BAD_REQUEST', allowed_methods: ['POST'] },
    ]);
    expect((await admin(server, 'DELETE', 'clock')).status).toBe(405);
    const unknown = await admin(server, 'POST', 'snapshot');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { msg: string }).msg).toBe(
      'Not Found: the administration endpoints are POST /__admin/reset, GET/PUT /__admin/state, POST /__admin/save, ' +
        'POST/DELETE /__admin/faults, POST/DELETE /__admin/link-previews, GET/POST /__admin/clock, POST /__admin/restart',
    );
  });

  it('answer every method the 404 lists for each endpoint (one table serves both)', async () => {
    const server = await start({ admin: true });
    const { msg } = (await (await admin(server, 'GET', 'nothing')).json()) as { msg: string };
    const listed = msg.replace(/^.*endpoints are /, '').split(', ');
    expect(listed).toHaveLength(7);
    for (const entry of listed) {
      const [methods = '', path = ''] = entry.split(' ');
      for (const method of methods.split('/')) {
        const response = await admin(server, method, path.replace('/__admin/', ''), method === 'PUT' ? 'not json' : undefined);
        expect([404, 405], `${method} ${path}`).not.toContain(response.status);
      }
    }
  });

  it('register the pages link previews are made from (all or none), and forget them', async () => {
    const server = await start({ admin: true });
    const iago = client(server, 'iago@zulip.com');
    await iago.realm.update({ inline_url_embed_preview: true });
    const page = { title: 'A post', description: 'What it says', image: 'https://example.com/cover.png' };
    const sent = async () => {
      const hamlet = client(server);
      const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'links', content: 'see https://example.com/post' });
      return (await hamlet.messages.get({ message_id: id })).message.content;
    };
    const malformed = await admin(server, 'POST', 'link-previews', JSON.stringify({ 'https://example.com/post': page, 'https://example.com/other': { titel: 'x' } }));
    expect([malformed.status, await malformed.json()]).toEqual([
      400,
      { result: 'error', msg: "linkPreviews: the page at https://example.com/other has 'titel'; a page has title, description, image", code: 'BAD_REQUEST' },
    ]);
    expect(await sent()).not.toContain('message_embed');
    expect(await (await admin(server, 'POST', 'link-previews', JSON.stringify({ 'https://example.com/post': page }))).json()).toEqual({ result: 'success', msg: '' });
    expect(await sent()).toContain('<div class="message_embed_title"><a href="https://example.com/post" title="A post">A post</a></div>');
    expect((await admin(server, 'DELETE', 'link-previews')).status).toBe(200);
    expect(await sent()).not.toContain('message_embed');
    const notJson = await admin(server, 'POST', 'link-previews', 'not json');
    expect([notJson.status, ((await notJson.json()) as { msg: string }).msg]).toEqual([400, 'expected a JSON object of page URL to page: {"https://…": {"title": …, "description": …, "image": …}}']);
  });

  it('export the realm as a state document and import one back', async () => {
    const server = await start({ admin: true });
    const saved = await (await admin(server, 'GET', 'state')).text();
    expect(JSON.parse(saved)).toMatchObject({ format: 'teamchat-mock-state', version: 2 });
    const { id } = await client(server).messages.send({ type: 'channel', to: 'Verona', topic: 'admin', content: 'soon undone' });
    expect(await (await admin(server, 'PUT', 'state', saved)).json()).toEqual({ result: 'success', msg: '' });
    await expect(client(server).messages.get({ message_id: id })).rejects.toMatchObject({ msg: 'Invalid message(s)' });
    const bad = await admin(server, 'PUT', 'state', '{"format":"zip"}');
    expect([bad.status, await bad.json()]).toEqual([400, { result: 'error', msg: 'format: expected "teamchat-mock-state", got "zip"', code: 'BAD_REQUEST' }]);
  });

  it('reset the realm, inject and clear faults, and move the clock', async () => {
    const server = await start({ admin: true });
    await client(server).alertWords.add({ alert_words: ['kept?'] });
    await admin(server, 'POST', 'reset');
    expect(await client(server).alertWords.list()).toEqual({ alert_words: [] });
    const inject = await admin(server, 'POST', 'faults', JSON.stringify([{ kind: 'status', status: 503, times: 1 }]));
    expect(inject.status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/server_settings`)).status).toBe(503);
    expect((await fetch(`${server.url}/api/v1/server_settings`)).status).toBe(200);
    await admin(server, 'POST', 'faults', JSON.stringify([{ kind: 'status', status: 502, times: null }]));
    await admin(server, 'DELETE', 'faults');
    expect((await fetch(`${server.url}/api/v1/server_settings`)).status).toBe(200);
    const before = Date.now();
    const moved = await admin(server, 'POST', 'clock', JSON.stringify({ advance_ms: 86_400_000 }));
    expect(((await moved.json()) as { now_ms: number }).now_ms).toBeGreaterThanOrEqual(before + 86_400_000);
    const { id } = await client(server).messages.send({ type: 'channel', to: 'Verona', topic: 'admin', content: 'tomorrow' });
    const { message } = await client(server).messages.get({ message_id: id });
    expect(message.timestamp * 1000).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
    const read = (await (await admin(server, 'GET', 'clock')).json()) as { now_ms: number };
    expect(read.now_ms).toBeGreaterThanOrEqual(before + 86_400_000);
    // A fixed date may lie in the past: the clock goes back to it.
    const set = await admin(server, 'POST', 'clock', JSON.stringify({ now_ms: 1_700_000_000_000 }));
    expect(((await set.json()) as { now_ms: number }).now_ms).toBeLessThan(1_700_000_010_000);
    const wrong = await admin(server, 'POST', 'clock', JSON.stringify({ advance_ms: -5 }));
    expect(wrong.status).toBe(400);
    const badFaults = await admin(server, 'POST', 'faults', 'not json');
    expect(badFaults.status).toBe(400);
    const noFile = await admin(server, 'POST', 'save');
    expect(await noFile.json()).toEqual({ result: 'error', msg: 'this server has no --state file to save to', code: 'BAD_REQUEST' });
  });

  it('moving the clock runs what fell due: a waiting long-poll gets the scheduled message without another request', async () => {
    const server = await start({ admin: true });
    const hamlet = client(server);
    const now = (await (await admin(server, 'GET', 'clock')).json()) as { now_ms: number };
    const verona = await hamlet.channels.getId({ stream: 'Verona' });
    await hamlet.scheduledMessages.create({
      type: 'stream',
      to: verona.stream_id,
      topic: 'later',
      content: 'from the future',
      scheduled_delivery_timestamp: Math.floor(now.now_ms / 1000) + 3600,
    });
    const { queue_id, last_event_id } = await hamlet.events.register({ event_types: ['message'] });
    const waiting = hamlet.events.get({ queue_id: queue_id ?? '', last_event_id }, { timeout: 100_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // It used to wait for the next API request, so a page following the long-poll saw nothing.
    expect((await admin(server, 'POST', 'clock', JSON.stringify({ advance_ms: 3_601_000 }))).status).toBe(200);
    const { events } = await waiting;
    expect(events).toMatchObject([{ type: 'message', message: { content: 'from the future' } }]);
  });

  it('restart the event system: a long-poll waiting over HTTP gets the restart event', async () => {
    const server = await start({ admin: true });
    const hamlet = client(server);
    const { queue_id, last_event_id } = await hamlet.events.register({ event_types: ['restart'] });
    const waiting = hamlet.events.get({ queue_id: queue_id ?? '', last_event_id });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await (await admin(server, 'POST', 'restart')).json()).toEqual({ result: 'success', msg: '' });
    const { events } = await waiting;
    expect(events).toEqual([expect.objectContaining({ type: 'restart', zulip_feature_level: server.mock.state.featureLevel })]);
    expect(hamlet.featureLevel).toBe(server.mock.state.featureLevel);
  });
});
