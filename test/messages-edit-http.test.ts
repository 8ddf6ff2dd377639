import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('editing over real HTTP', () => {
  it('edits, moves and reads the history through the standalone server', async () => {
    const hamlet = http.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 'over http', content: 'one' });
    await hamlet.messages.update({ message_id: id, content: 'two' });
    await hamlet.messages.update({ message_id: id, topic: 'moved over http', propagate_mode: 'change_all' });
    const { message_history } = await hamlet.messages.history({ message_id: id });
    expect(message_history.map((snapshot) => [snapshot.topic, snapshot.content])).toEqual([
      ['over http', 'one'],
      ['over http', 'two'],
      ['moved over http', 'two'],
    ]);
    await expectApiError(http.clientFor('iago@zulip.com').messages.update({ message_id: id, content: 'three' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: "You don't have permission to edit this message",
    });
  });
});
