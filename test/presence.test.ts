import { describe, expect, it } from 'vitest';
import { applyEvent, parseEvent } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
// After the seeded users joined (the mock's clock starts at 2025-01-01): a time before that would
// read as their join date's activity.
const START = 1_740_000_000_000;
const HAMLET = 'hamlet@zulip.com';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

describe('presence', () => {
  it('a first report creates the row; the legacy map shows active/idle with the website client', async () => {
    realm.clock.set(START);
    const hamlet = realm.clientFor(HAMLET);
    const answer = await hamlet.presence.update({ status: 'active' });
    const now = START / 1000;
    const entry = { aggregated: { client: 'website', status: 'active', timestamp: now }, website: { client: 'website', status: 'active', timestamp: now, pushable: false } };
    expect(answer).toEqual({ presences: { [HAMLET]: entry }, server_timestamp: now, presence_last_update_id: 1 });
    await realm.clientFor('othello@zulip.com').presence.update({ status: 'idle', ping_only: true });
    realm.clock.set(START + 100_000);
    const { presences, server_timestamp } = await realm.clientFor('cordelia@zulip.com').presence.list();
    expect(server_timestamp).toBe(now + 100);
    expect(presences['othello@zulip.com']).toEqual({
      aggregated: { client: 'website', status: 'idle', timestamp: now },
      website: { client: 'website', status: 'idle', timestamp: now, pushable: false },
    });
    expect(Object.keys(presences).sort()).toEqual([HAMLET, 'othello@zulip.com']);
  });

  it('times move only after 55 s; active reads idle once the last connection is 70 s past activity', async () => {
    realm.clock.set(START);
    const hamlet = realm.clientFor(HAMLET);
    await hamlet.presence.update({ status: 'active', ping_only: true });
    realm.clock.set(START + 50_000);
    const early = await hamlet.presence.update({ status: 'idle', slim_presence: true });
    expect(early.presences?.[String(realm.userId(HAMLET))]).toEqual({ active_timestamp: START / 1000, idle_timestamp: START / 1000 });
    realm.clock.set(START + 80_000);
    const later = await hamlet.presence.update({ status: 'idle', slim_presence: true });
    expect(later.presences?.[String(realm.userId(HAMLET))]).toEqual({ active_timestamp: START / 1000, idle_timestamp: START / 1000 + 80 });
    const { presence } = await realm.clientFor('othello@zulip.com').presence.get({ user_id_or_email: HAMLET });
    expect(presence).toEqual({ aggregated: { status: 'idle', timestamp: START / 1000 + 80 }, website: { status: 'idle', timestamp: START / 1000 + 80 } });
    realm.clock.set(START + 300_000);
    const stale = await realm.clientFor('othello@zulip.com').presence.get({ user_id_or_email: String(realm.userId(HAMLET)) });
    expect(stale.presence).toEqual({ aggregated: { status: 'offline', timestamp: START / 1000 + 80 }, website: { status: 'idle', timestamp: START / 1000 + 80 } });
  });

  it('GET /users/{id}/presence says offline only after 201 whole seconds, as the server compares whole seconds (regression: up to a second early)', async () => {
    realm.clock.set(START);
    await realm.clientFor(HAMLET).presence.update({ status: 'active', ping_only: true });
    const othello = realm.clientFor('othello@zulip.com');
    const aggregated = async () => (await othello.presence.get({ user_id_or_email: HAMLET })).presence.aggregated?.status;
    realm.clock.set(START + 200_999);
    expect(await aggregated()).toBe('active');
    realm.clock.set(START + 201_000);
    expect(await aggregated()).toBe('offline');
  });

  it('last_update_id answers only rows changed since, in the modern format; history_limit_days bounds the map', async () => {
    realm.clock.set(START);
    const hamlet = realm.clientFor(HAMLET);
    const first = await hamlet.presence.update({ status: 'active', last_update_id: 0 });
    expect(first.presence_last_update_id).toBe(1);
    const unchanged = await hamlet.presence.update({ status: 'active', last_update_id: 1 });
    expect(unchanged).toMatchObject({ presences: {}, presence_last_update_id: 1 });
    realm.clock.set(START + 3 * 86_400_000);
    await realm.clientFor('othello@zulip.com').presence.update({ status: 'active', ping_only: true });
    const recent = await hamlet.presence.update({ status: 'idle', slim_presence: true, history_limit_days: 1 });
    expect(Object.keys(recent.presences ?? {}).sort()).toEqual([String(realm.userId(HAMLET)), String(realm.userId('othello@zulip.com'))].sort());
    const none = await hamlet.presence.update({ status: 'idle', slim_presence: true, history_limit_days: 0 });
    expect(none.presences).toEqual({});
  });

  it('a client that already has data (last_update_id > 0) gets every later change, however old its connection', async () => {
    realm.clock.set(START);
    const othello = realm.clientFor('othello@zulip.com');
    await othello.presence.update({ status: 'active', ping_only: true });
    const { presence_last_update_id: seen } = await realm.clientFor(HAMLET).presence.update({ status: 'active', last_update_id: 0 });
    await realm.clientFor('cordelia@zulip.com').presence.update({ status: 'active', ping_only: true });
    realm.clock.set(START + 3 * 86_400_000);
    const hamlet = realm.clientFor(HAMLET);
    const fresh = await hamlet.presence.update({ status: 'active', last_update_id: 0, history_limit_days: 1 });
    expect(Object.keys(fresh.presences ?? {})).toEqual([String(realm.userId(HAMLET))]);
    const since = await hamlet.presence.update({ status: 'active', last_update_id: seen ?? 0, history_limit_days: 1 });
    expect(Object.keys(since.presences ?? {}).sort()).toEqual([String(realm.userId('cordelia@zulip.com')), String(realm.userId(HAMLET))].sort());
  });

  it('refuses bots, a bad status, bots\' and unknown users\' presence, and users without data', async () => {
    await expectApiError(realm.clientFor('default-bot@zulip.com').presence.update({ status: 'active' }), bad('This endpoint does not accept bot requests.'));
    const hamlet = realm.clientFor(HAMLET);
    await expectApiError(hamlet.presence.update({ status: 'away' }), bad('Invalid status: away'));
    await expectApiError(hamlet.presence.get({ user_id_or_email: 'default-bot@zulip.com' }), bad('Presence is not supported for bot users.'));
    await expectApiError(hamlet.presence.get({ user_id_or_email: 'nobody@zulip.com' }), bad('No such user'));
    await expectApiError(hamlet.presence.get({ user_id_or_email: 'cordelia@zulip.com' }), bad('No presence data for cordelia@zulip.com'));
    // Only active users are looked up: a deactivated one with presence data is unknown.
    await realm.clientFor('othello@zulip.com').presence.update({ status: 'active' });
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId('othello@zulip.com') });
    await expectApiError(hamlet.presence.get({ user_id_or_email: String(realm.userId('othello@zulip.com')) }), bad('No such user'));
  });

  it('a user who was never active counts as active when they joined: a first idle report soon after joining is active', async () => {
    // The realm's users joined when it was made, at the clock's start; no report has come since.
    const joined = Math.floor(realm.clock.now() / 1000);
    const othello = realm.clientFor('othello@zulip.com');
    const queue = await othello.events.register({ event_types: ['presence'] });
    realm.clock.set((joined + 10) * 1000);
    await realm.clientFor(HAMLET).presence.update({ status: 'idle' });
    const active = { status: 'active', timestamp: joined };
    expect((await othello.presence.get({ user_id_or_email: HAMLET })).presence).toEqual({ aggregated: active, website: active });
    expect((await othello.presence.list()).presences[HAMLET]).toEqual({
      aggregated: { client: 'website', ...active },
      website: { client: 'website', ...active, pushable: false },
    });
    const slim = await othello.events.register({ event_types: ['presence'], slim_presence: true });
    expect(slim.presences).toEqual({ [String(realm.userId(HAMLET))]: { active_timestamp: joined, idle_timestamp: joined + 10 } });
    const { events } = await othello.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(events).toMatchObject([{ type: 'presence', user_id: realm.userId(HAMLET), presence: { website: { client: 'website', ...active, pushable: false } } }]);
    // More than 70 s after joining, a first idle report is idle.
    realm.clock.set((joined + 71) * 1000);
    await realm.clientFor('cordelia@zulip.com').presence.update({ status: 'idle' });
    const idle = { status: 'idle', timestamp: joined + 71 };
    expect((await othello.presence.get({ user_id_or_email: 'cordelia@zulip.com' })).presence).toEqual({ aggregated: idle, website: idle });
  });

  it('GET /users/{user}/presence looks users up by ID as Python\'s int() reads it, or by their API email only', async () => {
    const hamlet = realm.clientFor(HAMLET);
    await hamlet.presence.update({ status: 'active' });
    const now = Math.floor(realm.clock.now() / 1000);
    const expected = { aggregated: { status: 'active', timestamp: now }, website: { status: 'active', timestamp: now } };
    const cordelia = realm.clientFor('cordelia@zulip.com');
    for (const id of ['+1004', ' 1004 ', '0001004', '1_004']) {
      expect((await cordelia.presence.get({ user_id_or_email: id.replace('1004', String(realm.userId(HAMLET))) })).presence).toEqual(expected);
    }
    await expectApiError(cordelia.presence.get({ user_id_or_email: `${realm.userId(HAMLET)}.0` }), bad('No such user'));
    // int() strips Unicode whitespace (U+0085) but not U+FEFF nor U+001C; the email is stripped as str.strip() does.
    expect((await cordelia.presence.get({ user_id_or_email: `\u0085${realm.userId(HAMLET)}` })).presence).toEqual(expected);
    await expectApiError(cordelia.presence.get({ user_id_or_email: `\ufeff${realm.userId(HAMLET)}` }), bad('No such user'));
    await expectApiError(cordelia.presence.get({ user_id_or_email: `\u001c${realm.userId(HAMLET)}` }), bad('No such user'));
    expect((await cordelia.presence.get({ user_id_or_email: `\u001c${HAMLET}` })).presence).toEqual(expected);
    await expectApiError(cordelia.presence.get({ user_id_or_email: `\ufeff${HAMLET}` }), bad('No such user'));
    // Hiding his address: the API email is the placeholder, and the real one finds no one, even for an administrator.
    await hamlet.settings.update({ email_address_visibility: 2 });
    const placeholder = (await realm.clientFor('iago@zulip.com').users.get({ user_id: realm.userId(HAMLET) })).user.email;
    expect(placeholder).not.toBe(HAMLET);
    expect((await cordelia.presence.get({ user_id_or_email: placeholder.toUpperCase() })).presence).toEqual(expected);
    await expectApiError(cordelia.presence.get({ user_id_or_email: HAMLET }), bad('No such user'));
    await expectApiError(realm.clientFor('iago@zulip.com').presence.get({ user_id_or_email: HAMLET }), bad('No such user'));
  });

  it('turning presence off backdates a current presence so the user shows offline, and tells everyone; turning it on makes them active', async () => {
    realm.clock.set(START);
    const hamlet = realm.clientFor(HAMLET);
    const othello = realm.clientFor('othello@zulip.com');
    await hamlet.presence.update({ status: 'active' });
    const queue = await othello.events.register({ event_types: ['presence'] });
    realm.clock.set(START + 10_000);
    await hamlet.settings.update({ presence_enabled: false });
    const shown = async () => (await othello.presence.list()).presences[HAMLET]?.aggregated;
    // 265 s before the change, earlier than the 200 s after which a user is offline.
    expect(await shown()).toEqual({ client: 'website', status: 'active', timestamp: START / 1000 + 10 - 265 });
    realm.clock.set(START + 20_000);
    await hamlet.settings.update({ presence_enabled: true });
    expect(await shown()).toEqual({ client: 'website', status: 'active', timestamp: START / 1000 + 20 });
    const { events } = await othello.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(events.map((event) => event.type)).toEqual(['presence', 'presence']);
  });

  it('a user with presence_enabled off stores nothing', async () => {
    const hamlet = realm.clientFor(HAMLET);
    await hamlet.settings.update({ presence_enabled: false });
    await hamlet.presence.update({ status: 'active', ping_only: true });
    expect((await realm.clientFor('othello@zulip.com').presence.list()).presences).toEqual({});
  });
});

