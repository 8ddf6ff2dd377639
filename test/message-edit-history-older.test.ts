import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';

const HAMLET = 'hamlet@zulip.com';

/** The `edit_history` of a message moved to another topic, then to another channel, as `GET /messages` and `GET /messages/{id}` give it at `level`. */
async function editHistoryAt(level: number) {
  const mock = createMockServer({ featureLevel: level });
  const hamlet = mock.clientFor(HAMLET, { validate: 'off' });
  await hamlet.subscriptions.add({ subscriptions: [{ name: 'elsewhere' }] });
  const { id } = await hamlet.messages.send({ type: 'stream', to: 'Verona', topic: 'before', content: 'moving' });
  await hamlet.messages.update({ message_id: id, topic: 'after' });
  await hamlet.messages.update({ message_id: id, stream_id: mock.store.channelByName('elsewhere')!.id });
  const listed = (await hamlet.messages.list({ anchor: id, num_before: 0, num_after: 0 })).messages[0]!;
  return { verona: mock.store.channelByName('Verona')!.id, listed: listed.edit_history, fetched: level >= 120 ? (await hamlet.messages.get({ message_id: id })).message.edit_history : undefined };
}

describe('message edit_history before feature level 118', () => {
  it('at 117 a topic edit names the old topic prev_subject, without topic, and a move has prev_stream alone (MessageDict before 072051f81e)', async () => {
    const { verona, listed } = await editHistoryAt(117);
    expect(listed?.map((entry) => Object.keys(entry).sort())).toEqual([
      ['prev_stream', 'timestamp', 'user_id'],
      ['prev_subject', 'timestamp', 'user_id'],
    ]);
    expect(listed).toMatchObject([{ prev_stream: verona }, { prev_subject: 'before' }]);
  });

  it('from 118 prev_topic and topic, prev_stream and stream (the changelog\'s 118)', async () => {
    const { verona, listed, fetched } = await editHistoryAt(120);
    for (const history of [listed, fetched]) {
      expect(history).toMatchObject([{ prev_stream: verona, stream: expect.any(Number) }, { prev_topic: 'before', topic: 'after' }]);
      expect(history?.some((entry) => 'prev_subject' in entry)).toBe(false);
    }
  });
});
