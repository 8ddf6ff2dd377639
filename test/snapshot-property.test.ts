import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { createMockServer, type MockServer } from '../mock/index';
import type { RegisteredState } from '../src/index';
import { action, NEW_USER_EMAILS, OBSERVERS, performAllowingRefusal, prepareRealm, USERS } from './support/random-actions';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What every observer's fresh registration says, and each created user's (their onboarding and
 * waiting period), without the registration's own queue and time.
 */
async function registrations(mock: MockServer): Promise<Record<string, unknown>[]> {
  const created = NEW_USER_EMAILS.filter((email) => mock.store.userByDeliveryEmail(email) !== undefined);
  return Promise.all(
    [...OBSERVERS, ...created].map(async (email) => {
      const state: Partial<RegisteredState> = await mock.clientFor(email).events.register({});
      const { queue_id: _queue, last_event_id: _last, server_timestamp: _time, ...rest } = state as RegisteredState & { server_timestamp?: number };
      return rest;
    }),
  );
}

describe('snapshot and restore as a property (fast-check, fixed seed)', () => {
  it('after any actions, a state document read back as JSON restores the same realm, in another mock too, whose timers then fire as the original\'s', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        const clock = new ManualClock();
        const mock = createMockServer({ clock, rateLimits: false });
        await prepareRealm(mock);
        const clients = new Map(USERS.map((email) => [email, mock.clientFor(email)]));
        for (const step of actions) {
          await performAllowingRefusal(mock, clients, step);
          clock.advance(1_000);
        }
        const before = await registrations(mock);
        const document = JSON.parse(JSON.stringify(mock.snapshot())) as unknown;
        const takenAt = clock.now();
        const elsewhereClock = new ManualClock(takenAt);
        const elsewhere = createMockServer({ clock: elsewhereClock, rateLimits: false });
        elsewhere.restore(document);
        expect(await registrations(elsewhere), 'restored in a new mock').toEqual(before);
        expect(JSON.parse(JSON.stringify(elsewhere.snapshot()))).toEqual(document);
        // What the realm's timers do later (promotions, reminders and scheduled messages falling
        // due) the restored realm does too, as the original one.
        clock.advance(DAY_MS);
        elsewhereClock.advance(DAY_MS);
        expect(await registrations(elsewhere), 'a day after restoring').toEqual(await registrations(mock));
        clock.set(takenAt);
        mock.restore(document);
        expect(await registrations(mock), 'restored in place').toEqual(before);
      }),
      { numRuns: Number(process.env.SNAPSHOT_PROPERTY_RUNS ?? 25), seed: Number(process.env.SNAPSHOT_PROPERTY_SEED ?? 20261126), endOnFailure: true },
    );
  }, 300_000);
});
