import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startHttpMock } from '../../mock/runtimes/http';
import { ChatClient } from '../../src/index';

/** How much load: senders each sending their share of the messages, and long-polling queues. */
export interface LoadPlan {
  readonly senders: number;
  readonly messages: number;
  readonly queues: number;
}

/** What the load produced, for assertions and the reliability report. */
export interface LoadResult {
  readonly sentIds: readonly number[];
  /** Per queue, the message IDs it received, in order. */
  readonly received: readonly (readonly number[])[];
  readonly failedSends: number;
  readonly seconds: number;
  readonly queuesLeft: number;
  /** Heap before any queue or send, with the queues still open after the load, and after deleting them. */
  readonly heapBeforeMb: number;
  readonly heapWithQueuesMb: number;
  readonly heapAfterDeleteMb: number;
}

// Verona's human subscribers: each may send there and sees every message sent there.
const PEOPLE = [
  'desdemona@zulip.com',
  'iago@zulip.com',
  'shiva@zulip.com',
  'hamlet@zulip.com',
  'cordelia@zulip.com',
  'othello@zulip.com',
  'prospero@zulip.com',
  'polonius@zulip.com',
];

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapMb(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed / 1e6;
}

/**
 * Through the standalone server over real HTTP: `queues` long-polling queues, then `senders`
 * clients sending `messages` in all to one channel at once; each queue polls until it has every
 * message. Then the queues are deleted.
 */
export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const running = await startHttpMock({ port: 0, rateLimits: false });
  const clientFor = (index: number) => {
    const email = PEOPLE[index % PEOPLE.length] ?? '';
    return new ChatClient({ site: running.url, email, apiKey: running.mock.apiKeyOf(email), maxRetries: 0, featureLevel: running.mock.state.featureLevel });
  };
  try {
    const heapBeforeMb = heapMb();
    const readers = await Promise.all(
      Array.from({ length: plan.queues }, async (_, index) => {
        const client = clientFor(index);
        const { queue_id, last_event_id } = await client.events.register({ event_types: ['message'] });
        return { client, queueId: queue_id ?? '', lastEventId: last_event_id, ids: [] as number[] };
      }),
    );
    const started = performance.now();
    const polls = readers.map(async (reader) => {
      while (reader.ids.length < plan.messages) {
        const { events } = await reader.client.events.get({ queue_id: reader.queueId, last_event_id: reader.lastEventId });
        for (const event of events) {
          reader.lastEventId = event.id;
          if (event.type === 'message') reader.ids.push((event.message as { id: number }).id);
        }
      }
    });
    let failedSends = 0;
    const perSender = Math.ceil(plan.messages / plan.senders);
    const sends = await Promise.all(
      Array.from({ length: plan.senders }, async (_, index) => {
        const client = clientFor(index);
        const ids: number[] = [];
        const share = Math.min(perSender, plan.messages - index * perSender);
        for (let count = 0; count < share; count++) {
          try {
            const { id } = await client.messages.send({ type: 'channel', to: 'Verona', topic: `load ${index}`, content: `message ${count}` });
            ids.push(id);
          } catch {
            failedSends++;
          }
        }
        return ids;
      }),
    );
    await Promise.all(polls);
    const seconds = (performance.now() - started) / 1000;
    const heapWithQueuesMb = heapMb();
    await Promise.all(readers.map((reader) => reader.client.events.delete({ queue_id: reader.queueId })));
    const heapAfterDeleteMb = heapMb();
    return {
      sentIds: sends.flat(),
      received: readers.map((reader) => reader.ids),
      failedSends,
      seconds,
      queuesLeft: running.mock.state.events.queues().length,
      heapBeforeMb,
      heapWithQueuesMb,
      heapAfterDeleteMb,
    };
  } finally {
    await running.close();
  }
}
