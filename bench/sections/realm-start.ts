/**
 * Realm start: `createMockServer()` with the default seed, `reset()`, a snapshot restored, and a
 * cold process's first answer
 * from the standalone server, each against a baseline in the same run.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createMockServer, DEFAULT_SEED } from '../../mock/index';
import { type Figure, single } from '../figures';
import { interleave, type Plan } from '../harness';
import { BUILT_CLI, ROOT } from '../processes';
import { summarize } from '../stats';

const SECTION = '4. Realm start';

/** Milliseconds from spawning `args` until its stdout names a URL that answers `path`. */
async function firstAnswerMs(args: readonly string[], path: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const found = /(http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
        if (found) resolve(found);
      });
      child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${text}`)));
    });
    const response = await fetch(`${url}${path}`);
    await response.arrayBuffer();
    return performance.now() - started;
  } finally {
    child.kill('SIGKILL');
  }
}

const BARE_SERVER = `require('node:http').createServer((q, s) => s.end('{}')).listen(0, '127.0.0.1', function () {
  console.log('http://127.0.0.1:' + this.address().port);
});`;

/**
 * How long a test waits for a fresh realm: creating one, resetting one, restoring a snapshot,
 * each against cloning the seed (the least any start must do), then the standalone server's cold
 * start against a bare node:http server. `quick` starts the processes once instead of three times.
 */
export async function realmStart(plan: Plan, quick: boolean): Promise<Figure[]> {
  const realm = await interleave(
    () => createMockServer(),
    () => structuredClone(DEFAULT_SEED),
    { ...plan, perBlock: plan.perBlock * 2 },
  );
  const figures: Figure[] = [
    {
      section: SECTION,
      name: 'createMockServer() with the default seed',
      unit: 'ms',
      value: realm.variant,
      baseline: { name: 'structuredClone(DEFAULT_SEED)', value: realm.baseline },
      ratio: realm.ratio,
      target: { op: '<=', value: 5, of: 'value' },
    },
  ];
  const resettable = createMockServer();
  const reset = await interleave(
    () => resettable.reset(),
    () => structuredClone(DEFAULT_SEED),
    { ...plan, perBlock: plan.perBlock * 2 },
  );
  const restorable = createMockServer();
  const restore = await interleave(
    () => restorable.restore(restorable.snapshot()),
    () => structuredClone(DEFAULT_SEED),
    { ...plan, perBlock: plan.perBlock * 2 },
  );
  figures.push(
    {
      section: SECTION,
      name: 'mock.reset() in place',
      unit: 'ms',
      value: reset.variant,
      baseline: { name: 'structuredClone(DEFAULT_SEED)', value: reset.baseline },
      ratio: reset.ratio,
      target: { op: '<=', value: 2, of: 'value' },
    },
    {
      section: SECTION,
      name: 'mock.snapshot() then mock.restore() of the default realm',
      unit: 'ms',
      value: restore.variant,
      baseline: { name: 'structuredClone(DEFAULT_SEED)', value: restore.baseline },
      ratio: restore.ratio,
      target: { op: '<=', value: 2, of: 'value' },
    },
  );
  const runs = quick ? 1 : 3;
  const cold: number[] = [];
  const bare: number[] = [];
  const sourceCli = ['--import', 'tsx', `${ROOT}mock/runtimes/cli.ts`, '--port', '0'];
  for (let run = 0; run < runs; run++) {
    cold.push(await firstAnswerMs(sourceCli, '/api/v1/server_settings'));
    bare.push(await firstAnswerMs(['-e', BARE_SERVER], '/'));
  }
  const bareSummary = summarize(bare);
  figures.push({
    section: SECTION,
    name: '`npm run mock` cold start to its first answer (sources through tsx)',
    unit: 'ms',
    value: summarize(cold),
    baseline: { name: 'a bare node:http server', value: bareSummary },
    ratio: single(summarize(cold).median / bareSummary.median),
  });
  if (existsSync(BUILT_CLI)) {
    const built: number[] = [];
    for (let run = 0; run < runs; run++) built.push(await firstAnswerMs([BUILT_CLI, '--port', '0'], '/api/v1/server_settings'));
    figures.push({
      section: SECTION,
      name: 'the built `teamchat-mock` bin, cold start to its first answer',
      unit: 'ms',
      value: summarize(built),
      baseline: { name: 'a bare node:http server', value: bareSummary },
      ratio: single(summarize(built).median / bareSummary.median),
    });
  }
  return figures;
}