describe('presence events', () => {
  const MODERN_PRESENCE = { notification_settings_null: true, simplified_presence_events: true };

  it('with simplified_presence_events the state is the modern one, by user ID, even without slim_presence', async () => {
    realm.clock.set(START);
    await realm.clientFor(HAMLET).presence.update({ status: 'active', ping_only: true });
    const othello = realm.clientFor('othello@zulip.com');
    const modern = await othello.events.register({ event_types: ['presence'], slim_presence: false, client_capabilities: MODERN_PRESENCE });
    const slim = await othello.events.register({ event_types: ['presence'], slim_presence: true });
    expect(modern.presences).toEqual(slim.presences);
    expect(modern.presences).toEqual({ [String(realm.userId(HAMLET))]: { active_timestamp: START / 1000, idle_timestamp: START / 1000 } });
  });

  async function registerAll() {
    const othello = realm.clientFor('othello@zulip.com');
    const legacy = await othello.events.register({ event_types: ['presence'] });
    const modern = await othello.events.register({ event_types: ['presence'], client_capabilities: MODERN_PRESENCE });
    return { othello, legacy, modern };
  }

  async function eventsOf(queue: { queue_id?: string | null | undefined; last_event_id: number }) {
    const { events } = await realm.clientFor('othello@zulip.com').events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    return events;
  }

  it('the first report and coming online after 130 s are announced; ordinary pings are not; state + events == a fresh state', async () => {
    realm.clock.set(START);
    const { othello, legacy, modern } = await registerAll();
    const hamlet = realm.clientFor(HAMLET);
    const id = realm.userId(HAMLET);
    await hamlet.presence.update({ status: 'active', ping_only: true });
    const legacyEvents = await eventsOf(legacy);
    expect(legacyEvents).toEqual([
      {
        id: expect.any(Number),
        type: 'presence',
        user_id: id,
        email: HAMLET,
        server_timestamp: START / 1000,
        presence: { website: { client: 'website', status: 'active', timestamp: START / 1000, pushable: false } },
      },
    ]);
    expect(await eventsOf(modern)).toEqual([{ id: expect.any(Number), type: 'presence', presences: { [String(id)]: { active_timestamp: START / 1000, idle_timestamp: START / 1000 } } }]);
    // The states with the events applied equal fresh ones.
    let state = legacy;
    for (const event of legacyEvents) state = applyEvent(state, parseEvent(event) ?? (event as never));
    const fresh = await othello.events.register({ event_types: ['presence'] });
    expect(state.presences).toEqual(fresh.presences);
    let slim = modern;
    for (const event of await eventsOf(modern)) slim = applyEvent(slim, parseEvent(event) ?? (event as never));
    const freshSlim = await othello.events.register({ event_types: ['presence'], client_capabilities: MODERN_PRESENCE });
    expect(slim.presences).toEqual(freshSlim.presences);
    // A ping a minute later moves the times but announces nothing.
    const quiet = await othello.events.register({ event_types: ['presence'] });
    realm.clock.set(START + 60_000);
    await hamlet.presence.update({ status: 'active', ping_only: true });
    expect(await eventsOf(quiet)).toEqual([]);
    realm.clock.set(START + 60_000 + 131_000);
    const back = await othello.events.register({ event_types: ['presence'] });
    await hamlet.presence.update({ status: 'active', ping_only: true });
    expect(await eventsOf(back)).toMatchObject([{ type: 'presence', user_id: id, presence: { website: { status: 'active', timestamp: START / 1000 + 191 } } }]);
  });
  // The regression: a slim queue's legacy events (no email) were skipped, leaving the state stale.
  it("a slim queue's legacy events (no email) rewrite the modern entry by user ID; state + events == a fresh state", async () => {
    realm.clock.set(START);
    const othello = realm.clientFor('othello@zulip.com');
    const register = { event_types: ['presence', 'realm_user'], slim_presence: true };
    const queue = await othello.events.register(register);
    const hamlet = realm.clientFor(HAMLET);
    await hamlet.presence.update({ status: 'active', ping_only: true });
    // A first report that is idle: the active time is the join date (the previous entry's, else the user's).
    await realm.clientFor('cordelia@zulip.com').presence.update({ status: 'idle', ping_only: true });
    realm.clock.set(START + 200_000);
    await hamlet.presence.update({ status: 'active', ping_only: true });
    const events = await eventsOf(queue);
    expect(events.map((event) => [event.type, 'email' in event])).toEqual([['presence', false], ['presence', false], ['presence', false]]);
    let state = queue;
    for (const event of events) state = applyEvent(state, parseEvent(event) ?? (event as never));
    const fresh = await othello.events.register(register);
    expect(state.presences).toEqual(fresh.presences);
    expect(state.presences?.[String(realm.userId(HAMLET))]).toEqual({ active_timestamp: START / 1000 + 200, idle_timestamp: START / 1000 + 200 });
  });

  it("a new API email (hidden or shown address) moves the legacy entry to it: the server sends no presence event, a fresh state keys it so", async () => {
    realm.clock.set(START);
    const hamlet = realm.clientFor(HAMLET);
    await hamlet.presence.update({ status: 'active', ping_only: true });
    const othello = realm.clientFor('othello@zulip.com');
    const register = { event_types: ['presence', 'realm_user'], slim_presence: false };
    const placeholder = `user${realm.userId(HAMLET)}@zulip.testserver`;
    for (const [visibility, email] of [[3, placeholder], [1, HAMLET]] as const) {
      const events = await verifyAction(othello, () => hamlet.settings.update({ email_address_visibility: visibility }), register);
      expect(events).toContainEqual(expect.objectContaining({ type: 'realm_user', op: 'update', person: { user_id: realm.userId(HAMLET), new_email: email } }));
      expect(Object.keys((await othello.events.register(register)).presences ?? {})).toEqual([email]);
    }
  });
});
