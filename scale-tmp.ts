import { createMockServer } from './mock/index';
import { largeRealmSeed, LARGE_REALM } from './bench/large-realm';
createMockServer();
for (const n of [5_000, 10_000, 20_000, 40_000]) {
  const seed = largeRealmSeed({ ...LARGE_REALM, messages: n });
  const t = performance.now();
  createMockServer({ seed });
  console.log(n, 'build ms', (performance.now() - t).toFixed(0), 'per msg µs', ((performance.now() - t) * 1000 / n).toFixed(0));
}
