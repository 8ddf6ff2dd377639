import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isOlderNode, SUPPORTED_NODE } from '../mock/runtimes/node-version';

const CLI = fileURLToPath(new URL('../dist/mock/cli.js', import.meta.url));
// Each test starts a fresh Node process that loads the mock from dist: seconds on a loaded machine.
const PROCESS_TEST_TIMEOUT_MS = 60_000;
const WARNING = 'teamchat-mock: warning: Node ';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A Node older than the supported one on this machine (the system's, where the project pins a newer one), if any. */
function olderNode(): { path: string; version: string } | undefined {
  for (const path of [process.env['OLDER_NODE'], '/usr/bin/node', '/usr/local/bin/node']) {
    if (!path || !existsSync(path)) continue;
    const version = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    if (isOlderNode(version)) return { path, version };
  }
  return undefined;
}
const OLDER = olderNode();

/** Starts the built bin; resolves with its output once the banner is complete (or it exits). */
function start(node: string, nodeArgs: string[]) {
  const child = spawn(node, [...nodeArgs, CLI, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  const output = new Promise<{ stdout: string; stderr: string }>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('welcome-bot@zulip.com')) resolve({ stdout, stderr });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', () => resolve({ stdout, stderr }));
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exit };
}

/** Sends a message through the started server, proving it serves the API. */
async function sendsAMessage(stdout: string): Promise<unknown> {
  const url = /listening on (http:\/\/[^\s]+)/.exec(stdout)?.[1];
  const key = /iago@zulip\.com\s+([0-9a-zA-Z]{32})/.exec(stdout)?.[1];
  const response = await fetch(`${url}/api/v1/messages`, {
    method: 'POST',
    headers: { Authorization: `Basic ${btoa(`iago@zulip.com:${key}`)}` },
    body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'hi', content: 'hello' }),
  });
  return response.json();
}

describe('teamchat-mock on a Node older than engines allows (the bin runs on whatever `node` the PATH finds)', () => {
  it(`warns on stderr first, naming the version and ${SUPPORTED_NODE}, then serves as usual (the version faked)`, async () => {
    const fake = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.20.2'})`;
    const { child, output, exit } = start(process.execPath, ['--import', fake]);
    const { stdout, stderr } = await output;
    expect(stderr.split('\n')[0]).toBe(
      `teamchat-mock: warning: Node 20.20.2 is older than Node ${SUPPORTED_NODE}, the oldest teamchat-sdk and msw 3 support ` +
        `(package.json "engines"); the mock may start, then fail without naming the cause: run it with Node ${SUPPORTED_NODE} or newer`,
    );
    expect(await sendsAMessage(stdout)).toMatchObject({ result: 'success' });
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('says nothing of the version on a supported Node', async () => {
    const { child, output, exit } = start(process.execPath, []);
    const { stdout, stderr } = await output;
    expect(stdout).toContain('listening on');
    expect(stderr).not.toContain(WARNING);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);

  it.skipIf(OLDER === undefined)(`on this machine's older Node (${OLDER?.path ?? 'none'}, ${OLDER?.version ?? ''}): warns, serves, stops`, async () => {
    const { child, output, exit } = start(OLDER?.path ?? '', []);
    const { stdout, stderr } = await output;
    expect(stderr.split('\n')[0]).toBe(
      `teamchat-mock: warning: Node ${OLDER?.version} is older than Node ${SUPPORTED_NODE}, the oldest teamchat-sdk and msw 3 support ` +
        `(package.json "engines"); the mock may start, then fail without naming the cause: run it with Node ${SUPPORTED_NODE} or newer`,
    );
    expect(await sendsAMessage(stdout)).toMatchObject({ result: 'success' });
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);
});
