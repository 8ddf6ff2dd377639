import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { ManualClock } from '../mock/domain/clock';

const IAGO = 'iago@zulip.com';
const SITE = 'http://localhost:9991';

/** A request as iago, answered by `mock` (what any client sends, without the SDK's level checks). */
async function answer(mock: ReturnType<typeof createMockServer>, method: string, path: string, params?: Record<string, string>) {
  const headers = { Authorization: `Basic ${btoa(`${IAGO}:${mock.apiKeyOf(IAGO)}`)}`, 'Content-Type': 'application/x-www-form-urlencoded' };
  const response = await mock.fetch(new Request(`${SITE}/api/v1${path}`, { method, headers, body: params && new URLSearchParams(params) }));
  return (await response.json()) as Record<string, unknown>;
}

type UserObject = Record<string, unknown>;

describe('is_imported_stub (feature level 433) in user objects', () => {
  it('is absent below 433 and false from it: GET /users, /users/me, /users/{id}, /users/{email}, the register state and realm_user add events', async () => {
    for (const [level, known] of [[372, false], [432, false], [433, true]] as const) {
      const mock = createMockServer({ featureLevel: level, clock: new ManualClock() });
      const hamletId = mock.store.userByDeliveryEmail('hamlet@zulip.com')!.id;
      const state = await answer(mock, 'POST', '/register', { event_types: JSON.stringify(['realm_user']) });
      await answer(mock, 'DELETE', `/users/${hamletId}`);
      await answer(mock, 'POST', '/users', { email: 'newbie@zulip.com', password: 'secret-word', full_name: 'New User' });
      const { events } = await answer(mock, 'GET', `/events?queue_id=${String(state.queue_id)}&last_event_id=-1&dont_block=true`);
      const added = (events as { op: string; person: UserObject }[]).filter((event) => event.op === 'add');
      const users: UserObject[] = [
        ...((await answer(mock, 'GET', '/users')).members as UserObject[]),
        await answer(mock, 'GET', '/users/me'),
        (await answer(mock, 'GET', `/users/${hamletId}`)).user as UserObject,
        (await answer(mock, 'GET', '/users/hamlet@zulip.com')).user as UserObject,
        ...(state.realm_users as UserObject[]),
        ...(state.cross_realm_bots as UserObject[]),
        ...added.map((event) => event.person),
      ];
      expect(added).toHaveLength(1);
      expect(users.length).toBeGreaterThan(20);
      const values = new Set(users.map((user) => ('is_imported_stub' in user ? user.is_imported_stub : 'absent')));
      expect([...values], `level ${level}`).toEqual([known ? false : 'absent']);
    }
  });
});
