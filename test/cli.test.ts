import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { DEFAULT_SEED } from '../mock/seed/default-seed';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { png } from './support/image-bytes';
import { rawHttp } from './support/raw-http';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = fileURLToPath(new URL('../dist/mock/cli.js', import.meta.url));
const children: ChildProcess[] = [];
// Each test starts a fresh Node process that loads the mock from dist: seconds on a loaded machine.
const PROCESS_TEST_TIMEOUT_MS = 60_000;
// `npm run mock` compiles the mock's sources with tsx at start: a minute and more here since the
// mock gained channels, users and drafts. The 2 s bound is on stopping, and is unchanged.
const SOURCE_PROCESS_TEST_TIMEOUT_MS = 180_000;
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function start(args: string[]): { child: ChildProcess; output: Promise<string>; exit: Promise<number | null> } {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let text = '';
  const output = new Promise<string>((resolve) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('users and API keys:') && text.trimEnd().split('\n').length > 2) resolve(text);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.on('exit', () => resolve(text));
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exit };
}

describe('teamchat-mock CLI (built)', () => {
  it('prints its URL and the seeded keys, serves the API, and stops on SIGTERM', async () => {
    const { child, output, exit } = start(['--port', '0']);
    const text = await output;
    const url = /listening on (http:\/\/[^\s]+)/.exec(text)?.[1];
    const key = /iago@zulip\.com\s+([0-9a-zA-Z]{32})/.exec(text)?.[1];
    expect(url).toBeDefined();
    expect(key).toBeDefined();
    const response = await fetch(`${url}/api/v1/messages`, {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa(`iago@zulip.com:${key}`)}` },
      body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'hi', content: 'hello' }),
    });
    expect(await response.json()).toMatchObject({ result: 'success', msg: '' });
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('loads a seed file and names the bad field of a malformed one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamchat-seed-'));
    const good = join(dir, 'good.json');
    writeFileSync(
      good,
      JSON.stringify({ users: [{ email: 'solo@example.com', full_name: 'Solo Owner', role: 'owner' }] }),
    );
    const first = start(['--port', '0', '--seed', good]);
    expect(await first.output).toContain('solo@example.com');
    first.child.kill('SIGINT');
    expect(await first.exit).toBe(0);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ users: [{ email: 'not-an-email', full_name: 'X Y' }] }));
    const second = start(['--port', '0', '--seed', bad]);
    expect(await second.exit).toBe(2);
    // A bad file is not a usage error: the message alone, with one prefix.
    const text = await second.output;
    expect(text).toContain('teamchat-mock: invalid seed: users[0].email: Invalid email address');
    expect(text).not.toContain('[teamchat-mock]');
    expect(text).not.toContain('usage:');
  }, PROCESS_TEST_TIMEOUT_MS);

  it('names a port in use and how to choose another, without the usage', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      const second = start(['--port', String(port)]);
      expect(await second.exit).toBe(2);
      const text = await second.output;
      expect(text).toContain(`teamchat-mock: port ${port} on 127.0.0.1 is already in use`);
      expect(text).toContain('--port (0: any free port)');
      expect(text).not.toContain('usage:');
    } finally {
      busy.close();
    }
  }, PROCESS_TEST_TIMEOUT_MS);

  it('behaves as an older server with --feature-level, and refuses a level it cannot be', async () => {
    const { child, output, exit } = start(['--port', '0', '--feature-level', '173']);
    const text = await output;
    expect(text).toContain('feature level 173');
    const url = /listening on (http:\/\/[^\s]+)/.exec(text)?.[1] ?? '';
    const settings = (await (await fetch(`${url}/api/v1/server_settings`)).json()) as Record<string, unknown>;
    expect(settings['zulip_feature_level']).toBe(173);
    const key = /hamlet@zulip\.com\s+([0-9a-zA-Z]{32})/.exec(text)?.[1];
    const response = await fetch(`${url}/api/v1/messages`, {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa(`hamlet@zulip.com:${key}`)}` },
      body: new URLSearchParams({ type: 'direct', to: '[10]', content: 'hi' }),
    });
    expect(await response.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid message type' });
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    const wrong = start(['--port', '0', '--feature-level', '12']);
    expect(await wrong.exit).toBe(2);
    expect(await wrong.output).toContain('teamchat-mock: --feature-level must be an integer from 60 to 435, got 12');
  }, PROCESS_TEST_TIMEOUT_MS);

  it('warns when bound beyond loopback, and --no-dev-endpoints removes the password-less key routes', async () => {
    const { child, output, exit } = start(['--port', '0', '--host', '0.0.0.0', '--no-dev-endpoints']);
    const text = await output;
    expect(text).toContain('warning: listening on 0.0.0.0, reachable beyond this machine; the mock is a test server\n');
    const port = /listening on http:\/\/[^:]+:(\d+)/.exec(text)?.[1];
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/dev_fetch_api_key`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'iago@zulip.com' }),
    });
    expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({ status: 404, type: 'text/html; charset=utf-8' });
    expect(await response.text()).toContain('<title>Page not found</title>');
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    const local = start(['--port', '0']);
    expect(await local.output).not.toContain('warning');
    local.child.kill('SIGTERM');
    await local.exit;
  }, PROCESS_TEST_TIMEOUT_MS);

  it('--limit-guest-presence reaches the realm: a limited guest is refused the presence of a user they may not see', async () => {
    const { child, output, exit } = start(['--port', '0', '--limit-guest-presence']);
    const url = /listening on (http:\/\/[^\s]+)/.exec(await output)?.[1] ?? '';
    const keyOf = async (username: string) =>
      ((await (await fetch(`${url}/api/v1/dev_fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username }) })).json()) as { api_key: string }).api_key;
    const as = async (email: string) => ({ authorization: `Basic ${btoa(`${email}:${await keyOf(email)}`)}` });
    const [owner, guest] = [await as('desdemona@zulip.com'), await as('polonius@zulip.com')];
    const { user_groups: groups } = (await (await fetch(`${url}/api/v1/user_groups`, { headers: owner })).json()) as { user_groups: { id: number; name: string }[] };
    const members = groups.find((group) => group.name === 'role:members')?.id;
    const limit = new URLSearchParams({ can_access_all_users_group: JSON.stringify({ new: members }) });
    expect((await fetch(`${url}/api/v1/realm`, { method: 'PATCH', headers: owner, body: limit })).status).toBe(200);
    const { subscriptions } = (await (await fetch(`${url}/api/v1/users/me/subscriptions`, { headers: guest })).json()) as { subscriptions: { name: string }[] };
    const leave = new URLSearchParams({ subscriptions: JSON.stringify(subscriptions.map(({ name }) => name)) });
    expect((await fetch(`${url}/api/v1/users/me/subscriptions`, { method: 'DELETE', headers: guest, body: leave })).status).toBe(200);
    const presence = await fetch(`${url}/api/v1/users/cordelia@zulip.com/presence`, { headers: guest });
    expect({ status: presence.status, body: await presence.json() }).toEqual({
      status: 400,
      body: { result: 'error', msg: 'Insufficient permission', code: 'BAD_REQUEST' },
    });
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('--cors, --log and --allowed-host reach the server: preflights answered, one line per request, named hosts admitted', async () => {
    const origin = 'http://localhost:5173';
    const { child, output, exit } = start(['--port', '0', '--cors', origin, '--log', '--allowed-host', 'mock.internal']);
    const url = /listening on (http:\/\/[^\s]+)/.exec(await output)?.[1] ?? '';
    let logged = '';
    let warned = '';
    child.stdout?.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (warned += chunk.toString()));
    const preflight = await rawHttp(url, `OPTIONS /api/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${origin}\r\nAccess-Control-Request-Method: POST`);
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect((await rawHttp(url, 'GET /api/v1/server_settings HTTP/1.1\r\nHost: mock.internal')).status).toBe(200);
    expect((await rawHttp(url, 'GET /api/v1/server_settings HTTP/1.1\r\nHost: other.example')).status).toBe(400);
    // Another origin's request is answered, but its page sees a failed fetch: the log says why.
    expect((await rawHttp(url, 'GET /api/v1/server_settings?from=other HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1:5173')).status).toBe(200);
    await waitUntil(() => logged.includes('GET /api/v1/server_settings 400'), 5000);
    await waitUntil(() => logged.includes('from=other'), 5000);
    expect(logged).toMatch(/GET \/api\/v1\/server_settings 200 \d+\.\d ms\n/);
    expect(logged).toMatch(
      /GET \/api\/v1\/server_settings\?from=other 200 \d+\.\d ms \(origin http:\/\/127\.0\.0\.1:5173 not allowed by --cors: the browser hides this answer from the page\)/,
    );
    // And once on standard error, which shows without --log.
    await waitUntil(() => warned.includes('http://127.0.0.1:5173'), 5000);
    expect(warned).toContain('teamchat-mock: a page on http://127.0.0.1:5173 calls the API, but it is not among the --cors origins (http://localhost:5173)');
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('--state keeps the realm across restarts: loaded at start, saved atomically on SIGTERM and on POST /__admin/save', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'teamchat-state-')), 'realm.json');
    const first = start(['--port', '0', '--state', file, '--admin']);
    const text = await first.output;
    const url = /listening on (http:\/\/[^\s]+)/.exec(text)?.[1] ?? '';
    const key = /hamlet@zulip\.com\s+([0-9a-zA-Z]{32})/.exec(text)?.[1] ?? '';
    const auth = { Authorization: `Basic ${btoa(`hamlet@zulip.com:${key}`)}` };
    const send = async (content: string) => {
      const response = await fetch(`${url}/api/v1/messages`, { method: 'POST', headers: auth, body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'kept', content }) });
      return ((await response.json()) as { id: number }).id;
    };
    const saved = await send('saved by the admin call');
    expect((await fetch(`${url}/__admin/save`, { method: 'POST' })).status).toBe(200);
    expect(JSON.stringify(JSON.parse(readFileSync(file, 'utf8')))).toContain('saved by the admin call');
    const onExit = await send('saved on SIGTERM');
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(readdirSync(dirname(file))).toEqual(['realm.json']);
    const second = start(['--port', '0', '--state', file]);
    const again = await second.output;
    expect(again).toContain(`loaded state from ${file}`);
    const url2 = /listening on (http:\/\/[^\s]+)/.exec(again)?.[1] ?? '';
    for (const [id, content] of [[saved, 'saved by the admin call'], [onExit, 'saved on SIGTERM']] as const) {
      const response = await fetch(`${url2}/api/v1/messages/${id}`, { headers: auth });
      expect(((await response.json()) as { message: { content: string } }).message.content).toBe(`<p>${content}</p>`);
    }
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
    // A seed given beside a saved state is not applied: said at start, not left to be noticed.
    const seedFile = join(dirname(file), 'seed.json');
    writeFileSync(seedFile, JSON.stringify(DEFAULT_SEED));
    const third = start(['--port', '0', '--state', file, '--seed', seedFile]);
    expect(await third.output).toContain(`--seed ${seedFile} is not applied over a saved state (delete ${file} to start from the seed)`);
    third.child.kill('SIGTERM');
    expect(await third.exit).toBe(0);
    writeFileSync(file, '{"format":"nope"}');
    const broken = start(['--port', '0', '--state', file]);
    expect(await broken.output).toContain('--state');
    expect(await broken.exit).toBe(2);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('POST /__admin/reset of a server that loaded a state file goes back to that realm, so the save at shutdown keeps it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'teamchat-state-')), 'realm.json');
    const serverOf = async (args: string[]) => {
      const server = start(args);
      const text = await server.output;
      const url = /listening on (http:\/\/[^\s]+)/.exec(text)?.[1] ?? '';
      const key = /hamlet@zulip\.com\s+([0-9a-zA-Z]{32})/.exec(text)?.[1] ?? '';
      const headers = { Authorization: `Basic ${btoa(`hamlet@zulip.com:${key}`)}` };
      const send = async (content: string) => {
        const response = await fetch(`${url}/api/v1/messages`, { method: 'POST', headers, body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'kept', content }) });
        return ((await response.json()) as { id: number }).id;
      };
      const status = async (id: number) => (await fetch(`${url}/api/v1/messages/${id}`, { headers })).status;
      return { server, url, send, status };
    };
    const first = await serverOf(['--port', '0', '--state', file]);
    const kept = await first.send('in the saved realm');
    first.server.child.kill('SIGTERM');
    expect(await first.server.exit).toBe(0);
    const second = await serverOf(['--port', '0', '--state', file, '--admin']);
    const dropped = await second.send('after the load');
    expect((await fetch(`${second.url}/__admin/reset`, { method: 'POST' })).status).toBe(200);
    expect(await second.status(kept)).toBe(200);
    expect(await second.status(dropped)).toBe(400);
    second.server.child.kill('SIGTERM');
    expect(await second.server.exit).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('in the saved realm');
  }, PROCESS_TEST_TIMEOUT_MS);

  it('--state at a path it could not save to stops the server at start, not at shutdown when the session would be lost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamchat-state-'));
    const missing = start(['--port', '0', '--state', join(dir, 'nonexistent', 'x.json')]);
    expect(await missing.exit).toBe(2);
    expect(await missing.output).toBe(
      `teamchat-mock: --state ${join(dir, 'nonexistent', 'x.json')}: the directory ${join(dir, 'nonexistent')} does not exist: ` +
        'create it, or choose a path in one that does (the state is saved there when the server stops)\n',
    );
    const notADirectory = join(dir, 'plain-file');
    writeFileSync(notADirectory, '');
    const underFile = start(['--port', '0', '--state', join(notADirectory, 'x.json')]);
    expect(await underFile.exit).toBe(2);
    expect(await underFile.output).toContain(`--state ${join(notADirectory, 'x.json')}: ${notADirectory} is not a directory`);
    const directory = start(['--port', '0', '--state', dir]);
    expect(await directory.exit).toBe(2);
    expect(await directory.output).toContain(`--state ${dir}: ${dir} is a directory: give a file path, such as ${join(dir, 'realm.json')}`);
    // The check leaves nothing behind.
    expect(readdirSync(dir)).toEqual(['plain-file']);
    // A directory no one may create files in, even root (sysfs), as chmod is no obstacle to root.
    if (process.platform === 'linux') {
      const unwritable = start(['--port', '0', '--state', '/sys/realm.json']);
      expect(await unwritable.exit).toBe(2);
      expect(await unwritable.output).toContain('--state /sys/realm.json: cannot write in /sys (EACCES): the state is saved there when the server stops; choose a writable directory');
    }
  }, PROCESS_TEST_TIMEOUT_MS);

  it('a seed file\'s message times, reactions, read and starred state are served, and --state keeps them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamchat-seed-history-'));
    const seedFile = join(dir, 'seed.json');
    const stateFile = join(dir, 'realm.json');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const thisMorning = new Date(Date.now() - 3_600_000).toISOString();
    const users = ['boss@acme.test', 'dev@acme.test'];
    writeFileSync(
      seedFile,
      JSON.stringify({
        users: [
          { email: users[0], full_name: 'The Boss', role: 'owner' },
          { email: users[1], full_name: 'A Developer' },
        ],
        channels: [{ name: 'general', subscribers: users }],
        messages: [
          { sender: users[0], channel: 'general', topic: 'plans', content: 'old', timestamp: yesterday, read_by: 'everyone', starred_by: [users[1]], reactions: [{ emoji_name: '+1', by: [users[1]] }] },
          { sender: users[0], channel: 'general', topic: 'plans', content: 'new', timestamp: thisMorning },
        ],
      }),
    );
    const expectHistory = async (text: string) => {
      const url = /listening on (http:\/\/[^\s]+)/.exec(text)?.[1] ?? '';
      const key = /dev@acme\.test\s+([0-9a-zA-Z]{32})/.exec(text)?.[1] ?? '';
      const headers = { Authorization: `Basic ${btoa(`dev@acme.test:${key}`)}` };
      const response = await fetch(`${url}/api/v1/messages?anchor=oldest&num_before=0&num_after=10`, { headers });
      const { messages } = (await response.json()) as { messages: { timestamp: number; flags: string[]; reactions: { emoji_name: string }[] }[] };
      expect(messages.map(({ timestamp, flags, reactions }) => [timestamp, flags, reactions.map((reaction) => reaction.emoji_name)])).toEqual([
        [Math.floor(Date.parse(yesterday) / 1000), ['read', 'starred'], ['+1']],
        [Math.floor(Date.parse(thisMorning) / 1000), [], []],
      ]);
      const registered = await fetch(`${url}/api/v1/register`, { method: 'POST', headers, body: new URLSearchParams({ event_types: '["message","update_message_flags"]' }) });
      expect(((await registered.json()) as { unread_msgs: { count: number } }).unread_msgs.count).toBe(1);
    };
    const first = start(['--port', '0', '--seed', seedFile, '--state', stateFile]);
    await expectHistory(await first.output);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    const second = start(['--port', '0', '--state', stateFile]);
    await expectHistory(await second.output);
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('init copies the installed msw\'s service worker into a public directory, as msw init does', async () => {
    const directory = join(mkdtempSync(join(tmpdir(), 'teamchat-init-')), 'public');
    const child = spawn(process.execPath, [CLI, 'init', directory], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(text).toContain(`copied ${join(directory, 'mockServiceWorker.js')}`);
    const installed = readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8');
    expect(readFileSync(join(directory, 'mockServiceWorker.js'), 'utf8')).toBe(installed);
    const elsewhere = spawn(process.execPath, [CLI, 'init', directory], { cwd: tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(elsewhere);
    let errors = '';
    elsewhere.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    expect(await new Promise<number | null>((resolve) => elsewhere.on('exit', resolve))).toBe(2);
    expect(errors).toContain('msw is not installed here; install it first: npm install -D msw');
  }, PROCESS_TEST_TIMEOUT_MS);

  it('init into a path it cannot write says why, without the usage (not a usage error)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'teamchat-init-')), 'file');
    writeFileSync(file, 'not a directory');
    const { output, exit } = start(['init', join(file, 'public')]);
    expect(await exit).toBe(2);
    const text = await output;
    expect(text).toMatch(/^teamchat-mock: ENOTDIR: .*\n$/);
    expect(text).not.toContain('usage:');
  }, PROCESS_TEST_TIMEOUT_MS);

  it('an msw that fails to load for another reason than its absence ends with one line and status 1, not a stack', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'teamchat-broken-msw-'));
    writeFileSync(join(directory, 'hooks.mjs'), [
      'export async function resolve(specifier, context, next) {',
      "  if (specifier === 'msw') throw new Error('msw is broken here');",
      '  return next(specifier, context);',
      '}',
    ].join('\n'));
    writeFileSync(join(directory, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
    const child = spawn(process.execPath, ['--import', join(directory, 'register.mjs'), CLI, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    expect(await new Promise<number | null>((resolve) => child.on('exit', resolve))).toBe(1);
    expect(errors).toBe('teamchat-mock: cannot load msw: msw is broken here\n');
  }, PROCESS_TEST_TIMEOUT_MS);

  it('--state loses nothing acknowledged when SIGTERM arrives mid-load, and a kill mid-write leaves a whole file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'teamchat-durable-')), 'realm.json');
    const first = start(['--port', '0', '--state', file, '--admin', '--rate-limits', 'off']);
    const text = await first.output;
    const url = /listening on (http:\/\/[^\s]+)/.exec(text)?.[1] ?? '';
    const key = /hamlet@zulip\.com\s+([0-9a-zA-Z]{32})/.exec(text)?.[1] ?? '';
    const auth = { Authorization: `Basic ${btoa(`hamlet@zulip.com:${key}`)}` };
    const acknowledged: number[] = [];
    const send = async (index: number) => {
      try {
        const response = await fetch(`${url}/api/v1/messages`, { method: 'POST', headers: auth, body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'load', content: `m${index}` }) });
        if (response.ok) acknowledged.push(((await response.json()) as { id: number }).id);
      } catch {
        // Refused once the server stopped accepting: not acknowledged, so not owed.
      }
    };
    const load = Promise.all(Array.from({ length: 20 }, async (_, worker) => {
      for (let index = worker; index < 400; index += 20) await send(index);
    }));
    await waitUntil(() => acknowledged.length >= 60, 20_000);
    first.child.kill('SIGTERM');
    await load;
    expect(await first.exit).toBe(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { tables: { message: { id: number }[] } };
    const ids = new Set(saved.tables.message.map((message) => message.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    // Killed while writing: the state file is always the last whole one.
    for (const delay of [0, 5, 15]) {
      const server = start(['--port', '0', '--state', file, '--admin']);
      const serverUrl = /listening on (http:\/\/[^\s]+)/.exec(await server.output)?.[1] ?? '';
      void fetch(`${serverUrl}/__admin/save`, { method: 'POST' }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, delay));
      server.child.kill('SIGKILL');
      await server.exit;
      const whole = JSON.parse(readFileSync(file, 'utf8')) as { format: string; tables: { message: unknown[] } };
      expect(whole.format).toBe('teamchat-mock-state');
      expect(whole.tables.message.length).toBe(saved.tables.message.length);
    }
  }, SOURCE_PROCESS_TEST_TIMEOUT_MS);

  it('--thumbnail-delay holds thumbnails back: a message sent at once shows the loading placeholder', async () => {
    const { child, output, exit } = start(['--port', '0', '--thumbnail-delay', '60000']);
    const text = await output;
    const url = /listening on (http:\/\/[^\s]+)/.exec(text)?.[1] ?? '';
    const key = /hamlet@zulip\.com\s+([0-9a-zA-Z]{32})/.exec(text)?.[1];
    const headers = { Authorization: `Basic ${btoa(`hamlet@zulip.com:${key}`)}` };
    const form = new FormData();
    form.append('file', new File([png(20, 10)], 'late.png', { type: 'image/png' }));
    const { url: link } = (await (await fetch(`${url}/api/v1/user_uploads`, { method: 'POST', headers, body: form })).json()) as { url: string };
    const body = new URLSearchParams({ type: 'channel', to: 'Verona', topic: 'cli', content: `[late.png](${link})` });
    const { id } = (await (await fetch(`${url}/api/v1/messages`, { method: 'POST', headers, body })).json()) as { id: number };
    const { message } = (await (await fetch(`${url}/api/v1/messages/${id}`, { headers })).json()) as { message: { content: string } };
    expect(message.content).toContain('<img class="image-loading-placeholder" data-original-content-type="image/png" data-original-dimensions="20x10"');
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('--camo-key signs the Camo URLs of external media with that key; --camo-uri \'\' turns Camo off', async () => {
    const imageUrl = 'https://example.com/pic.png';
    const rendered = async (args: string[]) => {
      const { child, output, exit } = start(['--port', '0', ...args]);
      const text = await output;
      const url = /listening on (http:\/\/[^\s]+)/.exec(text)?.[1] ?? '';
      const key = /hamlet@zulip\.com\s+([0-9a-zA-Z]{32})/.exec(text)?.[1];
      const response = await fetch(`${url}/api/v1/messages/render`, {
        method: 'POST',
        headers: { Authorization: `Basic ${btoa(`hamlet@zulip.com:${key}`)}` },
        body: new URLSearchParams({ content: imageUrl }),
      });
      const { rendered: html } = (await response.json()) as { rendered: string };
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
      return html;
    };
    const digest = createHmac('sha1', 'cli-key').update(imageUrl).digest('hex');
    expect(await rendered(['--camo-key', 'cli-key'])).toContain(`<img src="/external_content/${digest}/${Buffer.from(imageUrl).toString('hex')}">`);
    expect(await rendered(['--camo-uri', ''])).toContain(`<img src="${imageUrl}">`);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('--link-previews gives the pages link previews are made from: a message linking one gets its preview once the realm turns them on; a malformed file is named', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamchat-previews-'));
    const pages = join(dir, 'pages.json');
    writeFileSync(pages, JSON.stringify({ 'https://example.com/post': { title: 'A post', description: 'What it says', image: 'https://example.com/cover.png' } }));
    const { child, output, exit } = start(['--port', '0', '--link-previews', pages]);
    const text = await output;
    const url = /listening on (http:\/\/[^\s]+)/.exec(text)?.[1] ?? '';
    const auth = (email: string) => ({ Authorization: `Basic ${btoa(`${email}:${new RegExp(`${email}\\s+([0-9a-zA-Z]{32})`).exec(text)?.[1]}`)}` });
    const turnedOn = await fetch(`${url}/api/v1/realm`, { method: 'PATCH', headers: auth('iago@zulip.com'), body: new URLSearchParams({ inline_url_embed_preview: 'true' }) });
    expect(turnedOn.status).toBe(200);
    const sent = await fetch(`${url}/api/v1/messages`, {
      method: 'POST',
      headers: auth('hamlet@zulip.com'),
      body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'links', content: 'see https://example.com/post' }),
    });
    const { id } = (await sent.json()) as { id: number };
    const fetched = await fetch(`${url}/api/v1/messages/${id}`, { headers: auth('hamlet@zulip.com') });
    const { message } = (await fetched.json()) as { message: { content: string } };
    expect(message.content).toContain('<div class="message_embed_title"><a href="https://example.com/post" title="A post">A post</a></div>');
    expect(message.content).toContain('<div class="message_embed_description">What it says</div>');
    expect(message.content).toContain('<a class="message_embed_image" href="https://example.com/post" style="background-image: url(&quot;/external_content/');
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    for (const [contents, problem] of [
      ['[1]', `teamchat-mock: --link-previews ${pages}: linkPreviews: expected an object of page URL to page`],
      ['{"https://example.com/post": {"titel": "A post"}}', `teamchat-mock: --link-previews ${pages}: linkPreviews: the page at https://example.com/post has 'titel'`],
      ['{', 'teamchat-mock: cannot read --link-previews'],
    ] as const) {
      writeFileSync(pages, contents);
      const refused = start(['--port', '0', '--link-previews', pages]);
      expect(await refused.exit).toBe(2);
      expect(await refused.output).toContain(problem);
    }
  }, PROCESS_TEST_TIMEOUT_MS);

  it('--push-bouncer-key turns on a bouncer that accepts that key: a registration is active; without it PUSH_SERVICE_NOT_CONFIGURED', async () => {
    const registration = {
      token_kind: 'fcm',
      push_account_id: '2408',
      push_key: 'MY+paNlyduYJRQFNZva8w7Gv3PkBua9kIj581F9Vr301',
      encrypted_push_registration: 'c2VhbGVk',
    };
    const register = async (url: string, headers: Record<string, string>, bouncerKey: string) => {
      const response = await fetch(`${url}/api/v1/mobile_push/register`, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ ...registration, bouncer_public_key: bouncerKey }),
      });
      return { status: response.status, body: await response.json() };
    };
    const pushDevices = async (url: string, headers: Record<string, string>) => {
      const body = new URLSearchParams({ fetch_event_types: '["push_device"]' });
      const response = await fetch(`${url}/api/v1/register`, { method: 'POST', headers, body });
      return ((await response.json()) as { push_devices: unknown }).push_devices;
    };
    const launch = async (args: string[]) => {
      const started = start(['--port', '0', ...args]);
      const text = await started.output;
      const url = /listening on (http:\/\/[^\s]+)/.exec(text)?.[1] ?? '';
      const key = /hamlet@zulip\.com\s+([0-9a-zA-Z]{32})/.exec(text)?.[1];
      return { ...started, url, headers: { Authorization: `Basic ${btoa(`hamlet@zulip.com:${key}`)}` } };
    };
    const withKeys = await launch(['--push-bouncer-key', 'first-key,second-key', '--push-bouncer-key', 'third-key']);
    expect(await register(withKeys.url, withKeys.headers, 'second-key')).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    expect(await pushDevices(withKeys.url, withKeys.headers)).toEqual({ 2408: { status: 'active', error_code: null } });
    withKeys.child.kill('SIGTERM');
    expect(await withKeys.exit).toBe(0);
    // --push-bouncer alone: a bouncer that accepts no key, so the registration fails at the bouncer.
    const bare = await launch(['--push-bouncer']);
    expect(await register(bare.url, bare.headers, 'second-key')).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    expect(await pushDevices(bare.url, bare.headers)).toEqual({ 2408: { status: 'failed', error_code: 'INVALID_BOUNCER_PUBLIC_KEY' } });
    // Its bouncer keeps the device tokens the server registers with it: notified, then removed.
    const token = (method: string, path: string, fields: Record<string, string>) =>
      fetch(`${bare.url}/api/v1${path}`, { method, headers: bare.headers, body: new URLSearchParams(fields) }).then(async (response) => [response.status, await response.json()]);
    const success = [200, { result: 'success', msg: '' }];
    expect(await token('POST', '/users/me/android_gcm_reg_id', { token: 'fcm-device' })).toEqual(success);
    expect(await token('POST', '/mobile_push/test_notification', { token: 'fcm-device' })).toEqual(success);
    expect(await token('DELETE', '/users/me/android_gcm_reg_id', { token: 'fcm-device' })).toEqual(success);
    bare.child.kill('SIGTERM');
    expect(await bare.exit).toBe(0);
    const without = await launch([]);
    expect(await register(without.url, without.headers, 'second-key')).toEqual({
      status: 400,
      body: { result: 'error', msg: 'Server is not configured to use push notification service.', code: 'PUSH_SERVICE_NOT_CONFIGURED' },
    });
    without.child.kill('SIGTERM');
    expect(await without.exit).toBe(0);
    const empty = start(['--port', '0', '--push-bouncer-key', 'first-key,']);
    expect(await empty.exit).toBe(2);
    expect(await empty.output).toContain("--push-bouncer-key: expected bouncer public keys, got an empty one in 'first-key,'");
  }, PROCESS_TEST_TIMEOUT_MS);

  it('a mistyped option is named with the one it most likely means, then the usage (exit 2)', async () => {
    const { output, exit } = start(['--stat', 'realm.json']);
    expect(await exit).toBe(2);
    const text = await output;
    expect(text).toMatch(/^teamchat-mock: unknown option --stat; did you mean --state\?\n/);
    expect(text).toContain('--state file.json');
    expect(text).not.toContain('positional');
  }, PROCESS_TEST_TIMEOUT_MS);

  it('--help documents every option', async () => {
    const { output, exit } = start(['--help']);
    const text = await output;
    for (const option of ['--port', '--host', '--seed', '--state', '--feature-level', '--rate-limits', '--faults', '--no-dev-endpoints', '--limit-guest-presence', '--thumbnail-delay', '--camo-uri', '--camo-key', '--link-previews', '--push-bouncer', '--push-bouncer-key', '--admin', '--cors', '--allowed-host', '--log']) {
      expect(text).toContain(option);
    }
    expect(await exit).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('takes the rate-limit rules in the server\'s seconds:requests form (refusing a malformed one) and --faults', async () => {
    const fault = '[{"kind":"status","status":503,"operation":"GET /server_settings"}]';
    const { child, output, exit } = start(['--port', '0', '--rate-limits', '60:1', '--faults', fault]);
    const text = await output;
    // A server with faults looks broken: its start says they are armed.
    expect(text).toContain('teamchat-mock: faults armed: [{"kind":"status","operation":"GET /server_settings","status":503}]\n');
    const url = /listening on (http:\/\/[^\s]+)/.exec(text)?.[1];
    const key = /iago@zulip\.com\s+([0-9a-zA-Z]{32})/.exec(text)?.[1];
    const get = () =>
      fetch(`${url}/api/v1/users/me/alert_words`, { headers: { Authorization: `Basic ${btoa(`iago@zulip.com:${key}`)}` } });
    const first = await get();
    expect(first.headers.get('x-ratelimit-limit')).toBe('1');
    expect((await get()).status).toBe(429);
    // --faults: the first GET /server_settings gets the injected 503, the next one the answer.
    expect((await fetch(`${url}/api/v1/server_settings`)).status).toBe(503);
    expect((await fetch(`${url}/api/v1/server_settings`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    const bad = start(['--port', '0', '--rate-limits', 'lots']);
    expect(await bad.exit).toBe(2);
    expect(await bad.output).toContain("--rate-limits: expected seconds:requests pairs such as 60:200, or off; got 'lots'");
    // The same check as mock.faults.inject: a typo in an operation would otherwise hit nothing.
    const badFault = start(['--port', '0', '--faults', '[{"kind":"status","operation":"send-messages"}]']);
    expect(await badFault.exit).toBe(2);
    expect(await badFault.output).toMatch(/--faults: fault 0: operation 'send-messages' names no operation; did you mean send-message[,?]/);
    const badDelay = start(['--port', '0', '--thumbnail-delay', 'soon']);
    expect(await badDelay.exit).toBe(2);
    expect(await badDelay.output).toContain('--thumbnail-delay must be a whole number of milliseconds, got soon');
  }, PROCESS_TEST_TIMEOUT_MS);
});

describe('stopping the mock', () => {
  it('kill -TERM of the `npm run mock` process frees the port within 2 s and leaves no process behind', async () => {
    const port = await freePort();
    const child = spawn('npm', ['run', 'mock', '--', '--port', String(port)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    await new Promise<void>((resolve) => {
      let text = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('users and API keys:')) resolve();
      });
    });
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/server_settings`)).status).toBe(200);
    const killedAt = Date.now();
    child.kill('SIGTERM');
    await waitUntil(async () => !(await isListening(port)), 2000);
    expect(Date.now() - killedAt).toBeLessThan(2000);
    await waitUntil(async () => !processesWith(`--port ${port}`), 2000);
  }, SOURCE_PROCESS_TEST_TIMEOUT_MS);

  it('a request in flight when SIGTERM arrives still gets its answer before the process exits', async () => {
    const { child, output, exit } = start(['--port', '0']);
    const url = /listening on (http:\/\/[^\s]+)/.exec(await output)?.[1] ?? '';
    const key = /iago@zulip\.com\s+([0-9a-zA-Z]{32})/.exec(await output)?.[1] ?? '';
    const body = 'type=stream&to=Verona&topic=hi&content=in+flight';
    const head = [
      'POST /api/v1/messages HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Basic ${btoa(`iago@zulip.com:${key}`)}`,
      'Content-Type: application/x-www-form-urlencoded',
      `Content-Length: ${body.length}`,
      // The server's `100 Continue` proves it is handling the request before the signal is sent.
      'Expect: 100-continue',
    ].join('\r\n');
    const response = rawHttp(url, head, body.slice(0, 10), (socket) => {
      socket.once('data', () => {
        child.kill('SIGTERM');
        setTimeout(() => socket.write(body.slice(10)), 200);
      });
    });
    const answered = await response;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ result: 'success' });
    expect(await exit).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function processesWith(text: string): boolean {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .some((line) => line.includes(text) && !line.startsWith('ps '));
}

async function waitUntil(condition: () => boolean | Promise<boolean>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
