/**
 * The scale targets of the messages issue: building the large realm (1,000 users, 200 channels,
 * 100,000 messages) from a seed, its heap, and per-request latency in it relative to the default
 * realm, measured in the same run through the mock's MSW handlers.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { getResponse } from 'msw';
import { createMockServer, type MockServer } from '../mock/index';
import { largeRealmSeed } from './large-realm';

const SITE = 'http://bench.test';
const USER = 'desdemona@zulip.com';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapUsed(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

async function call(mock: MockServer, method: string, path: string, params?: Record<string, string>) {
  const headers = { Authorization: `Basic ${btoa(`${USER}:${mock.apiKeyOf(USER)}`)}` };
  const body = method === 'GET' || !params ? undefined : new URLSearchParams(params);
  const query = method === 'GET' && params ? `?${new URLSearchParams(params)}` : '';
  const response = await getResponse(mock.handlers, new Request(`${SITE}/api/v1${path}${query}`, { method, headers, body }));
  return { status: response?.status ?? 0, body: (await response?.json()) as Record<string, unknown> };
}

/** One request of the latency comparison, prepared per realm. */
interface Probe {
  readonly name: string;
  prepare(mock: MockServer, recentIds: readonly number[]): { method: string; path: string; params?: Record<string, string> };
}

const TOPIC_NARROW = JSON.stringify([
  { operator: 'channel', operand: 'Verona' },
  { operator: 'topic', operand: 'bench' },
]);

const PROBES: readonly Probe[] = [
  {
    name: 'send',
    prepare: () => ({ method: 'POST', path: '/messages', params: { type: 'stream', to: 'Verona', topic: 'send', content: 'hi' } }),
  },
  { name: 'get one message', prepare: (_, ids) => ({ method: 'GET', path: `/messages/${ids[50]}` }) },
  {
    name: 'flags on 100 IDs',
    prepare: (_, ids) => ({ method: 'POST', path: '/messages/flags', params: { messages: JSON.stringify(ids), op: 'add', flag: 'starred' } }),
  },
  {
    name: 'matches_narrow on 100 IDs',
    prepare: (_, ids) => ({ method: 'GET', path: '/messages/matches_narrow', params: { msg_ids: JSON.stringify(ids), narrow: TOPIC_NARROW } }),
  },
  {
    name: 'user_topics',
    prepare: (mock) => ({
      method: 'POST',
      path: '/user_topics',
      params: { stream_id: String(mock.store.channelByName('Verona')?.id), topic: 'bench', visibility_policy: '3' },
    }),
  },
  {
    name: 'GET /messages, channel + topic narrow, 100 messages',
    prepare: () => ({ method: 'GET', path: '/messages', params: { anchor: 'newest', num_before: '100', num_after: '0', narrow: TOPIC_NARROW } }),
  },
];

async function median(mock: MockServer, request: ReturnType<Probe['prepare']>, rounds: number): Promise<number> {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await call(mock, request.method, request.path, request.params);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
}

/** 100 messages in Verona > bench, the IDs the probes work on. */
async function recentMessages(mock: MockServer): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < 100; index++) {
    const sent = await call(mock, 'POST', '/messages', { type: 'stream', to: 'Verona', topic: 'bench', content: `m${index}` });
    ids.push(sent.body.id as number);
  }
  return ids;
}

/** Build time, heap and the latency ratios of the large realm. */
export async function measureScale(): Promise<string[]> {
  const rows: string[] = [];
  const seed = largeRealmSeed();
  const defaultStart = performance.now();
  // Rate limits off: the probes send hundreds of requests as one user, and the domain cost is what is measured.
  const small = createMockServer({ baseUrl: SITE, rateLimits: false });
  const defaultMs = performance.now() - defaultStart;
  const heapBefore = heapUsed();
  const started = performance.now();
  const large = createMockServer({ baseUrl: SITE, seed, rateLimits: false });
  const buildMs = performance.now() - started;
  const heapMb = (heapUsed() - heapBefore) / 1e6;
  rows.push(
    `large realm (1,000 users, 200 channels, 100,000 messages) build: ${(buildMs / 1000).toFixed(1)} s (target <= 5 s; ` +
      `default realm ${defaultMs.toFixed(1)} ms), heap ${heapMb.toFixed(0)} MB (target <= 300 MB)`,
  );
  const smallIds = await recentMessages(small);
  const largeIds = await recentMessages(large);
  for (const probe of PROBES) {
    const smallRequest = probe.prepare(small, smallIds);
    const check = await call(small, smallRequest.method, smallRequest.path, smallRequest.params);
    if (check.body.result !== 'success') {
      rows.push(`${probe.name}: not measured (${check.status} ${String(check.body.msg)})`);
      continue;
    }
    const largeRequest = probe.prepare(large, largeIds);
    // Warm both, then alternate so that machine noise hits both alike.
    await median(small, smallRequest, 20);
    await median(large, largeRequest, 20);
    const ratios: number[] = [];
    let smallMs = 0;
    let largeMs = 0;
    for (let round = 0; round < 5; round++) {
      smallMs = await median(small, smallRequest, 20);
      largeMs = await median(large, largeRequest, 20);
      ratios.push(largeMs / smallMs);
    }
    ratios.sort((a, b) => a - b);
    rows.push(
      `${probe.name}: large / default realm = ${(ratios[2] ?? NaN).toFixed(2)}x (target <= 1.3x; ` +
        `${largeMs.toFixed(2)} ms vs ${smallMs.toFixed(2)} ms)`,
    );
  }
  return rows;
}
