/**
 * Benchmarks of the mock store and the SDK's bundle size. Results are ratios against a baseline measured in the same
 * run, so they compare across machines: `npm run bench`.
 */
import { createMockServer, DEFAULT_SEED } from '../mock/index';
import { measure } from './measure';

function seedWithUsers(count: number) {
  const users = Array.from({ length: count }, (_, index) => ({
    email: `user${index}@bench.test`,
    full_name: `User ${index}`,
  }));
  return { ...DEFAULT_SEED, users: [...DEFAULT_SEED.users, ...users] };
}

const rows: string[] = [];
for (const size of [1_000, 10_000]) {
  const mock = createMockServer({ seed: seedWithUsers(size) });
  const ids = mock.store.tables.user.all().map((user) => user.id);
  let cursor = 0;
  const next = () => {
    cursor = (cursor + 1) % ids.length;
    return ids[cursor] as number;
  };
  const indexed = measure(() => mock.store.tables.user.get(next()), 20_000);
  const scan = measure(
    () => {
      const id = next();
      return mock.store.tables.user.all().find((user) => user.id === id);
    },
    size >= 10_000 ? 20 : 200,
  );
  const byEmail = measure(() => mock.store.userByDeliveryEmail(`user${cursor++ % size}@bench.test`), 20_000);
  rows.push(
    `users=${size}: linear scan by id / indexed get = ${(scan / indexed).toFixed(0)}x ` +
      `(indexed ${indexed.toFixed(0)} ns, scan ${(scan / 1000).toFixed(0)} µs); email lookup / id lookup = ${(byEmail / indexed).toFixed(1)}x`,
  );
}

const baseline = measure(() => structuredClone(DEFAULT_SEED), 200);
const realm = measure(() => createMockServer(), 50);
rows.push(
  `createMockServer() (default realm) / structuredClone(DEFAULT_SEED) = ${(realm / baseline).toFixed(0)}x ` +
    `(${(realm / 1e6).toFixed(2)} ms per realm)`,
);

const sendRealm = createMockServer();
const hamlet = sendRealm.store.userByDeliveryEmail('hamlet@zulip.com')!;
const { sendMessage } = await import('../mock/domain/messages/send');
const send = measure(
  () =>
    sendMessage(sendRealm.state, hamlet, 'bench', { type: 'channel', to: 'Verona', topic: 'bench', content: 'hello' }),
  2_000,
);
const sendAfter = measure(
  () =>
    sendMessage(sendRealm.state, hamlet, 'bench', { type: 'channel', to: 'Verona', topic: 'bench', content: 'hello' }),
  2_000,
);
rows.push(
  `send-message domain call after 2k / after 4k stored messages = ${(sendAfter / send).toFixed(2)}x (flat means O(1) in history)`,
);

const { measureEventDelivery } = await import('./event-delivery');
const delivery = await measureEventDelivery();
rows.push(
  `event delivery to ${delivery.queues} long-polling queues / the send alone = ${delivery.ratio.toFixed(1)}x ` +
    `(delivery median ${delivery.delivery.median.toFixed(2)} ms, p99 ${delivery.delivery.p99.toFixed(2)} ms; ` +
    `send alone median ${delivery.sendAlone.median.toFixed(2)} ms, p99 ${delivery.sendAlone.p99.toFixed(2)} ms)`,
);

const { measureDirectFetch } = await import('./direct-fetch');
const direct = await measureDirectFetch();
rows.push(
  `messages.get through setupServer / through mock.fetch = ${direct.ratio.toFixed(1)}x ` +
    `(${direct.intercepted.toFixed(3)} ms and ${direct.direct.toFixed(3)} ms per call)`,
);

const { measureScale } = await import('./scale');
rows.push(...(await measureScale()));

const { BUDGETS, BUNDLES, measureBundle } = await import('./bundle-size');
for (const [name, source] of Object.entries(BUNDLES) as [keyof typeof BUNDLES, string][]) {
  const { gzipBytes } = await measureBundle(name, source);
  rows.push(`bundle, ${name}: ${(gzipBytes / 1000).toFixed(1)} kB min+gz (budget ${BUDGETS[name] / 1000} kB)`);
}

console.log(rows.join('\n'));
