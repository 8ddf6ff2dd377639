import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { verifyAction } from './support/verify-action';

const HAMLET = 'hamlet@zulip.com';

/**
 * The `messages` of hamlet's answers and `update_message_flags` events when he marks a new message
 * read twice, then starred twice, at `level` (the queue merges undelivered events of one flag and
 * operation, as the server's does).
 */
async function flagUpdatesAt(level: number) {
  const mock = createMockServer({ featureLevel: level });
  const hamlet = mock.clientFor(HAMLET, { validate: 'off' });
  const queue = await hamlet.events.register({ event_types: ['update_message_flags'] });
  const { id } = await mock.clientFor('othello@zulip.com').messages.send({ type: 'stream', to: 'Verona', topic: 'flags', content: 'mark me' });
  const answers: number[][] = [];
  for (const flag of ['read', 'read', 'starred', 'starred'] as const) answers.push((await hamlet.flags.update({ messages: [id, id], op: 'add', flag })).messages);
  const { events } = await hamlet.events.get({ queue_id: queue.queue_id!, last_event_id: queue.last_event_id, dont_block: true });
  return { id, answers, events: events.map((event) => (event as unknown as { messages: number[] }).messages) };
}

describe('update_message_flags before feature level 155', () => {
  it('at 154 a flag already set still lists the message in the event, as often as the request does (do_update_message_flags before 5d0711df6d)', async () => {
    const { id, answers, events } = await flagUpdatesAt(154);
    // The spec's answer: the IDs modified.
    expect(answers).toEqual([[id], [], [id], []]);
    expect(events).toEqual([[id, id, id, id], [id, id, id, id]]);
  });

  it("from 155 only the messages whose flag changed (the changelog's 155)", async () => {
    const { id, answers, events } = await flagUpdatesAt(155);
    expect(answers).toEqual([[id], [], [id], []]);
    expect(events).toEqual([[id, id], [id, id]]);
  });

  it('at 154 the SDK reducer takes the events of flags already set, read and unread (acceptance test)', async () => {
    const mock = createMockServer({ featureLevel: 154 });
    const hamlet = mock.clientFor(HAMLET);
    const { id } = await mock.clientFor('othello@zulip.com').messages.send({ type: 'stream', to: 'Verona', topic: 'flags', content: 'unread twice' });
    for (const op of ['remove', 'remove', 'add', 'add'] as const) {
      await verifyAction(hamlet, () => hamlet.flags.update({ messages: [id], op, flag: 'read' }), { event_types: ['message', 'update_message_flags'] });
    }
  });
});
