import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const IAGO = 'iago@zulip.com';
const OTHELLO = 'othello@zulip.com';

/** Whether the user holds a copy (a UserMessage row) of the message. */
const hasCopy = (email: string, messageId: number) => realm.mock.store.userMessages.has(realm.userId(email), messageId);

describe('deactivated subscribers get no copy of channel messages', () => {
  it('a message sent while a subscriber is deactivated stays out of their history and unreads after reactivation', async () => {
    const iago = realm.clientFor(IAGO);
    const othello = realm.userId(OTHELLO);
    await iago.subscriptions.add({
      subscriptions: [{ name: 'secret' }],
      principals: [realm.userId(IAGO), othello],
      invite_only: true,
      history_public_to_subscribers: false,
    });
    await iago.users.deactivate({ user_id: othello });
    let sent = { id: 0 };
    await verifyAction(iago, async () => {
      sent = await iago.messages.send({ type: 'channel', to: 'secret', topic: 't', content: 'while you were away @**all**' });
    });
    expect(hasCopy(OTHELLO, sent.id)).toBe(false);
    expect(hasCopy(IAGO, sent.id)).toBe(true);

    await iago.users.reactivate({ user_id: othello });
    const client = realm.clientFor(OTHELLO);
    const { messages } = await client.messages.list({ anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'channel', operand: 'secret' }] });
    expect(messages.map((message) => message.id)).not.toContain(sent.id);
    const state = await client.events.register({ fetch_event_types: ['message', 'update_message_flags'] });
    expect(JSON.stringify(state.unread_msgs)).not.toContain(String(sent.id));
  });

  it('a public channel message skips the deactivated subscriber too', async () => {
    const iago = realm.clientFor(IAGO);
    await iago.users.deactivate({ user_id: realm.userId(OTHELLO) });
    const { id } = await realm.clientFor('hamlet@zulip.com').messages.send({ type: 'channel', to: 'Denmark', topic: 't', content: 'hi' });
    expect(realm.mock.store.isSubscribed(realm.userId(OTHELLO), realm.channelId('Denmark'))).toBe(true);
    expect(hasCopy(OTHELLO, id)).toBe(false);
  });
});
