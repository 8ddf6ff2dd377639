import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createMockServer } from '../mock/index';
import { startHttpMock } from '../mock/runtimes/node';
import { DEFAULT_SEED } from '../mock/seed/default-seed';

const README = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
// Inside the repository, so `teamchat-sdk` resolves to the built package as it would for a user.
const SCRATCH = fileURLToPath(new URL('./.readme/', import.meta.url));
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

/** The `ts` code block under a README heading, exactly as written there. */
function quickStart(heading: string): string {
  const section = README.split(`\n## ${heading}\n`)[1] ?? '';
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error(`README.md has no ts block under "## ${heading}"`);
  return code;
}

let counter = 0;
/** Runs README code as a module (with `prelude` before and `epilogue` after it) and answers its exports. */
async function run(code: string, prelude = '', epilogue = ''): Promise<Record<string, unknown>> {
  mkdirSync(SCRATCH, { recursive: true });
  const file = `${SCRATCH}quick-start-${++counter}.mts`;
  writeFileSync(file, `${prelude}\n${code}\n${epilogue}\n`);
  return (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
}

const SITE = 'https://chat.example.com';
const BOT = 'bot@example.com';

describe('the README quick starts, verbatim, against a fresh mock', () => {
  const mock = createMockServer({
    baseUrl: SITE,
    seed: {
      ...DEFAULT_SEED,
      users: [...(DEFAULT_SEED.users ?? []), { email: BOT, full_name: 'Deploy Bot', bot_type: 1, bot_owner: 'iago@zulip.com' }],
      channels: [...(DEFAULT_SEED.channels ?? []), { name: 'general', description: '', subscribers: [BOT, 'hamlet@zulip.com'] }],
    },
  });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledFrame: 'error' });
  afterAll(() => server.close());

  it('a bot: sends, reads back, and catches StreamDoesNotExistError', async () => {
    process.env.API_KEY = mock.apiKeyOf(BOT);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const exported = await run(quickStart('Quick start: a bot'), '', 'export { client, id, message };');
    expect((exported.message as { content: string }).content).toBe('<p>Deployed <strong>v2</strong></p>');
    expect(mock.store.tables.message.get(exported.id as number)).toMatchObject({ topic: 'deploys', content: 'Deployed **v2**' });
    expect(log).toHaveBeenCalledWith('no channel nowhere');
    log.mockRestore();
  });

  it('an event loop: prints the messages that arrive and ends on SIGINT', async () => {
    const lines: unknown[][] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(args);
      // The message was printed: the user presses Ctrl-C.
      process.emit('SIGINT');
    });
    const prelude = `import { ChatClient } from 'teamchat-sdk';\nconst client = new ChatClient({ site: '${SITE}', email: '${BOT}', apiKey: '${mock.apiKeyOf(BOT)}' });`;
    const finished = run(quickStart('Quick start: an event loop'), prelude);
    await vi.waitFor(() => expect(mock.state.events.queues().some((queue) => queue.isWaiting)).toBe(true), { timeout: 20_000 });
    await mock.clientFor('hamlet@zulip.com').messages.send({ type: 'channel', to: 'general', topic: 'deploys', content: 'seen by **the loop**' });
    await finished;
    // The stream registers without apply_markdown: the content is the Markdown as sent, as the README says.
    expect(lines).toEqual([['King Hamlet', 'seen by **the loop**']]);
    // The loop deleted its queue when it ended.
    expect(mock.state.events.queues()).toEqual([]);
    log.mockRestore();
  });
});

describe('the README frontend quick start, verbatim', () => {
  it('sends a direct message through its own mock and MSW server', async () => {
    const exported = await run(quickStart('Quick start: a frontend test'), '', 'export { mock };');
    const own = exported.mock as ReturnType<typeof createMockServer>;
    expect(own.store.tables.message.all().at(-1)).toMatchObject({ type: 'private', content: 'Meet at noon' });
  });

  it('fails on a request its mock does not handle, instead of passing against another server (trial: a standalone mock)', async () => {
    // The trial's mistake: a client site other than the mock's, where a standalone mock answered
    // with the same derived keys, so `server.listen()` let the request through and the test passed.
    const other = await startHttpMock({ port: 0 });
    try {
      const code = quickStart('Quick start: a frontend test');
      const wrongSite = code.replace("site: 'http://chat.test'", `site: '${other.url}'`);
      expect(wrongSite).not.toBe(code);
      // The one line added keeps a handle on the MSW server, which the failing code never closes.
      const failed = run(wrongSite.replace('server.listen(', 'Object.assign(globalThis, { readmeServer: server });\nserver.listen('));
      await expect(failed).rejects.toThrow(/Cannot bypass a request when using the "error" strategy/);
      expect(other.mock.store.tables.message.all().some((message) => message.content === 'Meet at noon')).toBe(false);
    } finally {
      (globalThis as { readmeServer?: { close(): void } }).readmeServer?.close();
      await other.close();
    }
  });
});
