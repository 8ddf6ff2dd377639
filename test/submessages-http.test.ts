import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('submessages over real HTTP', () => {
  it('a poll vote is stored and listed on the message; a bad vote gets the server error', async () => {
    const hamlet = http.clientFor('hamlet@zulip.com');
    const othello = http.clientFor('othello@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 'http widgets', content: '/poll Tea?\nYes' });
    const content = '{"type": "vote", "key": "canned,0", "vote": 1}';
    expect(await othello.messages.addSubmessage({ message_id: id, msg_type: 'widget', content })).toEqual({});
    const { submessages } = (await hamlet.messages.get({ message_id: id })).message;
    expect(submessages.map(({ sender_id, msg_type }) => [sender_id, msg_type])).toEqual([
      [expect.any(Number), 'widget'],
      [expect.any(Number), 'widget'],
    ]);
    expect(submessages[1]).toMatchObject({ message_id: id, content });
    await expectApiError(othello.messages.addSubmessage({ message_id: id, msg_type: 'widget', content: '{"type": "vote", "key": "canned,0", "vote": 2}' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Invalid poll data["vote"]',
    });
  });
});
