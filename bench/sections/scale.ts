/**
 * The scale targets of the messages issue: building the large realm (1,000 users, 200 channels,
 * 100,000 messages) from a seed, its heap, and per-request latency in it relative to the default
 * realm, measured in the same run through the mock's MSW handlers.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { getResponse } from 'msw';
import { createMockServer, type MockServer } from '../../mock/index';
import { type Figure, single } from '../figures';
import { interleave, type Plan } from '../harness';
import { LARGE_REALM, largeRealmSeed } from '../large-realm';

const SITE = 'http://bench.test';
const USER = 'desdemona@zulip.com';
const SECTION = '3. Scale';

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
  /** Why the ratio cannot be flat, when the answer itself grows with the realm. */
  readonly note?: string;
  /** For answers that grow with the realm: what they list, counted in an answer, for a cost per item. */
  readonly perItem?: { readonly name: string; count(body: Record<string, unknown>): number };
}

const lengthOf = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

/** The cost per listed item in both realms, for a note under a figure whose answer grows with the realm. */
function perItemNote(probe: Probe, large: Record<string, unknown>, small: Record<string, unknown>, result: { variant: { median: number }; baseline: { median: number } }): string {
  if (!probe.perItem) return '';
  const largeCount = probe.perItem.count(large);
  const smallCount = probe.perItem.count(small);
  if (largeCount === 0 || smallCount === 0) return '';
  const perLarge = (result.variant.median * 1000) / largeCount;
  const perSmall = (result.baseline.median * 1000) / smallCount;
  const format = (micros: number) => `${micros.toFixed(1)} µs`;
  return ` Per ${probe.perItem.name}: ${format(perLarge)} (${largeCount.toLocaleString('en')}) against ${format(perSmall)} (${smallCount}) in the default realm, ${(perLarge / perSmall).toFixed(2)}x.`;
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
    name: 'GET /users',
    prepare: () => ({ method: 'GET', path: '/users' }),
    note: 'the answer lists every user, so it grows with the realm.',
    perItem: { name: 'user listed', count: (body) => lengthOf(body.members) },
  },
  {
    name: 'GET /users/me/subscriptions',
    prepare: () => ({ method: 'GET', path: '/users/me/subscriptions' }),
    perItem: { name: 'subscription listed', count: (body) => lengthOf(body.subscriptions) },
  },
  {
    name: 'register (every event type, default state)',
    prepare: () => ({ method: 'POST', path: '/register', params: {} }),
    note: 'the initial state lists every user and channel, so it grows with the realm: 720 kB of JSON against 60 kB in the default realm. A profile in the large realm: about a third is JSON.stringify of the answer and a quarter the state itself; building channel objects through conditional spreads and counting each channel\'s active subscribers by a user lookup per subscriber were the largest costs of the state itself and are gone since 2026-11-27 (one object literal, the few deactivated users subtracted: register 0.68x, GET /streams 0.85x of before in one A/B run).',
    perItem: { name: 'user in realm_users', count: (body) => lengthOf(body.realm_users) },
  },
  {
    name: 'GET /messages, channel + topic narrow, 100 messages',
    prepare: () => ({ method: 'GET', path: '/messages', params: { anchor: 'newest', num_before: '100', num_after: '0', narrow: TOPIC_NARROW } }),
  },
];

/** 100 messages in Verona > bench, the IDs the probes work on. */
async function recentMessages(mock: MockServer): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < 100; index++) {
    const sent = await call(mock, 'POST', '/messages', { type: 'stream', to: 'Verona', topic: 'bench', content: `m${index}` });
    ids.push(sent.body.id as number);
  }
  return ids;
}

/** Build time, heap, memory per message and the latency ratios of the large realm. */
export async function scale(plan: Plan, sizes = LARGE_REALM): Promise<Figure[]> {
  const figures: Figure[] = [];
  const seed = largeRealmSeed(sizes);
  const described = `${sizes.users.toLocaleString('en')} users, ${sizes.channels} channels, ${sizes.messages.toLocaleString('en')} messages`;
  const defaultStart = performance.now();
  // Rate limits off: the probes send hundreds of requests as one user, and the domain cost is what is measured.
  const small = createMockServer({ baseUrl: SITE, rateLimits: false });
  const defaultMs = performance.now() - defaultStart;
  const heapBefore = heapUsed();
  const started = performance.now();
  const large = createMockServer({ baseUrl: SITE, seed, rateLimits: false });
  const buildSeconds = (performance.now() - started) / 1000;
  const heapMb = (heapUsed() - heapBefore) / 1e6;
  figures.push(
    {
      section: SECTION,
      name: `building the large realm (${described})`,
      unit: 's',
      value: single(buildSeconds),
      baseline: { name: 'the default realm', value: single(defaultMs / 1000) },
      target: { op: '<=', value: 5, of: 'value' },
    },
    {
      section: SECTION,
      name: 'heap of the large realm',
      unit: 'MB',
      value: single(heapMb),
      target: { op: '<=', value: 300, of: 'value' },
    },
    {
      section: SECTION,
      name: 'heap per message',
      unit: 'kB',
      value: single((heapMb * 1000) / sizes.messages),
    },
  );
  const smallIds = await recentMessages(small);
  const largeIds = await recentMessages(large);
  for (const probe of PROBES) {
    const smallRequest = probe.prepare(small, smallIds);
    const largeRequest = probe.prepare(large, largeIds);
    const check = await call(large, largeRequest.method, largeRequest.path, largeRequest.params);
    if (check.body.result !== 'success') throw new Error(`${probe.name}: ${check.status} ${String(check.body.msg)}`);
    const smallCheck = await call(small, smallRequest.method, smallRequest.path, smallRequest.params);
    const result = await interleave(
      () => call(large, largeRequest.method, largeRequest.path, largeRequest.params),
      () => call(small, smallRequest.method, smallRequest.path, smallRequest.params),
      plan,
    );
    figures.push({
      section: SECTION,
      name: probe.name,
      unit: 'ms',
      value: result.variant,
      baseline: { name: 'default realm', value: result.baseline },
      ratio: result.ratio,
      target: { op: '<=', value: 1.3, of: 'ratio' },
      ...(probe.note || probe.perItem ? { note: `${probe.note ?? ''}${perItemNote(probe, check.body, smallCheck.body, result)}`.trim() } : {}),
    });
  }
  return figures;
}
