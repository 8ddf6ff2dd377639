import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const quietly = { send_notification_to_old_thread: false, send_notification_to_new_thread: false } as const;

// Initial state + events == a fresh registration, for moves of unread messages: verifyAction's
// comparison is each test's assertion.
describe('unread messages moved between channels (applyEvent against a fresh register)', () => {
  it('moved into a public channel the user is not subscribed to: the user loses them', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'Pub' }], principals: ['iago@zulip.com', 'othello@zulip.com'] });
    const { stream_id: pub } = await iago.channels.getId({ stream: 'Pub' });
    const othello = realm.clientFor('othello@zulip.com');
    const { id } = await othello.messages.send({ type: 'channel', to: 'Denmark', topic: 'mv', content: 'moving soon' });
    // A later message keeps max_message_id as it was: the reducer cannot lower it (documented).
    await othello.messages.send({ type: 'channel', to: 'Denmark', topic: 'stays', content: 'staying' });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () => iago.messages.update({ message_id: id, stream_id: pub, propagate_mode: 'change_all', ...quietly }));
    expect(events.map((event) => event?.type)).toContain('update_message');
  });

  it('a channel-only move of one message names its new bucket after the message\'s own topic', async () => {
    await realm.clientFor('hamlet@zulip.com').flags.markAllAsRead();
    const othello = realm.clientFor('othello@zulip.com');
    await othello.messages.send({ type: 'channel', to: 'Denmark', topic: 'Case', content: 'first' });
    const { id } = await othello.messages.send({ type: 'channel', to: 'Denmark', topic: 'case', content: 'second' });
    const { stream_id: scotland } = await othello.channels.getId({ stream: 'Scotland' });
    const iago = realm.clientFor('iago@zulip.com');
    await verifyAction(realm.clientFor('hamlet@zulip.com'), () =>
      iago.messages.update({ message_id: id, stream_id: scotland, propagate_mode: 'change_one', ...quietly }),
    );
  });

  it('moved out of a channel the user left into one they are in: the unread message comes back', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const { id } = await othello.messages.send({ type: 'channel', to: 'Scotland', topic: 'away', content: 'unread, then hidden' });
    await othello.messages.send({ type: 'channel', to: 'Verona', topic: 'stays', content: 'newest' });
    await hamlet.subscriptions.remove({ subscriptions: ['Scotland'] });
    const { stream_id: verona } = await othello.channels.getId({ stream: 'Verona' });
    await verifyAction(hamlet, () =>
      realm.clientFor('iago@zulip.com').messages.update({ message_id: id, stream_id: verona, topic: 'back', propagate_mode: 'change_one', ...quietly }),
    );
  });
});
