import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

describe('subscriber_count (feature level 394)', () => {
  it('counts the active users subscribed, in channel and subscription objects alike', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const scotland = realm.channelId('Scotland');
    const count = async () => (await iago.channels.get({ stream_id: scotland })).stream.subscriber_count;
    const subscribers = (await iago.channels.subscribers({ stream_id: scotland })).subscribers;
    expect(await count()).toBe(subscribers.length);
    const subscription = (await iago.subscriptions.list()).subscriptions.find((entry) => entry.stream_id === scotland);
    expect(subscription?.subscriber_count).toBe(subscribers.length);

    await iago.subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: [realm.userId('cordelia@zulip.com')] });
    expect(await count()).toBe(subscribers.length + 1);
    // A deactivated user leaves the count and comes back into it when reactivated.
    await iago.users.deactivate({ user_id: realm.userId('cordelia@zulip.com') });
    expect(await count()).toBe(subscribers.length);
    await iago.users.reactivate({ user_id: realm.userId('cordelia@zulip.com') });
    expect(await count()).toBe(subscribers.length + 1);
  });

  it('counts a channel whose only subscriber is deactivated as empty, however many others are deactivated', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'lonely' }], principals: [realm.userId('cordelia@zulip.com')] });
    await iago.subscriptions.remove({ subscriptions: ['lonely'] });
    const stream_id = realm.channelId('lonely');
    const count = async () => (await iago.channels.get({ stream_id })).stream.subscriber_count;
    expect(await count()).toBe(1);
    await iago.users.deactivate({ user_id: realm.userId('hamlet@zulip.com') });
    await iago.users.deactivate({ user_id: realm.userId('cordelia@zulip.com') });
    expect(await count()).toBe(0);
  });

  it('is in every channel list of the registration, and events leave it as the server’s reducer does', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const state = await othello.events.register({ event_types: ['subscription', 'stream'], include_subscribers: true });
    for (const section of [state.subscriptions, state.unsubscribed, state.never_subscribed, state.streams]) {
      for (const channel of section ?? []) expect(channel.subscriber_count, channel.name).toEqual(expect.any(Number));
    }
    await verifyAction(othello, () => realm.clientFor('iago@zulip.com').subscriptions.add({ subscriptions: [{ name: 'Denmark' }], principals: [realm.userId('cordelia@zulip.com')] }), {
      event_types: ['subscription', 'stream'],
      include_subscribers: true,
    });
  });

  it('is absent below level 394, as is max_bulk_new_subscription_messages below 397', async () => {
    const older = createMockServer({ featureLevel: 393 });
    const state = await older.clientFor('iago@zulip.com').events.register({ event_types: ['subscription', 'realm'] });
    expect(state.subscriptions?.[0]).not.toHaveProperty('subscriber_count');
    expect(state).not.toHaveProperty('max_bulk_new_subscription_messages');
    const current = await realm.clientFor('iago@zulip.com').events.register({ event_types: ['realm'] });
    expect(current.max_bulk_new_subscription_messages).toBe(100);
  });
});
