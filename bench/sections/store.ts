/** Store internals: indexed lookups against the scan @mswjs/data would do, in a realm of 10,000 users. */
import { createMockServer, DEFAULT_SEED } from '../../mock/index';
import type { Figure } from '../figures';
import { interleave, type Plan } from '../harness';

/** Whether the store's indexes pay off: a user looked up by id against the scan @mswjs/data would do. */
export async function storeInternals(plan: Plan): Promise<Figure[]> {
  const users = Array.from({ length: 10_000 }, (_, index) => ({ email: `user${index}@bench.test`, full_name: `User ${index}` }));
  const mock = createMockServer({ seed: { ...DEFAULT_SEED, users: [...DEFAULT_SEED.users, ...users] } });
  const ids = mock.store.tables.user.all().map((user) => user.id);
  let cursor = 0;
  const next = () => ids[(cursor = (cursor + 1) % ids.length)] as number;
  const lookup = await interleave(
    () => mock.store.tables.user.get(next()),
    () => {
      const id = next();
      return mock.store.tables.user.all().find((user) => user.id === id);
    },
    { ...plan, perBlock: Math.min(plan.perBlock, 20) },
  );
  return [
    {
      section: '9. Store internals',
      name: 'user by ID, 10,000 users: indexed get',
      unit: 'ms',
      value: lookup.variant,
      baseline: { name: 'a scan of every user', value: lookup.baseline },
      ratio: lookup.ratio,
      note: "@mswjs/data's queries scan every record, so the store answers hot lookups from indexes kept in step with every write (mock/store/store.ts).",
    },
  ];
}
