/**
 * The direct path of the mock (`mock.fetch`, `mock.clientFor`) against interception with MSW's
 * `setupServer`: the same SDK calls on the same realm, in the same run.
 */
import { setupServer } from 'msw/node';
import { createMockServer } from '../mock/index';
import { ChatClient } from '../src/index';

const SITE = 'http://bench.test';
const CALLS = 300;

async function perCallMs(call: () => Promise<unknown>): Promise<number> {
  for (let index = 0; index < 50; index++) await call();
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    for (let index = 0; index < CALLS; index++) await call();
    rounds.push((performance.now() - started) / CALLS);
  }
  rounds.sort((a, b) => a - b);
  return rounds[2] ?? Number.NaN;
}

/** Milliseconds per `messages.get` call through `setupServer` and through `mock.fetch`. */
export async function measureDirectFetch(): Promise<{ intercepted: number; direct: number; ratio: number }> {
  const mock = createMockServer({ baseUrl: SITE, rateLimits: false });
  const direct = mock.clientFor('hamlet@zulip.com');
  const { id } = await direct.messages.send({ type: 'channel', to: 'Verona', topic: 'bench', content: 'hello' });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledFrame: 'error' });
  try {
    const intercepted = new ChatClient({ site: SITE, email: 'hamlet@zulip.com', apiKey: mock.apiKeyOf('hamlet@zulip.com') });
    const viaInterception = await perCallMs(() => intercepted.messages.get({ message_id: id }));
    const viaDirect = await perCallMs(() => direct.messages.get({ message_id: id }));
    return { intercepted: viaInterception, direct: viaDirect, ratio: viaInterception / viaDirect };
  } finally {
    server.close();
  }
}
