/**
 * The standalone server's throughput (autocannon, 10 connections, 127.0.0.1) over a bare
 * node:http server that answers the same bytes, each in its own process, alternating in blocks.
 */
import { type Figure, single } from '../figures';
import { freePort, MOCK_READY, mockCommand, type Started, startProcess, stop } from '../processes';
import { loadWith, probesOn } from './standalone-probes';
import { summarize } from '../stats';

const SECTION = '5. Standalone server';

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

/** Prism mocking the two operations from `bench/peer-openapi.json`, or undefined if it does not start. */
async function startPrism(): Promise<Started | undefined> {
  const port = await freePort();
  try {
    // The first run downloads Prism: minutes on a slow network.
    return await startProcess([...PRISM, '-p', String(port), 'bench/peer-openapi.json'], 'npm', { ready: /listening on (http:\/\/127\.0\.0\.1:\d+)/, within: 600_000 });
  } catch {
    return undefined;
  }
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
  const mock = await startProcess([...mockCommand(), '--port', '0', '--rate-limits', 'off'], process.execPath, { ready: MOCK_READY });
  const prism = quick ? undefined : await startPrism();
  const figures: Figure[] = [];
  try {
    const seconds = quick ? 1 : 3;
    const blocks = quick ? 1 : 3;
    for (const probe of await probesOn(mock)) {
      const sample = await fetch(`${mock.url}${probe.path}`, { method: probe.method, headers: probe.headers, ...(probe.body ? { body: probe.body } : {}) });
      const bare = await startProcess(['-e', bareServerSource(await sample.text(), sample.headers.get('content-type') ?? '')]);
      const load = (origin: string, path?: string) => (duration: number) => loadWith(origin, probe, duration, path);
      try {
        const servers = {
          mock: load(mock.url),
          bare: load(bare.url),
          ...(prism ? { prism: load(prism.url, probe.path.replace('/api/v1', '')) } : {}),
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
