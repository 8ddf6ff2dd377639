/**
 * The standalone server's throughput (autocannon, 10 connections, 127.0.0.1) over a bare
 * node:http server that answers the same bytes, each in its own process, alternating in blocks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createServer } from 'node:net';
import { type Figure, single } from '../figures';
import { summarize } from '../stats';

const SECTION = '5. Standalone server';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILT_CLI = `${ROOT}dist/mock/cli.js`;

interface Started {
  readonly url: string;
  readonly child: ChildProcess;
  readonly output: string;
}

/** Stops a started server and everything it started. */
function stop(started: Started | undefined): void {
  const pid = started?.child.pid;
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    started?.child.kill('SIGKILL');
  }
}

/** Starts a server process and waits until its output shows `ready` (capturing the URL). */
async function startProcess(
  args: readonly string[],
  command = process.execPath,
  ready = /(http:\/\/127\.0\.0\.1:\d+)\s/,
): Promise<Started> {
  // Its own process group, so that stopping it also stops what it started (`npm exec` runs Prism
  // as a child of its own; killing npm alone left Prism holding the pipe and the run never ended).
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'], detached: true });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready.exec(output)?.[1];
      if (found) resolve(found);
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  return { url, child, output };
}

/** The mock is ready when it has printed its URL and the key of the user the benchmark sends as. */
const MOCK_READY = /listening on (http:\/\/127\.0\.0\.1:\d+)[^]*iago@zulip\.com\s+[0-9a-zA-Z]{32}/;

/** A node:http server answering every request with these bytes and headers. */
function bareServerSource(body: string, contentType: string): string {
  return `const body = Buffer.from(${JSON.stringify(body)});
require('node:http').createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(200, { 'content-type': ${JSON.stringify(contentType)}, 'content-length': body.length }).end(body));
}).listen(0, '127.0.0.1', function () { console.log('http://127.0.0.1:' + this.address().port + '\\n'); });`;
}

/** Stoplight Prism, pinned, fetched by `npm exec` on first use (not a dependency of the project). */
const PRISM = ['exec', '--yes', '--package=@stoplight/prism-cli@5.16.0', '--', 'prism', 'mock', '-h', '127.0.0.1'];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Prism mocking the two operations from `bench/peer-openapi.json`, or undefined if it does not start. */
async function startPrism(): Promise<Started | undefined> {
  const port = await freePort();
  try {
    return await startProcess([...PRISM, '-p', String(port), 'bench/peer-openapi.json'], 'npm', /listening on (http:\/\/127\.0\.0\.1:\d+)/);
  } catch {
    return undefined;
  }
}

interface Probe {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
}

/** Requests per second for each server, alternating the order block by block. */
async function rotate(
  servers: Readonly<Record<string, (seconds: number) => Promise<{ rate: number; failures: number }>>>,
  blocks: number,
  seconds: number,
) {
  const names = Object.keys(servers);
  const rates: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const failures: Record<string, number> = Object.fromEntries(names.map((name) => [name, 0]));
  for (let block = 0; block < blocks; block++) {
    const order = block % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const result = await servers[name]?.(seconds);
      rates[name]?.push(result?.rate ?? 0);
      failures[name] = (failures[name] ?? 0) + (result?.failures ?? 0);
    }
  }
  return { rates, failures };
}

function ratios(variant: readonly number[], baseline: readonly number[]): number[] {
  return variant.map((rate, index) => rate / (baseline[index] ?? Number.NaN));
}

/**
 * Requests per second of `teamchat-mock` (the built CLI when dist/ has one, else the sources
 * through tsx) over a bare server answering the same bytes, and, unless `quick`, over Stoplight
 * Prism serving the OpenAPI examples (the "8. Peers" figures).
 */
export async function standaloneThroughput(quick: boolean): Promise<Figure[]> {
  const cli = existsSync(BUILT_CLI) ? [BUILT_CLI] : ['--import', 'tsx', `${ROOT}mock/runtimes/cli.ts`];
  const mock = await startProcess([...cli, '--port', '0', '--rate-limits', 'off'], process.execPath, MOCK_READY);
  const prism = quick ? undefined : await startPrism();
  const figures: Figure[] = [];
  try {
    const key = /iago@zulip\.com\s+([0-9a-zA-Z]{32})/.exec(mock.output)?.[1] ?? '';
    const headers = {
      authorization: `Basic ${btoa(`iago@zulip.com:${key}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    };
    const sendBody = new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'bench', content: 'hello' }).toString();
    const first = await fetch(`${mock.url}/api/v1/messages`, { method: 'POST', headers, body: sendBody });
    const { id } = (await first.json()) as { id: number };
    const probes: Probe[] = [
      { name: 'GET /messages/{id}', method: 'GET', path: `/api/v1/messages/${id}` },
      { name: 'POST /messages', method: 'POST', path: '/api/v1/messages', body: sendBody },
    ];
    const seconds = quick ? 1 : 3;
    const blocks = quick ? 1 : 3;
    for (const probe of probes) {
      const sample = await fetch(`${mock.url}${probe.path}`, { method: probe.method, headers, ...(probe.body ? { body: probe.body } : {}) });
      const bare = await startProcess(['-e', bareServerSource(await sample.text(), sample.headers.get('content-type') ?? '')]);
      const load = (url: string) => async (duration: number) => {
        const result = await autocannon({ url, connections: 10, duration, method: probe.method, headers, ...(probe.body ? { body: probe.body } : {}) });
        return { rate: result.requests.average, failures: result.non2xx + result.errors + result.timeouts };
      };
      try {
        const servers = {
          mock: load(`${mock.url}${probe.path}`),
          bare: load(`${bare.url}${probe.path}`),
          ...(prism ? { prism: load(`${prism.url}${probe.path.replace('/api/v1', '')}`) } : {}),
        };
        // A first second each, unmeasured: the mock's code is compiled as it runs, the bare server's is trivial.
        for (const warm of Object.values(servers)) await warm(1);
        const { rates, failures } = await rotate(servers, blocks, seconds);
        const mockRates = rates['mock'] ?? [];
        const failed = (name: string) => ((failures[name] ?? 0) > 0 ? ` (${failures[name]} failed requests)` : '');
        figures.push({
          section: SECTION,
          name: `${probe.name}, 10 connections, ${seconds} s per block${failed('mock')}`,
          unit: 'req/s',
          value: summarize(mockRates),
          baseline: { name: 'bare node:http, same bytes', value: summarize(rates['bare'] ?? []) },
          ratio: summarize(ratios(mockRates, rates['bare'] ?? [])),
          target: { op: '>=', value: 0.35, of: 'ratio' },
        });
        if (prism) {
          figures.push({
            section: '8. Peers',
            name: `${probe.name}: teamchat-mock over Stoplight Prism 5.16 (OpenAPI examples)${failed('prism')}`,
            unit: 'req/s',
            value: summarize(mockRates),
            baseline: { name: 'Prism', value: summarize(rates['prism'] ?? []) },
            ratio: summarize(ratios(mockRates, rates['prism'] ?? [])),
          });
        }
      } finally {
        stop(bare);
      }
    }
  } finally {
    stop(mock);
    stop(prism);
  }
  if (!prism) {
    figures.push({
      section: '8. Peers',
      name: 'Stoplight Prism',
      unit: 'req/s',
      value: single(Number.NaN),
      note: quick ? 'measured in full mode only.' : 'Prism did not start (`npm exec @stoplight/prism-cli@5.16.0` needs the npm registry once).',
    });
  }
  return figures;
}
