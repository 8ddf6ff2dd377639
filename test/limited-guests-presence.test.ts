import { beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { GUEST, limitGuestToScotland } from './support/limited-guests';
import { useTestRealm } from './support/mock';

// The server's CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE, off by default (limited-guests-events
// checks that presence is then not limited).
const realm = useTestRealm({ limitGuestPresence: true });

// After the seeded users joined (the mock's clock starts at 2025-01-01).
const START = 1_740_000_000_000;

/** Polonius, a limited guest, shares only Scotland (Iago, Shiva, Hamlet, Othello), from START on. */
async function limitGuestFromStart() {
  realm.clock.set(START);
  await limitGuestToScotland(realm);
}

describe('limitGuestPresence (the server\'s CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE)', () => {
  beforeEach(limitGuestFromStart);

  it('presence lists and GET /users/{user}/presence leave out the users a limited guest may not see', async () => {
    await realm.clientFor('cordelia@zulip.com').presence.update({ status: 'active', ping_only: true });
    await realm.clientFor('hamlet@zulip.com').presence.update({ status: 'active', ping_only: true });
    const guest = realm.clientFor(GUEST);
    expect(Object.keys((await guest.presence.list()).presences)).toEqual(['hamlet@zulip.com']);
    const own = await guest.presence.update({ status: 'active', slim_presence: true });
    expect(Object.keys(own.presences ?? {}).sort()).toEqual([realm.userId('hamlet@zulip.com'), realm.userId(GUEST)].map(String).sort());
    const registered = await guest.events.register({ fetch_event_types: ['presence'], slim_presence: true });
    expect(Object.keys(registered.presences ?? {}).sort()).toEqual([realm.userId('hamlet@zulip.com'), realm.userId(GUEST)].map(String).sort());
    const denied = { code: 'BAD_REQUEST', status: 400, msg: 'Insufficient permission' };
    await expectApiError(guest.presence.get({ user_id_or_email: String(realm.userId('cordelia@zulip.com')) }), denied);
    // A bot is refused first, as the server checks.
    await expectApiError(guest.presence.get({ user_id_or_email: 'default-bot@zulip.com' }), { code: 'BAD_REQUEST', status: 400, msg: 'Presence is not supported for bot users.' });
    expect((await guest.presence.get({ user_id_or_email: 'hamlet@zulip.com' })).presence.aggregated?.status).toBe('active');
    // Members see everyone.
    expect(Object.keys((await realm.clientFor('othello@zulip.com').presence.list()).presences).sort()).toEqual(['cordelia@zulip.com', 'hamlet@zulip.com', GUEST].sort());
  });

  it('presence events reach a limited guest only about users they may see', async () => {
    const guest = realm.clientFor(GUEST);
    // Presence events move no register state the reducer can follow (presence_last_update_id), so
    // the queue is read directly.
    const queue = await guest.events.register({ event_types: ['presence'] });
    const member = realm.clientFor('othello@zulip.com');
    const memberQueue = await member.events.register({ event_types: ['presence'] });
    await realm.clientFor('cordelia@zulip.com').presence.update({ status: 'active', ping_only: true });
    await realm.clientFor('hamlet@zulip.com').presence.update({ status: 'active', ping_only: true });
    const { events } = await guest.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(events.map((event) => (event as { user_id?: number }).user_id)).toEqual([realm.userId('hamlet@zulip.com')]);
    // A member hears of both.
    const heard = await member.events.get({ queue_id: memberQueue.queue_id ?? '', last_event_id: memberQueue.last_event_id, dont_block: true });
    expect(heard.events.map((event) => (event as { user_id?: number }).user_id)).toEqual(['cordelia@zulip.com', 'hamlet@zulip.com'].map((email) => realm.userId(email)));
  });
});
