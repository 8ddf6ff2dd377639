import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../dist/mock/cli.js', import.meta.url));
const children: ChildProcess[] = [];
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
  });

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
    expect(await second.output).toContain('users[0].email');
  });
});
