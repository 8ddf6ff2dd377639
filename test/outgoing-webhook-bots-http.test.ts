import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { useHttpMockPerTest } from './support/http-mock';
import { ChatClient } from '../src/index';

const start = useHttpMockPerTest();
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A bot's own server on a free port of this machine, answering each payload with `answer`. */
async function botServer(answer: (payload: Record<string, unknown>) => unknown) {
  const payloads: Record<string, unknown>[] = [];
  const server = createServer((request, response) => {
    void body(request).then((text) => {
      const payload = JSON.parse(text) as Record<string, unknown>;
      payloads.push(payload);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer(payload)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bot`, payloads };
}

describe('outgoing webhooks over real HTTP', () => {
  it('the standalone mock POSTs to a real bot server, and the bot replies in the topic', async () => {
    const running = await start();
    const client = (email: string) => new ChatClient({ site: running.url, email, apiKey: running.mock.apiKeyOf(email), maxRetries: 0 });
    const bot = await botServer((payload) => ({ content: `You said: ${String(payload['data'])}` }));
    const othello = client('othello@zulip.com');
    const { user_id: botId } = await othello.bots.create({ full_name: 'Echo', short_name: 'echo', bot_type: 3, payload_url: bot.url });
    await othello.messages.send({ type: 'stream', to: 'Denmark', topic: 'echo', content: '@**Echo** hello there' });
    await running.mock.settle();
    expect(bot.payloads).toHaveLength(1);
    expect(bot.payloads[0]).toMatchObject({ data: '@**Echo** hello there', trigger: 'mention', bot_full_name: 'Echo' });
    const { messages } = await othello.messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'channel', operand: 'Denmark' }, { operator: 'topic', operand: 'echo' }], apply_markdown: false });
    expect(messages.at(-1)).toMatchObject({ sender_id: botId, content: 'You said: @**Echo** hello there' });
  });

  it('a bot server that is down: four tries, then the owner hears "Is my bot server down?"', async () => {
    const running = await start();
    const bot = await botServer(() => ({}));
    closers.splice(0).forEach((close) => close()); // nobody listens there any more
    const othello = new ChatClient({ site: running.url, email: 'othello@zulip.com', apiKey: running.mock.apiKeyOf('othello@zulip.com'), maxRetries: 0 });
    const { user_id: botId } = await othello.bots.create({ full_name: 'Down', short_name: 'down', bot_type: 3, payload_url: bot.url });
    await othello.messages.send({ type: 'direct', to: [botId], content: 'anyone?' });
    await running.mock.settle();
    const newest = running.mock.store.tables.message.all().sort((a, b) => a.id - b.id).slice(-2);
    expect(newest.map((message) => message.content)).toEqual([
      'Failure! Bot is unavailable',
      expect.stringMatching(/ to your bot @_\*\*Down\*\* triggered an outgoing webhook\.\nA connection error occurred\. Is my bot server down\?$/),
    ]);
  });
});
