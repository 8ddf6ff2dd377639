import { userTopicKey } from '../../mock/store/store';
import type { TestRealm } from './mock';

/**
 * Changes to a test realm that no implemented operation makes yet (subscribing, leaving,
 * muting), made through the store's tables as the seed loader does.
 */
export function realmSetup(realm: TestRealm) {
  const store = () => realm.mock.store;
  const subscriptionOf = (email: string, channel: string) =>
    store().subscription(realm.userId(email), realm.channelId(channel));
  return {
    /** Subscribes a user to a channel (again, if they had left it). */
    subscribe(email: string, channel: string): void {
      const existing = subscriptionOf(email, channel);
      if (existing) {
        store().tables.subscription.update(existing.id, { active: true });
        return;
      }
      store().tables.subscription.insert({
        id: store().ids.next('subscription'),
        user_id: realm.userId(email),
        channel_id: realm.channelId(channel),
        active: true,
        is_muted: false,
        color: '#76ce90',
      });
    },
    /** Makes a user's subscription inactive, as leaving a channel does. */
    unsubscribe(email: string, channel: string): void {
      const existing = subscriptionOf(email, channel);
      if (!existing) throw new Error(`${email} is not subscribed to ${channel}`);
      store().tables.subscription.update(existing.id, { active: false });
    },
    /** Mutes (or unmutes) a channel for a subscriber. */
    muteChannel(email: string, channel: string, muted = true): void {
      const existing = subscriptionOf(email, channel);
      if (!existing) throw new Error(`${email} is not subscribed to ${channel}`);
      store().tables.subscription.update(existing.id, { is_muted: muted });
    },
    /** Sets a user's visibility policy for a topic (1 muted, 2 unmuted, 3 followed). */
    setTopicPolicy(email: string, channel: string, topic: string, policy: 1 | 2 | 3): void {
      const userId = realm.userId(email);
      const channelId = realm.channelId(channel);
      const key = userTopicKey(userId, channelId, topic);
      const record = { visibility_policy: policy, last_updated: Math.floor(realm.clock.now() / 1000) };
      if (store().tables.userTopic.get(key)) store().tables.userTopic.update(key, record);
      else store().tables.userTopic.insert({ key, user_id: userId, channel_id: channelId, topic_name: topic, ...record });
    },
    /**
     * Subscribes `count` new members to a channel (`extra0@zulip.com`, ...), copies of Hamlet who
     * were never active: enough of them make it a large channel for `include_subscribers=partial`.
     */
    addSubscribers(channel: string, count: number): void {
      const template = store().tables.user.get(realm.userId('hamlet@zulip.com'));
      if (!template) throw new Error('the test realm has no hamlet@zulip.com');
      const channelId = realm.channelId(channel);
      for (let index = 0; index < count; index += 1) {
        const id = store().ids.next('user');
        const email = `extra${index}@zulip.com`;
        store().tables.user.insert({ ...template, id, email, delivery_email: email, api_key: `key${index}`.padEnd(32, 'x'), full_name: `Extra ${index}` });
        store().tables.subscription.insert({ id: store().ids.next('subscription'), user_id: id, channel_id: channelId, active: true, is_muted: false, color: '#76ce90' });
      }
    },
    /** The user's stored flags on a message (undefined without a copy). */
    flagsOf(email: string, messageId: number): string[] | undefined {
      return store().userMessages.flags(realm.userId(email), messageId);
    },
  };
}
