import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createMockServer, ManualClock, OffsetClock } from '../mock/index';
import { setupMockWorker } from '../mock/runtimes/browser';
import { setupMockServer } from '../mock/runtimes/node';

describe('mock.clock', () => {
  it('by default follows real time until advance() or set() moves it, and the realm reads it', async () => {
    const mock = createMockServer();
    const before = Date.now();
    expect(mock.clock.now()).toBeGreaterThanOrEqual(before);
    mock.clock.advance(3_600_000);
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'later', content: 'an hour on' });
    const { message } = await hamlet.messages.get({ message_id: id });
    expect(message.timestamp * 1000).toBeGreaterThanOrEqual(before + 3_600_000 - 1000);
    mock.clock.set(Date.UTC(2030, 0, 1));
    expect(new Date(mock.clock.now()).getUTCFullYear()).toBe(2030);
    expect(() => mock.clock.advance(-1)).toThrow(RangeError);
  });

  it("the default clock reads Date.now(), so a runner's fake system time moves the realm too", async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T09:00:00Z'), toFake: ['Date'] });
    try {
      const mock = createMockServer();
      const hamlet = mock.clientFor('hamlet@zulip.com');
      const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'time', content: 'hi' });
      expect((await hamlet.messages.get({ message_id: id })).message.timestamp).toBe(Date.UTC(2030, 0, 1, 9) / 1000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('moving the default clock runs what fell due at once: a waiting long-poll gets the scheduled message', async () => {
    const mock = createMockServer();
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const { queue_id, last_event_id } = await hamlet.events.register({ event_types: ['message'] });
    const verona = mock.store.channelByName('Verona')?.id ?? 0;
    const deliverAt = Math.floor(mock.clock.now() / 1000) + 3600;
    await hamlet.scheduledMessages.create({ type: 'channel', to: verona, topic: 'later', content: 'an hour on', scheduled_delivery_timestamp: deliverAt });
    const waiting = hamlet.events.get({ queue_id: queue_id ?? '', last_event_id });
    // Let the request reach the queue and wait there (before it, the request would run the due jobs itself).
    await new Promise((resolve) => setTimeout(resolve, 200));
    mock.clock.advance(3_601_000);
    const answer = await Promise.race([waiting, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 2_000))]);
    expect(answer === 'still waiting' ? answer : answer.events.map((event) => event.type)).toEqual(['message']);
  });

  it('a job that fails after the clock moved is logged, not thrown at the code that moved it', () => {
    const errors: string[] = [];
    const clock = new OffsetClock();
    const mock = createMockServer({ clock, logger: { warn: () => undefined, error: (message) => errors.push(message) } });
    const store = mock.store;
    const pending = store.pendingScheduledMessageIds.bind(store);
    store.pendingScheduledMessageIds = () => {
      throw new Error('broken store');
    };
    expect(() => clock.advance(1_000)).not.toThrow();
    expect(errors).toEqual(['[teamchat-mock] a job due after the clock moved failed']);
    store.pendingScheduledMessageIds = pending;
  });

  it('takes the clock given in the options, typed as given', () => {
    const clock = new ManualClock(1_000);
    const mock = createMockServer({ clock });
    mock.clock.advance(500);
    expect(mock.clock.now()).toBe(1_500);
  });

  it('setupMockServer and setupMockWorker type their clock as createMockServer does, so a test can move it', () => {
    // They answered MockServer<Clock>, whose clock has no advance(): `mock.clock.advance(ms)`, as
    // the guides write it, did not compile with either.
    const mock = setupMockServer();
    mock.clock.advance(60_000);
    expect(mock.clock.now()).toBeGreaterThanOrEqual(Date.now() + 59_000);
    expectTypeOf(mock.clock).toEqualTypeOf<OffsetClock>();
    const manual = setupMockServer({ clock: new ManualClock(1_000) });
    manual.clock.advance(500);
    expect(manual.clock.now()).toBe(1_500);
    // Type-checked only: MSW's setupWorker needs a browser (test/browser.test.ts runs it there).
    const inBrowser = () => setupMockWorker().clock;
    expectTypeOf(inBrowser).returns.toEqualTypeOf<OffsetClock>();
  });
});
