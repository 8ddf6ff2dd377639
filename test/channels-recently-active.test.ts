import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const DAY_MS = 86_400_000;

/** What the server's daily job does to a channel with no message in the last 180 days. */
function markInactive(name: string): number {
  const id = realm.channelId(name);
  realm.mock.store.tables.channel.update(id, { is_recently_active: false });
  return id;
}

async function isRecentlyActive(streamId: number): Promise<boolean | undefined> {
  const { stream } = await realm.clientFor('iago@zulip.com').channels.get({ stream_id: streamId });
  return stream.is_recently_active;
}

// zerver/actions/message_edit.py (do_update_message, the end) and message_send.py (do_send_messages).
describe('an inactive channel becomes active again', () => {
  it('when a recent message is moved into it (test_move_message_update_stream_active_status)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'test', content: 'First' });
    const denmark = markInactive('Denmark');
    const events = await verifyAction(iago, () =>
      iago.messages.update({ message_id: id, stream_id: denmark, propagate_mode: 'change_later', send_notification_to_new_thread: false }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'stream', op: 'update', stream_id: denmark, name: 'Denmark', property: 'is_recently_active', value: true }),
    );
    expect(await isRecentlyActive(denmark)).toBe(true);
  });

  it('a private one: the event goes to the users who see it (test_move_message_update_private_stream_active_status)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id: secret } = await iago.channels.create({ name: 'secret', subscribers: [realm.userId('iago@zulip.com')], invite_only: true });
    realm.mock.store.tables.channel.update(secret, { is_recently_active: false });
    const { id } = await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'test', content: 'First' });
    const queues = await Promise.all(
      ['desdemona', 'iago', 'hamlet', 'shiva'].map(async (name) => {
        const client = realm.clientFor(`${name}@zulip.com`);
        const { queue_id, last_event_id } = await client.events.register({ event_types: ['stream'] });
        return { name, client, queue_id, last_event_id };
      }),
    );
    await iago.messages.update({ message_id: id, stream_id: secret, propagate_mode: 'change_later', send_notification_to_new_thread: false });
    const told: string[] = [];
    for (const { name, client, queue_id, last_event_id } of queues) {
      const { events } = await client.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true });
      if (events.some((event) => event.type === 'stream')) told.push(name);
    }
    expect(told).toEqual(['desdemona', 'iago']);
  });

  it('but not when only messages older than 180 days are moved into it', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'old', content: 'Long ago' });
    realm.clock.advance(181 * DAY_MS);
    const denmark = markInactive('Denmark');
    // Denmark's seeded messages are as old now.
    await iago.messages.update({ message_id: id, stream_id: denmark, propagate_mode: 'change_all', send_notification_to_new_thread: false });
    expect(await isRecentlyActive(denmark)).toBe(false);
  });

  it('when a message is sent to it, the stream event after the topic policy ones and before the message event', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const denmark = markInactive('Denmark');
    const events = await verifyAction(iago, () => iago.messages.send({ type: 'stream', to: 'Denmark', topic: 'back', content: 'Hello again' }));
    // Starting the topic follows it automatically (user_topic): the server sends that first.
    expect(events.map((event) => (event?.type === 'stream' ? `stream ${String(event.property)}` : event?.type))).toEqual([
      'muted_topics',
      'user_topic',
      'stream is_recently_active',
      'message',
    ]);
    expect(await isRecentlyActive(denmark)).toBe(true);
  });
});
