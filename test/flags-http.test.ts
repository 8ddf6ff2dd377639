import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();
const { clientFor } = http;

describe('flags over real HTTP (standalone mock)', () => {
  it('stars, marks read and unread, with the server answers', async () => {
    const { id } = await clientFor('iago@zulip.com').messages.send({
      type: 'channel',
      to: 'Denmark',
      topic: 'over http',
      content: 'x',
    });
    const hamlet = clientFor('hamlet@zulip.com');
    expect(await hamlet.flags.update({ messages: [id], op: 'add', flag: 'starred' })).toEqual({ messages: [id] });
    expect((await hamlet.messages.get({ message_id: id })).message.flags).toContain('starred');
    expect(await hamlet.flags.update({ messages: [id], op: 'add', flag: 'read' })).toEqual({ messages: [id] });
    expect(await hamlet.flags.update({ messages: [id], op: 'remove', flag: 'read' })).toEqual({
      messages: [id],
      ignored_because_not_subscribed_channels: [],
    });
    const stream_id = (await hamlet.events.register({ event_types: ['message', 'update_message_flags'] })).unread_msgs
      ?.streams.find((bucket) => bucket.topic === 'over http')?.stream_id;
    expect(stream_id).toBeTypeOf('number');
    expect(await hamlet.flags.markTopicAsRead({ stream_id: stream_id ?? -1, topic_name: 'over http' })).toEqual({});
    expect(await hamlet.flags.markChannelAsRead({ stream_id: stream_id ?? -1 })).toEqual({});
    expect(await hamlet.flags.markAllAsRead()).toEqual({ complete: true });
    const { unread_msgs } = await hamlet.events.register({ event_types: ['message', 'update_message_flags'] });
    expect(unread_msgs).toMatchObject({ count: 0, pms: [], streams: [], huddles: [] });
  });

  it('errors arrive with their code, message and status', async () => {
    const hamlet = clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.flags.update({ messages: [999_999], op: 'add', flag: 'starred' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Invalid message(s)',
    });
    await expectApiError(hamlet.flags.markChannelAsRead({ stream_id: 999_999 }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Invalid channel ID',
    });
  });
});
