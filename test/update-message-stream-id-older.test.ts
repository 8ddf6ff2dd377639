import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';

const HAMLET = 'hamlet@zulip.com';

/** Whether the `update_message` events of a content edit, then a topic edit, of a channel message name its `stream_id`, at `level`. */
async function streamIdsAt(level: number): Promise<boolean[]> {
  const mock = createMockServer({ featureLevel: level });
  const hamlet = mock.clientFor(HAMLET, { validate: 'off' });
  const queue = await hamlet.events.register({ event_types: ['update_message'] });
  const { id } = await hamlet.messages.send({ type: 'stream', to: 'Verona', topic: 'edits', content: 'first' });
  await hamlet.messages.update({ message_id: id, content: 'second' });
  await hamlet.messages.update({ message_id: id, topic: 'moved' });
  const { events } = await hamlet.events.get({ queue_id: queue.queue_id!, last_event_id: queue.last_event_id, dont_block: true });
  const verona = mock.store.channelByName('Verona')!.id;
  return (events as unknown as Record<string, unknown>[]).map((event) => {
    if ('stream_id' in event) expect(event['stream_id']).toBe(verona);
    return 'stream_id' in event;
  });
}

describe('update_message stream_id before feature level 112', () => {
  it('at 111 only an edit of the topic or channel names the stream_id (do_update_message before 3b72da8a7c)', async () => {
    expect(await streamIdsAt(111)).toEqual([false, true]);
  });

  it("from 112 every edit of a channel message does (the changelog's 112)", async () => {
    expect(await streamIdsAt(112)).toEqual([true, true]);
  });
});
