import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSPECTOR_URL, InspectorProfiler } from '../bench/inspector-profile';
import { startProcess, stop } from '../bench/processes';

/** A Node process that idles with its inspector open, ready once it names the inspector's address. */
function idleInspectedProcess() {
  return startProcess(['--inspect=127.0.0.1:0', '-e', "console.log('http://127.0.0.1:1 '); setInterval(() => {}, 1000);"], process.execPath, {
    readyErrors: INSPECTOR_URL,
  });
}

describe("the benchmark's inspector connection", () => {
  it('profiles the process it is connected to', async () => {
    const child = await idleInspectedProcess();
    const profiler = await InspectorProfiler.connect(INSPECTOR_URL.exec(child.errors)?.[1] ?? '');
    try {
      await profiler.start(1000);
      const profile = await profiler.stop();
      expect(profile.nodes.length).toBeGreaterThan(0);
    } finally {
      profiler.close();
      stop(child);
    }
  });

  it('fails a pending call, and any later one, when the process dies, instead of waiting for ever', async () => {
    const child = await idleInspectedProcess();
    const profiler = await InspectorProfiler.connect(INSPECTOR_URL.exec(child.errors)?.[1] ?? '');
    try {
      await profiler.start(1000);
      const exited = new Promise((resolve) => child.child.once('exit', resolve));
      stop(child);
      await exited;
      await expect(profiler.stop()).rejects.toThrow('the inspector connection closed');
      await expect(profiler.start(1000)).rejects.toThrow('the inspector connection closed');
    } finally {
      profiler.close();
      stop(child);
    }
  }, 20_000);
});

/** Whether a process is still running (a zombie not yet reaped by its parent counts as gone). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const state = /\)\s+(\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1];
  return state !== 'Z';
}

async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isRunning(pid);
}

describe("the benchmark's server processes", () => {
  it('stops a process that is not ready in time and says what it wrote', async () => {
    const started = startProcess(['-e', 'console.log(`pid ${process.pid}`); setInterval(() => {}, 1000);'], process.execPath, { within: 1000 });
    const error = await started.then(
      () => undefined,
      (reason: unknown) => reason as Error,
    );
    expect(error?.message).toMatch(/^not ready within 1000 ms; it wrote: pid \d+/);
    const pid = Number(/pid (\d+)/.exec(error?.message ?? '')?.[1]);
    expect(await goneWithin(pid, 5000)).toBe(true);
  }, 20_000);

  it('stops the processes a benchmark started when it is interrupted (Ctrl-C), though they run in process groups of their own', async () => {
    const script = join(mkdtempSync(join(tmpdir(), 'bench-processes-')), 'interrupted.mts');
    writeFileSync(
      script,
      `import { startProcess } from ${JSON.stringify(join(process.cwd(), 'bench/processes.ts'))};\n` +
        "const server = await startProcess(['-e', \"console.log('http://127.0.0.1:1 '); setInterval(() => {}, 1000);\"]);\n" +
        'console.log(`server ${server.child.pid}`);\n' +
        'setInterval(() => {}, 1000);\n',
    );
    const bench = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    bench.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise((resolve) => bench.once('exit', resolve));
    while (!/server \d+/.test(output)) await new Promise((resolve) => setTimeout(resolve, 50));
    const server = Number(/server (\d+)/.exec(output)?.[1]);
    try {
      expect(isRunning(server)).toBe(true);
      bench.kill('SIGINT');
      await exited;
      expect(await goneWithin(server, 5000)).toBe(true);
    } finally {
      if (isRunning(server)) process.kill(server, 'SIGKILL');
    }
  }, 30_000);
});
