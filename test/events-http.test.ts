import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startHttpMock } from '../mock/runtimes/http';
import { ChatClient } from '../src/index';
import { useHttpMock } from './support/http-mock';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const http = useHttpMock();
const { clientFor } = http;
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('event queues over real HTTP (standalone mock)', () => {
  it('a long-poll waits on the socket until a message arrives', async () => {
    const hamlet = clientFor('hamlet@zulip.com');
    const { queue_id } = await hamlet.events.register({ event_types: ['message'] });
    const poll = hamlet.events.get({ queue_id: queue_id ?? '', last_event_id: -1 });
    await settle();
    const { id } = await clientFor('iago@zulip.com').messages.send({
      type: 'stream',
      to: 'Verona',
      topic: 'http',
      content: 'over the wire',
    });
    expect(await poll).toMatchObject({ queue_id, events: [{ id: 0, type: 'message', message: { id } }] });
  });

  it('a client hanging up releases the waiting poll', async () => {
    const hamlet = clientFor('hamlet@zulip.com');
    const { queue_id } = await hamlet.events.register({ event_types: ['message'] });
    const controller = new AbortController();
    const poll = hamlet.events.get({ queue_id: queue_id ?? '', last_event_id: -1 }, { signal: controller.signal });
    await settle();
    const queue = http.running.mock.state.events.queues().find((candidate) => candidate.id === queue_id);
    expect(queue?.isWaiting).toBe(true);
    controller.abort(new Error('hung up'));
    await expect(poll).rejects.toThrow('hung up');
    await settle();
    expect(queue?.isWaiting).toBe(false);
  });

  it('the stream works end to end and deletes its queue on break', async () => {
    const hamlet = clientFor('hamlet@zulip.com');
    const before = http.running.mock.state.events.queues().length;
    const stream = hamlet.events.stream({ event_types: ['message'], narrow: [['topic', 'stream over http']] });
    await stream.next();
    const next = stream.next();
    await settle();
    await clientFor('iago@zulip.com').messages.send({ type: 'stream', to: 'Verona', topic: 'stream over http', content: 'x' });
    expect((await next).value).toMatchObject({ type: 'message', message: { subject: 'stream over http' } });
    await stream.return(undefined);
    expect(http.running.mock.state.events.queues()).toHaveLength(before);
  });
});

describe('a pending long-poll', () => {
  it('never keeps a Node process alive (the heartbeat timer is unreferenced)', () => {
    const script = `
      import { getResponse } from 'msw';
      import { createMockServer } from './dist/mock/index.js';
      const mock = createMockServer({ baseUrl: 'http://chat.test' });
      const auth = { Authorization: 'Basic ' + btoa('iago@zulip.com:' + mock.apiKeyOf('iago@zulip.com')) };
      const registered = await getResponse(mock.handlers, new Request('http://chat.test/api/v1/register', { method: 'POST', headers: auth }));
      const { queue_id } = await registered.json();
      getResponse(mock.handlers, new Request('http://chat.test/api/v1/events?last_event_id=-1&queue_id=' + queue_id, { headers: auth }))
        .then(() => console.log('answered'));
      setTimeout(() => console.log('waiting:', mock.state.events.queues()[0].isWaiting), 100);`;
    const started = Date.now();
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(output).toContain('waiting: true');
    expect(output).not.toContain('answered');
    // Exits on its own, long before the 45-55 s heartbeat.
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it("nor does an SDK call waiting on it: a poll and a stream a script left behind (the attempt's timeout timer is unreferenced)", () => {
    const script = `
      import { createMockServer } from './dist/mock/index.js';
      const mock = createMockServer({ baseUrl: 'http://chat.test' });
      const iago = mock.clientFor('iago@zulip.com', { maxRetries: 2 });
      const { queue_id, last_event_id } = await iago.events.register({ event_types: ['message'] });
      iago.events.get({ queue_id, last_event_id }, { timeout: 100_000 }).then(() => console.log('answered'));
      const stream = mock.clientFor('hamlet@zulip.com').events.stream({ event_types: ['message'] });
      await stream.next();
      void stream.next().then(() => console.log('streamed'));
      setTimeout(() => console.log('waiting:', mock.state.events.queues().filter((queue) => queue.isWaiting).length), 100);`;
    const started = Date.now();
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(output).toContain('waiting: 2');
    expect(output).not.toMatch(/answered|streamed/);
    // Before: the poll's timer held the process for its whole 100 s timeout.
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 120_000);
});

describe('stopping the standalone mock', () => {
  it('answers waiting long-polls at once, with no events, instead of holding them to the cutoff', async () => {
    const own = await startHttpMock({ port: 0 });
    const hamlet = new ChatClient({
      site: own.url,
      email: 'hamlet@zulip.com',
      apiKey: own.mock.apiKeyOf('hamlet@zulip.com'),
      maxRetries: 0,
    });
    const { queue_id } = await hamlet.events.register({ event_types: ['message'] });
    const poll = hamlet.events.get({ queue_id: queue_id ?? '', last_event_id: -1 });
    while (!own.mock.state.events.queues().some((queue) => queue.isWaiting)) await settle();
    const started = Date.now();
    await own.close(10_000);
    expect(await poll).toEqual({ events: [], queue_id });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
