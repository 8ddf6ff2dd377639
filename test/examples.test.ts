import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ChatClient } from 'teamchat-sdk';
import { createMockServer, OffsetClock } from 'teamchat-sdk/mock';
import { type HttpMock, startHttpMock } from 'teamchat-sdk/mock/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postAlertWithReport } from '../examples/alert-with-file';
import { greet } from '../examples/bot-send-message';
import { runEchoBot } from '../examples/echo-bot';
import { directMessageRoundTrip } from '../examples/frontend-test';
import { notifyAnyServer } from '../examples/older-server';
import { pollResults, startPoll, vote } from '../examples/poll-bot';
import { pendingReminders, remindMeOf, scheduleReminder } from '../examples/reminder-bot';
import { answerOutgoingWebhook, registerWebhookBot } from '../examples/webhook-bot';
import { recordExchange } from './support/contract';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
let running: HttpMock;
beforeAll(async () => {
  running = await startHttpMock({ port: 0, onExchange: recordExchange });
});
afterAll(() => running.close());

describe('examples run against the mock', () => {
  it('bot-send-message', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const client = new ChatClient({
      site: running.url,
      email: 'default-bot@zulip.com',
      apiKey: running.mock.apiKeyOf('default-bot@zulip.com'),
    });
    expect(await greet(client)).toBe('<p>Hello from a <strong>bot</strong>!</p>');
    expect(log).toHaveBeenCalledWith('no channel named Atlantis');
    log.mockRestore();
  });

  it('webhook-bot: the mock calls the bot for a mention and a direct message and posts its replies', async () => {
    const mock = createMockServer({ outgoingWebhooks: { fetch: answerOutgoingWebhook } });
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const botId = await registerWebhookBot(hamlet, 'https://bots.example/echo');
    // The bot is called after the send answers; settle() waits for its reply.
    await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'hooks', content: '@**Echo Hook** ship it' });
    await mock.settle();
    await hamlet.messages.send({ type: 'direct', to: [botId], content: 'psst' });
    await mock.settle();
    const { messages } = await hamlet.messages.list({ anchor: 'newest', num_before: 4, num_after: 0, apply_markdown: false });
    expect(messages.map((message) => [message.sender_id === botId, message.content])).toEqual([
      [false, '@**Echo Hook** ship it'],
      [true, 'King Hamlet said (mention): ship it'],
      [false, 'psst'],
      [true, 'King Hamlet said (direct_message): psst'],
    ]);
  });

  it('reminder-bot: the reminder waits in the list, and the mock sends it as the bot when its clock reaches the time', async () => {
    const bot = new ChatClient({ site: running.url, email: 'default-bot@zulip.com', apiKey: running.mock.apiKeyOf('default-bot@zulip.com') });
    const at = Math.floor(running.mock.clock.now() / 1000) + 3600;
    await scheduleReminder(bot, { channel: 'Verona', topic: 'standup', text: 'Standup in five minutes', at });
    expect(await pendingReminders(bot)).toEqual([`${new Date(at * 1000).toISOString()}: :alarm_clock: Standup in five minutes`]);
    expect(running.mock.clock).toBeInstanceOf(OffsetClock);
    (running.mock.clock as OffsetClock).advance(3600 * 1000);
    expect(await pendingReminders(bot)).toEqual([]);
    const { messages } = await bot.messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'channel', operand: 'Verona' }, { operator: 'topic', operand: 'standup' }] });
    expect(messages.map((message) => [message.sender_email, message.content])).toEqual([
      ['default-bot@zulip.com', '<p><span aria-label="alarm clock" class="emoji emoji-23f0" role="img" title="alarm clock">:alarm_clock:</span> Standup in five minutes</p>'],
    ]);
  });

  it('reminder-bot: a personal reminder of a message comes from Notification Bot with the note', async () => {
    const mock = createMockServer();
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'plans', content: 'Ship on Friday' });
    const reminderId = await remindMeOf(hamlet, id, 600, 'check the release notes');
    expect((await hamlet.reminders.list()).reminders.map((reminder) => reminder.reminder_id)).toEqual([reminderId]);
    mock.clock.advance(600_000);
    const { messages } = await hamlet.messages.list({ anchor: 'newest', num_before: 1, num_after: 0, apply_markdown: false });
    expect(messages[0]?.sender_email).toBe('notification-bot@zulip.com');
    expect(messages[0]?.content).toContain('check the release notes');
    expect(messages[0]?.content).toContain('Ship on Friday');
  });

  it('poll-bot: votes cast through the poll widget\'s submessages are counted per person', async () => {
    const as = (email: string) => new ChatClient({ site: running.url, email, apiKey: running.mock.apiKeyOf(email) });
    const bot = as('default-bot@zulip.com');
    const id = await startPoll(bot, { channel: 'Verona', topic: 'lunch poll', question: 'Lunch?', options: ['Pizza', 'Salad'] });
    expect(await pollResults(bot, id)).toEqual({ Pizza: 0, Salad: 0 });
    await vote(as('othello@zulip.com'), id, 'Pizza');
    await vote(as('iago@zulip.com'), id, 'Pizza');
    await vote(as('hamlet@zulip.com'), id, 'Salad');
    await vote(as('othello@zulip.com'), id, 'Pizza');
    expect(await pollResults(bot, id)).toEqual({ Pizza: 2, Salad: 1 });
    await expect(vote(as('hamlet@zulip.com'), id, 'Soup')).rejects.toThrow('the poll has no option "Soup"');
  });

  it('alert-with-file: the report is shared with the channel and the alert is an attachment', async () => {
    const bot = new ChatClient({ site: running.url, email: 'default-bot@zulip.com', apiKey: running.mock.apiKeyOf('default-bot@zulip.com') });
    const { id, url } = await postAlertWithReport(bot, 'Verona', [['time', 'error'], ['12:00', 'timeout'], ['12:05', 'refused']]);
    const othello = `Basic ${btoa(`othello@zulip.com:${running.mock.apiKeyOf('othello@zulip.com')}`)}`;
    const file = await fetch(`${running.url}${url}`, { headers: { Authorization: othello } });
    expect(await file.text()).toBe('time,error\n12:00,timeout\n12:05,refused');
    const { message } = await bot.messages.get({ message_id: id });
    expect(message.content).toContain('2 errors in the last hour');
    const [attachment] = (await bot.attachments.list()).attachments;
    expect(attachment?.messages.map((linked) => linked.id)).toEqual([id]);
  });

  it('node-test-runner: the example passes under node --test against the built package', async () => {
    const child = spawn(process.execPath, ['--test', '--test-reporter=tap', 'examples/node-test-runner.mjs'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect({ code, passed: /# pass 3\b/.test(output), failed: /# fail 0\b/.test(output) }).toEqual({ code: 0, passed: true, failed: true });
  }, 60_000);

  it('jest: the example passes under Jest (CommonJS, require of the ES module dependencies) against the built package', async () => {
    const jest = fileURLToPath(new URL('../node_modules/jest/bin/jest.js', import.meta.url));
    const child = spawn(process.execPath, ['--experimental-vm-modules', jest, '--config', 'examples/jest/jest.config.cjs', '--ci'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect({ code, summary: /Tests:\s+3 passed, 3 total/.test(output) }, output).toEqual({ code: 0, summary: true });
  }, 60_000);

  it('frontend-test', async () => {
    expect(await directMessageRoundTrip()).toEqual(['King Hamlet', 'Meet at noon']);
  });

  it('older-server, against the standalone mock started as level 173', async () => {
    const old = await startHttpMock({ port: 0, featureLevel: 173 });
    try {
      const client = new ChatClient({ site: old.url, email: 'default-bot@zulip.com', apiKey: old.mock.apiKeyOf('default-bot@zulip.com') });
      const hamlet = old.mock.store.userByDeliveryEmail('hamlet@zulip.com')?.id ?? 0;
      expect(await notifyAnyServer(client, hamlet)).toEqual([
        'sent to a server at feature level 173',
        'skipped: set-typing-status-for-message-edit needs level 351',
      ]);
      expect(old.mock.journal.entries.find((entry) => entry.operation === 'send-message')?.params).toMatchObject({ type: 'private' });
    } finally {
      await old.close();
    }
  });
});

describe('echo-bot', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
  const clientFor = (email: string) =>
    new ChatClient({ site: running.url, email, apiKey: running.mock.apiKeyOf(email), maxRetries: 0 });

  it('answers mentions and direct messages, never itself or another bot, and stops on abort', async () => {
    const hamlet = clientFor('hamlet@zulip.com');
    const watch = await hamlet.events.register({ event_types: ['message'], narrow: [['sender', 'default-bot@zulip.com']] });
    const stop = new AbortController();
    const bot = runEchoBot(clientFor('default-bot@zulip.com'), 'Zulip Default Bot', stop.signal);
    // The bot must be listening before anything is sent to it (a loaded machine is slow to start it).
    const botId = running.mock.store.userByDeliveryEmail('default-bot@zulip.com')?.id;
    const botWaiting = () => running.mock.state.events.queues().some((queue) => queue.userId === botId && queue.isWaiting);
    while (!botWaiting()) await settle();
    await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'bots', content: '@**Zulip Default Bot** hello' });
    await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'bots', content: 'not for the bot' });
    await hamlet.messages.send({ type: 'direct', to: ['default-bot@zulip.com'], content: 'psst' });
    await clientFor('webhook-bot@zulip.com').messages.send({
      type: 'channel',
      to: 'Verona',
      topic: 'bots',
      content: '@**Zulip Default Bot** from a bot',
    });
    const replies: unknown[] = [];
    while (replies.length < 2) {
      const { events } = await hamlet.events.get({ queue_id: watch.queue_id ?? '', last_event_id: replies.length - 1 });
      replies.push(...events);
    }
    await settle();
    const late = await hamlet.events.get({ queue_id: watch.queue_id ?? '', last_event_id: 1, dont_block: true });
    stop.abort();
    await bot;
    expect(replies).toMatchObject([
      { message: { subject: 'bots', content: 'echo: hello', display_recipient: 'Verona' } },
      { message: { type: 'private', content: 'echo: psst' } },
    ]);
    expect(late.events).toEqual([]);
    expect(running.mock.state.events.queues().filter((queue) => queue.userId === botId)).toEqual([]);
  }, 60_000);

  it('outlives a failed reply: reports it on stderr and answers the next message', async () => {
    const hamlet = clientFor('hamlet@zulip.com');
    const watch = await hamlet.events.register({ event_types: ['message'], narrow: [['sender', 'default-bot@zulip.com']] });
    const stop = new AbortController();
    const errors: string[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((message: string) => void errors.push(message));
    // The bot's first reply meets a server error (before the catch, that ended the bot).
    let failing = 1;
    const firstReplyFails: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'POST' && request.url.endsWith('/api/v1/messages') && failing-- > 0) {
        return Promise.resolve(Response.json({ result: 'error', msg: 'Internal server error' }, { status: 503 }));
      }
      return fetch(request);
    };
    const email = 'default-bot@zulip.com';
    const botClient = new ChatClient({ site: running.url, email, apiKey: running.mock.apiKeyOf(email), maxRetries: 0, fetch: firstReplyFails });
    try {
      const bot = runEchoBot(botClient, 'Zulip Default Bot', stop.signal);
      const botId = running.mock.store.userByDeliveryEmail(email)?.id;
      while (!running.mock.state.events.queues().some((queue) => queue.userId === botId && queue.isWaiting)) await settle();
      await hamlet.messages.send({ type: 'direct', to: [email], content: 'first' });
      while (errors.length === 0) await settle();
      await hamlet.messages.send({ type: 'direct', to: [email], content: 'second' });
      const { events } = await hamlet.events.get({ queue_id: watch.queue_id ?? '', last_event_id: -1 });
      stop.abort();
      await bot;
      expect(events).toMatchObject([{ message: { content: 'echo: second' } }]);
      expect(errors).toEqual([expect.stringMatching(/^could not answer message \d+: send-message: server error: Internal server error/)]);
    } finally {
      consoleError.mockRestore();
    }
  }, 60_000);

  it("does not hide a programming error as a failed reply: the bot ends with it", async () => {
    const hamlet = clientFor('hamlet@zulip.com');
    const stop = new AbortController();
    const errors: string[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((message: string) => void errors.push(message));
    const email = 'default-bot@zulip.com';
    const botClient = new ChatClient({ site: running.url, email, apiKey: running.mock.apiKeyOf(email), maxRetries: 0 });
    // A bug in the bot's own code (here, as if send were misspelled), not a failure of the server.
    botClient.messages.send = () => {
      throw new TypeError('client.messages.sned is not a function');
    };
    try {
      let ended: unknown;
      const bot = runEchoBot(botClient, 'Zulip Default Bot', stop.signal).then(() => (ended = 'resolved'), (error: unknown) => (ended = error));
      const botId = running.mock.store.userByDeliveryEmail(email)?.id;
      while (!running.mock.state.events.queues().some((queue) => queue.userId === botId && queue.isWaiting)) await settle();
      await hamlet.messages.send({ type: 'direct', to: [email], content: 'first' });
      while (ended === undefined && errors.length === 0) await settle();
      stop.abort();
      await bot;
      expect([ended, errors]).toEqual([new TypeError('client.messages.sned is not a function'), []]);
      expect(running.mock.state.events.queues().filter((queue) => queue.userId === botId)).toEqual([]);
    } finally {
      consoleError.mockRestore();
    }
  }, 60_000);

  it('importing an example runs nothing, even with the ZULIP_* variables the guides have users export; running it as a program does', async () => {
    // The regression: the examples ran their program whenever ZULIP_SITE and ZULIP_API_KEY were
    // set (webhook-bot: PORT), so a test run in a shell configured for a real server sent it
    // messages, polls and reminders.
    const other = await startHttpMock({ port: 0, rateLimits: false });
    const env = {
      ...process.env,
      ZULIP_SITE: other.url,
      ZULIP_EMAIL: 'default-bot@zulip.com',
      ZULIP_API_KEY: other.mock.apiKeyOf('default-bot@zulip.com'),
      ZULIP_CONFIG: '/nonexistent/zuliprc',
      // webhook-bot's port: a server listening would keep the process from exiting.
      PORT: '0',
    };
    const node = (args: string[]) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const stuck = setTimeout(() => child.kill(), 15_000);
        child.on('exit', (code) => {
          clearTimeout(stuck);
          resolve({ code, output });
        });
      });
    try {
      const programs = ['alert-with-file', 'bot-send-message', 'older-server', 'poll-bot', 'reminder-bot', 'webhook-bot'];
      const imports = programs.map((name) => `await import('./examples/${name}.ts');`).join(' ');
      expect(await node(['--input-type=module', '--eval', imports])).toEqual({ code: 0, output: '' });
      expect(other.mock.journal.entries).toEqual([]);
      const run = await node(['examples/bot-send-message.ts']);
      expect(run).toEqual({ code: 0, output: 'no channel named Atlantis\n<p>Hello from a <strong>bot</strong>!</p>\n' });
      // Through a symlinked directory (macOS's /tmp is one), where the module's URL is the real path:
      // comparing it with the path as typed, the program silently did nothing.
      const linked = join(mkdtempSync(join(tmpdir(), 'teamchat-examples-')), 'examples');
      symlinkSync(join(ROOT, 'examples'), linked);
      expect(await node([join(linked, 'bot-send-message.ts')])).toEqual(run);
      // `npx tsx examples/bot-send-message`: tsx finds the file without its extension. The
      // regression: the check took the path as typed for a file's, and realpathSync threw ENOENT.
      const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
      expect(await node([tsx, 'examples/bot-send-message'])).toEqual(run);
      expect(await node([tsx, join(linked, 'bot-send-message')])).toEqual(run);
      // Every program decides so by the same check (the others run until stopped or need a realm).
      const checkOf = (name: string) => /^if \(started !== undefined && .*\) \{$/m.exec(readFileSync(join(ROOT, 'examples', `${name}.ts`), 'utf8'))?.[0];
      expect(new Set([...programs, 'echo-bot'].map(checkOf))).toEqual(new Set([checkOf('bot-send-message') ?? 'a check']));
    } finally {
      await other.close();
    }
  }, 60_000);

  it('runs as a program and stops cleanly on SIGINT', async () => {
    // As getting-started.md runs it: Node (24 here) strips the types, no tsx; the ZULIP_* variables of fromEnv.
    const child = spawn(process.execPath, ['examples/echo-bot.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ZULIP_SITE: running.url,
        ZULIP_EMAIL: 'default-bot@zulip.com',
        ZULIP_API_KEY: running.mock.apiKeyOf('default-bot@zulip.com'),
        ZULIP_CONFIG: '/nonexistent/zuliprc',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const botId = running.mock.store.userByDeliveryEmail('default-bot@zulip.com')?.id;
    const hasQueue = () => running.mock.state.events.queues().some((queue) => queue.userId === botId);
    while (!hasQueue()) await settle();
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('echo bot stopped');
    expect(hasQueue()).toBe(false);
  }, 60_000);
});
