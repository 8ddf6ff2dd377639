/**
 * Event delivery: how long from sending a message until 100 long-polling queues have it,
 * relative to the same send with no queue waiting. Both go through the mock's MSW handlers
 * (`getResponse`), interleaved send by send so that machine noise hits both alike.
 */
import { getResponse } from 'msw';
import { createMockServer, type MockServer } from '../../mock/index';
import { type Figure, single } from '../figures';

const SITE = 'http://bench.test';
const READERS = ['iago@zulip.com', 'hamlet@zulip.com', 'othello@zulip.com', 'cordelia@zulip.com', 'prospero@zulip.com'];

interface Percentiles {
  readonly median: number;
  readonly p99: number;
}

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
  return { median: at(0.5), p99: at(0.99) };
}

function call(mock: MockServer, email: string, method: string, path: string, body?: URLSearchParams) {
  const headers = { Authorization: `Basic ${btoa(`${email}:${mock.apiKeyOf(email)}`)}` };
  return getResponse(mock.handlers, new Request(`${SITE}/api/v1${path}`, { method, headers, body }));
}

async function send(mock: MockServer): Promise<number> {
  const body = new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'bench', content: 'hello' });
  const started = performance.now();
  await call(mock, 'desdemona@zulip.com', 'POST', '/messages', body);
  return performance.now() - started;
}

/** Median and p99 of send alone and of send-to-delivery on `queues` waiting queues, in ms. */
async function measureEventDelivery(queues = 100, sends = 60, warmup = 10) {
  // Rate limits off: thousands of requests as one user measure delivery, not the limiter.
  const alone = createMockServer({ baseUrl: SITE, rateLimits: false });
  const watched = createMockServer({ baseUrl: SITE, rateLimits: false });
  const registered = await Promise.all(
    Array.from({ length: queues }, async (_, index) => {
      const email = READERS[index % READERS.length] ?? '';
      const response = await call(watched, email, 'POST', '/register', new URLSearchParams({ event_types: '["message"]' }));
      const { queue_id } = (await response?.json()) as { queue_id: string };
      return { email, queueId: queue_id, lastEventId: -1 };
    }),
  );
  const sendAlone: number[] = [];
  const delivery: number[] = [];
  for (let round = 0; round < warmup + sends; round++) {
    // The first rounds warm up the JIT and are not counted.
    const counted = round >= warmup;
    const aloneMs = await send(alone);
    if (counted) sendAlone.push(aloneMs);
    const polls = registered.map(async (queue) => {
      const path = `/events?queue_id=${queue.queueId}&last_event_id=${queue.lastEventId}`;
      const response = await call(watched, queue.email, 'GET', path);
      const arrived = performance.now();
      const { events } = (await response?.json()) as { events: { id: number }[] };
      queue.lastEventId = events.at(-1)?.id ?? queue.lastEventId;
      return arrived;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const started = performance.now();
    await send(watched);
    for (const arrived of await Promise.all(polls)) if (counted) delivery.push(arrived - started);
  }
  const aloneStats = percentiles(sendAlone);
  const deliveryStats = percentiles(delivery);
  return { queues, sendAlone: aloneStats, delivery: deliveryStats, ratio: deliveryStats.median / aloneStats.median };
}

/** Send-to-delivery on 100 long-polling queues over the send alone. */
export async function eventDelivery(quick: boolean): Promise<Figure[]> {
  const result = await measureEventDelivery(100, quick ? 15 : 60, quick ? 5 : 10);
  return [
    {
      section: '7. Events',
      name: `send to delivery on ${result.queues} long-polling queues`,
      unit: 'ms',
      value: single(result.delivery.median),
      baseline: { name: 'the send alone', value: single(result.sendAlone.median) },
      ratio: single(result.ratio),
      note: `p99 ${result.delivery.p99.toFixed(2)} ms against ${result.sendAlone.p99.toFixed(2)} ms for the send alone.`,
    },
  ];
}
