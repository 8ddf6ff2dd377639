import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('topics and message deletion over real HTTP (standalone mock)', () => {
  it('sets a visibility policy, lists topics, deletes a message and a topic', async () => {
    const iago = http.clientFor('iago@zulip.com');
    const stream_id = http.running.mock.store.channelByName('Denmark')?.id ?? -1;
    await iago.topics.updatePreferences({ stream_id, topic: 'over http', visibility_policy: 3 });
    await iago.topics.muteLegacy({ stream: 'Denmark', topic: 'over http', op: 'remove' });
    const { id } = await iago.messages.send({ type: 'channel', to: 'Denmark', topic: 'over http', content: 'a' });
    const second = await iago.messages.send({ type: 'channel', to: 'Denmark', topic: 'over http', content: 'b' });
    expect((await iago.topics.list({ stream_id })).topics[0]).toEqual({ name: 'over http', max_id: second.id });
    await iago.messages.delete({ message_id: id });
    expect(await iago.topics.delete({ stream_id, topic_name: 'over http' })).toEqual({ complete: true });
    expect((await iago.topics.list({ stream_id })).topics.map((topic) => topic.name)).not.toContain('over http');
  });

  it('answers the errors with the same envelopes', async () => {
    const hamlet = http.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.topics.list({ stream_id: 999_999 }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Invalid channel ID',
    });
    await expectApiError(hamlet.topics.delete({ stream_id: 999_999, topic_name: 't' }), {
      code: 'UNAUTHORIZED_PRINCIPAL',
      status: 400,
      msg: 'Must be an organization administrator',
    });
    await expectApiError(hamlet.messages.delete({ message_id: 999_999 }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Invalid message(s)',
    });
  });
});
