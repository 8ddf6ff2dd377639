import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { verifyAction } from './support/verify-action';

const HAMLET = 'hamlet@zulip.com';

/** The types of the events hamlet's queue (registered with `eventTypes`, or for everything) gets for `act`, at `level`. */
async function eventTypesAt(level: number, act: (mock: ReturnType<typeof createMockServer>) => Promise<unknown>, eventTypes?: string[]) {
  const mock = createMockServer({ featureLevel: level });
  const hamlet = mock.clientFor(HAMLET, { validate: 'off' });
  const queue = await hamlet.events.register(eventTypes ? { event_types: eventTypes } : {});
  await act(mock);
  const { events } = await hamlet.events.get({ queue_id: queue.queue_id!, last_event_id: queue.last_event_id, dont_block: true });
  return events.map((event) => event.type);
}

const changeSettings = (mock: ReturnType<typeof createMockServer>) => mock.clientFor(HAMLET).settings.update({ left_side_userlist: true, enable_sounds: false });
const muteTopic = (mock: ReturnType<typeof createMockServer>) =>
  mock.clientFor(HAMLET).topics.muteLegacy({ stream_id: mock.store.channelByName('Verona')!.id, topic: 'noise', op: 'add' });

describe('event kinds newer than the level are not sent', () => {
  it('below 89 a personal setting changes by update_display_settings or update_global_notifications alone; user_settings from 89 (the changelog\'s 89)', async () => {
    expect(await eventTypesAt(88, changeSettings)).toEqual(['update_display_settings', 'update_global_notifications']);
    expect(await eventTypesAt(89, changeSettings)).toEqual(['user_settings', 'update_display_settings', 'user_settings', 'update_global_notifications']);
  });

  it("below 134 muting a topic sends muted_topics alone, even to a queue that names user_topic; user_topic from 134 (the changelog's 134)", async () => {
    expect(await eventTypesAt(133, muteTopic)).toEqual(['muted_topics']);
    expect(await eventTypesAt(133, muteTopic, ['muted_topics', 'user_topic'])).toEqual(['muted_topics']);
    expect(await eventTypesAt(134, muteTopic)).toEqual(['muted_topics', 'user_topic']);
    expect(await eventTypesAt(134, muteTopic, ['muted_topics', 'user_topic'])).toEqual(['user_topic']);
  });

  it("below 139 muting a channel sends its subscription update of in_home_view alone; of is_muted too from 139 (do_change_subscription_property before 885c3d6593)", async () => {
    const muteChannel = (mock: ReturnType<typeof createMockServer>) =>
      mock.clientFor(HAMLET).subscriptions.updateSettings({ subscription_data: [{ stream_id: mock.store.channelByName('Verona')!.id, property: 'is_muted', value: true }] });
    for (const [level, properties] of [[138, ['in_home_view']], [139, ['in_home_view', 'is_muted']]] as const) {
      const mock = createMockServer({ featureLevel: level });
      const hamlet = mock.clientFor(HAMLET, { validate: 'off' });
      const queue = await hamlet.events.register({ event_types: ['subscription'] });
      await muteChannel(mock);
      const { events } = await hamlet.events.get({ queue_id: queue.queue_id!, last_event_id: queue.last_event_id, dont_block: true });
      expect(events.map((event) => (event as unknown as { property: string }).property), `level ${level}`).toEqual(properties);
    }
  });

  it('at 138 the SDK reducer reads the in_home_view update as the subscription\'s is_muted too (acceptance test)', async () => {
    const mock = createMockServer({ featureLevel: 138 });
    const events = await verifyAction(mock.clientFor(HAMLET), () =>
      mock.clientFor(HAMLET).subscriptions.updateSettings({ subscription_data: [{ stream_id: mock.store.channelByName('Verona')!.id, property: 'is_muted', value: true }] }),
      { event_types: ['subscription'] },
    );
    expect(events.map((event) => event?.type === 'subscription' && event.op === 'update' && event.property)).toEqual(['in_home_view']);
  });

  it("below 134 register's muted_topics is there whether or not user_topic is asked for (fetch_initial_state_data before 134)", async () => {
    for (const [level, listed] of [[133, true], [134, false]] as const) {
      const state = await createMockServer({ featureLevel: level }).clientFor(HAMLET, { validate: 'off' }).events.register({ fetch_event_types: ['muted_topics', 'user_topic'] });
      expect('muted_topics' in state, `level ${level}`).toBe(listed);
    }
  });
});
