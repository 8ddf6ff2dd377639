import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpMock, startHttpMock } from '../mock/runtimes/http';

const PAGE = readFileSync(fileURLToPath(new URL('../docs/standalone.md', import.meta.url)), 'utf8');
const BLOCKS = [...PAGE.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');

let running: HttpMock;
beforeAll(async () => {
  running = await startHttpMock({ port: 0 });
});
afterAll(() => running.close());

/** Runs shell text with bash in a scratch directory; answers the exit code and output. */
function bash(script: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd: mkdtempSync(join(tmpdir(), 'standalone-doc-')) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('docs/standalone.md: every sh block, as written, against a fresh server', () => {
  it('has the setup block and the blocks after it', () => {
    expect(BLOCKS.length).toBeGreaterThanOrEqual(4);
  });

  it('each block succeeds after the setup (with the page\'s SITE pointed at this server)', async () => {
    const [setup = '', ...rest] = BLOCKS;
    const prelude = setup.replace('SITE=http://127.0.0.1:9991', `SITE=${running.url}`);
    expect(prelude).not.toBe(setup);
    for (const block of rest) {
      const { code, output } = await bash(`${prelude}\n${block}`);
      expect({ code, block }).toEqual({ code: 0, block });
      expect(output).toContain('"result":"success"');
    }
    // What the blocks did is in the realm: the curl message, the shared file.
    const contents = running.mock.store.tables.message.all().map((message) => message.content);
    expect(contents).toContain('Hello from **curl**');
    expect(contents.some((content) => /^\[report\.csv\]\(\/user_uploads\/1\/.+\/report\.csv\)$/.test(content))).toBe(true);
  });
});
