import { describe, expect, it } from 'vitest';
import { createMockServer, ManualClock } from '../mock/index';
import { setupMockServer } from '../mock/runtimes/node';

describe('mock.reset()', () => {
  it('puts the realm back as its seed built it, in place', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const mock = createMockServer({ clock });
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const seededMessages = mock.store.tables.message.all().length;
    const before = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'before', content: 'gone after reset' });
    await hamlet.settings.update({ twenty_four_hour_time: true });
    await hamlet.alertWords.add({ alert_words: ['deploy'] });
    mock.faults.inject({ kind: 'status', status: 503, operation: 'get-own-user', times: 5 });
    clock.advance(60_000);
    mock.reset();
    expect(mock.store.tables.message.all()).toHaveLength(seededMessages);
    expect(mock.journal.entries).toEqual([]);
    expect(mock.faults.hits).toBe(0);
    expect(await hamlet.alertWords.list()).toEqual({ alert_words: [] });
    const { user_settings } = await hamlet.events.register({ event_types: ['user_settings'] });
    expect(user_settings).toMatchObject({ twenty_four_hour_time: false });
    expect((await hamlet.users.me()).email).toBe('hamlet@zulip.com');
    // IDs start again as the seed left them: a run after reset repeats the run before it.
    expect((await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'after', content: 'again' })).id).toBe(before.id);
    // The clock is the caller's, and keeps its time.
    expect(mock.clock).toBe(clock);
    expect(clock.now()).toBe(Date.UTC(2026, 0, 1) + 60_000);
  });

  it('answers a waiting long-poll with no events; the old queue is then unknown', async () => {
    const mock = createMockServer();
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const { queue_id, last_event_id } = await hamlet.events.register({ event_types: ['message'] });
    const waiting = hamlet.events.get({ queue_id: queue_id ?? '', last_event_id });
    await new Promise((resolve) => setTimeout(resolve, 20));
    mock.reset();
    expect((await waiting).events).toEqual([]);
    await expect(hamlet.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true })).rejects.toMatchObject({
      code: 'BAD_EVENT_QUEUE_ID',
    });
  });

  it("an events.stream left waiting across a reset registers again in the reset realm, where mock.journal shows it (docs/testing.md)", async () => {
    const mock = createMockServer();
    const stream = mock.clientFor('hamlet@zulip.com').events.stream({ event_types: ['message'] });
    await stream.next();
    const left = stream.next();
    while (!mock.state.events.queues().some((queue) => queue.isWaiting)) await new Promise((resolve) => setTimeout(resolve, 5));
    mock.reset();
    expect((await left).value).toMatchObject({ type: 'registered', reason: 'queue_lost' });
    // The poll the reset answered with no events, the next one refused, the registration.
    expect(mock.journal.entries.map((entry) => [entry.operation, entry.code])).toEqual([
      ['get-events', undefined],
      ['get-events', 'BAD_EVENT_QUEUE_ID'],
      ['register-queue', undefined],
    ]);
    await stream.return(undefined);
  });

  it('keeps working through setupMockServer, whose store is the new one after a reset', async () => {
    const mock = setupMockServer({ baseUrl: 'http://reset.test' });
    const before = mock.store;
    mock.reset();
    expect(mock.store).not.toBe(before);
    expect(mock.store.userByDeliveryEmail('iago@zulip.com')).toBeDefined();
  });
});
