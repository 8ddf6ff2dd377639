import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { createMockServer, MOCK_ZULIP_VERSION } from '../mock/index';
import { type ChatEvent, parseEvent } from '../src/index';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const nowSeconds = () => Math.floor(realm.clock.now() / 1000);

describe('restarting the event system (mock.restart(), as a server upgrade does)', () => {
  it('keeps every queue and gives each a restart event, then web_reload_client', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { queue_id, last_event_id } = await hamlet.events.register({});
    realm.clock.advance(90_000);
    realm.mock.restart();
    const { events } = await hamlet.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true });
    expect(events).toEqual([
      {
        id: 0,
        type: 'restart',
        zulip_version: MOCK_ZULIP_VERSION,
        zulip_merge_base: MOCK_ZULIP_VERSION,
        zulip_feature_level: realm.mock.state.featureLevel,
        server_generation: nowSeconds(),
      },
      { id: 1, type: 'web_reload_client', immediate: false },
    ]);
    expect(events.map((event) => parseEvent(event)?.type)).toEqual(['restart', 'web_reload_client']);
  });

  it('reports the restart as server_generation to later registrations', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const before = (await hamlet.events.register({ event_types: ['realm'] })) as { server_generation?: number };
    realm.clock.advance(3_600_000);
    realm.mock.restart();
    const after = (await hamlet.events.register({ event_types: ['realm'] })) as { server_generation?: number };
    expect(after.server_generation).toBe(nowSeconds());
    expect(after.server_generation).toBeGreaterThan(before.server_generation ?? Number.POSITIVE_INFINITY);
  });

  it('initial state + the restart events == a fresh registration', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    realm.clock.advance(60_000);
    const events = await verifyAction(hamlet, async () => realm.mock.restart());
    expect(events.map((event) => event?.type)).toEqual(['restart', 'web_reload_client']);
  });

  it('follows each queue\'s event_types', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const messagesOnly = await hamlet.events.register({ event_types: ['message'] });
    const restartOnly = await hamlet.events.register({ event_types: ['restart'] });
    realm.mock.restart();
    const poll = (queue: { queue_id: string | null; last_event_id: number }) =>
      hamlet.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect((await poll(messagesOnly)).events).toEqual([]);
    expect((await poll(restartOnly)).events.map((event) => event.type)).toEqual(['restart']);
  });

  it('below feature level 240: restart carries immediate, and no web_reload_client follows', async () => {
    const mock = createMockServer({ featureLevel: 239, clock: new ManualClock() });
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const { queue_id, last_event_id } = await hamlet.events.register({});
    mock.restart();
    const { events } = await hamlet.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true });
    expect(events).toEqual([expect.objectContaining({ type: 'restart', zulip_feature_level: 239, immediate: false })]);
    expect(events.find((event) => event.type === 'web_reload_client')).toBeUndefined();
  });

  it('answers a waiting long-poll', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { queue_id, last_event_id } = await hamlet.events.register({ event_types: ['restart'] });
    const waiting = hamlet.events.get({ queue_id: queue_id ?? '', last_event_id });
    realm.mock.restart();
    expect((await waiting).events.map((event) => event.type)).toEqual(['restart']);
  });

  it('teaches a client the level the restarted server reports', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com', { featureLevel: 300 });
    const { queue_id, last_event_id } = await hamlet.events.register({ event_types: ['restart'] });
    // The registration reported the real level first: start again from a stale one.
    const stale = realm.clientFor('hamlet@zulip.com', { featureLevel: 300 });
    realm.mock.restart();
    await stale.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true });
    expect(stale.featureLevel).toBe(realm.mock.state.featureLevel);
  });

  it('reaches the event stream as a typed event, not as an unknown one', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const controller = new AbortController();
    const unknown: unknown[] = [];
    const seen: ChatEvent['type'][] = [];
    for await (const event of hamlet.events.stream({ event_types: ['restart', 'web_reload_client'], signal: controller.signal, onUnknownEvent: (raw) => unknown.push(raw) })) {
      if (event.type === 'registered') {
        realm.mock.restart();
        continue;
      }
      seen.push(event.type);
      if (event.type === 'restart') expect(event.zulip_feature_level).toBe(realm.mock.state.featureLevel);
      if (event.type === 'web_reload_client') controller.abort();
    }
    expect(seen).toEqual(['restart', 'web_reload_client']);
    expect(unknown).toEqual([]);
  });
});

describe('the reference\'s restart and web_reload_client events', () => {
  it('parse as typed events, an older server\'s immediate flag included', () => {
    const restart = { id: 0, server_generation: 1619334181, type: 'restart', zulip_feature_level: 57, zulip_version: '5.0-dev-1650-gc3fd37755f', zulip_merge_base: '5.0-dev-1646-gea6b21cd8c' };
    expect(parseEvent(restart)).toEqual(restart);
    expect(parseEvent({ ...restart, immediate: true })).toMatchObject({ type: 'restart', immediate: true });
    expect(parseEvent({ id: 0, type: 'web_reload_client', immediate: true })).toEqual({ id: 0, type: 'web_reload_client', immediate: true });
    expect(() => parseEvent({ id: 0, type: 'restart' })).toThrow();
  });
});
