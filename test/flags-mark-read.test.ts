import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { realmSetup } from './support/realm-setup';

const realm = useTestRealm();
const setup = realmSetup(realm);

async function post(sender: string, channel: string, topic = 'flags'): Promise<number> {
  return (await realm.clientFor(sender).messages.send({ type: 'channel', to: channel, topic, content: 'x' })).id;
}

const isRead = (email: string, id: number) => setup.flagsOf(email, id)?.includes('read') ?? false;
const INVALID_CHANNEL = { code: 'BAD_REQUEST', status: 400, msg: 'Invalid channel ID' };

describe('flags.markAllAsRead', () => {
  it('marks every unread message read, in channels the user left too, and answers complete', async () => {
    const denmark = await post('iago@zulip.com', 'Denmark');
    const scotland = await post('iago@zulip.com', 'Scotland');
    const { id: dm } = await realm
      .clientFor('iago@zulip.com')
      .messages.send({ type: 'direct', to: ['hamlet@zulip.com'], content: 'hi' });
    setup.unsubscribe('hamlet@zulip.com', 'Scotland');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(await hamlet.flags.markAllAsRead()).toEqual({ complete: true });
    for (const id of [denmark, scotland, dm]) expect(isRead('hamlet@zulip.com', id)).toBe(true);
    expect(realm.mock.store.userMessages.messageIdsWithFlag(realm.userId('hamlet@zulip.com'), 'read', false)).toEqual([]);
    expect(isRead('othello@zulip.com', denmark)).toBe(false);
  });

  it('succeeds with nothing unread', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.flags.markAllAsRead();
    expect(await hamlet.flags.markAllAsRead()).toEqual({ complete: true });
  });
});

describe('flags.markChannelAsRead', () => {
  it("marks only that channel's messages, only for the caller", async () => {
    const denmark = [await post('iago@zulip.com', 'Denmark', 'a'), await post('iago@zulip.com', 'Denmark', 'b')];
    const verona = await post('iago@zulip.com', 'Verona');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(await hamlet.flags.markChannelAsRead({ stream_id: realm.channelId('Denmark') })).toEqual({});
    for (const id of denmark) expect(isRead('hamlet@zulip.com', id)).toBe(true);
    expect(isRead('hamlet@zulip.com', verona)).toBe(false);
    expect(isRead('othello@zulip.com', denmark[0] ?? 0)).toBe(false);
  });

  it('a public channel the member is not subscribed to is accessible (nothing to mark)', async () => {
    await post('iago@zulip.com', 'Scotland');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    expect(await cordelia.flags.markChannelAsRead({ stream_id: realm.channelId('Scotland') })).toEqual({});
  });

  it('a guest may mark a subscribed channel, but not a public one they are not in', async () => {
    const polonius = realm.clientFor('polonius@zulip.com');
    const verona = await post('iago@zulip.com', 'Verona');
    expect(await polonius.flags.markChannelAsRead({ stream_id: realm.channelId('Verona') })).toEqual({});
    expect(isRead('polonius@zulip.com', verona)).toBe(true);
    await expectApiError(polonius.flags.markChannelAsRead({ stream_id: realm.channelId('Denmark') }), INVALID_CHANNEL);
  });

  it('a web-public channel is accessible to a guest', async () => {
    realm.mock.store.tables.channel.update(realm.channelId('Denmark'), { is_web_public: true });
    const polonius = realm.clientFor('polonius@zulip.com');
    expect(await polonius.flags.markChannelAsRead({ stream_id: realm.channelId('Denmark') })).toEqual({});
  });

  it('unknown, private-not-subscribed and archived channels are "Invalid channel ID"', async () => {
    const cordelia = realm.clientFor('cordelia@zulip.com');
    await expectApiError(cordelia.flags.markChannelAsRead({ stream_id: 999_999 }), INVALID_CHANNEL);
    await expectApiError(cordelia.flags.markChannelAsRead({ stream_id: realm.channelId('core team') }), INVALID_CHANNEL);
    realm.mock.store.tables.channel.update(realm.channelId('Denmark'), { is_archived: true });
    await expectApiError(cordelia.flags.markChannelAsRead({ stream_id: realm.channelId('Denmark') }), INVALID_CHANNEL);
  });

  it('stream_id is required and must be an integer', async () => {
    const send = (body: Record<string, string>) =>
      realm.raw('hamlet@zulip.com', 'POST', '/mark_stream_as_read', new URLSearchParams(body));
    const missing = await send({});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      result: 'error',
      msg: "Missing 'stream_id' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'stream_id',
    });
    const text = await send({ stream_id: '"Denmark"' });
    expect(await text.json()).toEqual({ result: 'error', msg: 'stream_id is not an integer', code: 'BAD_REQUEST' });
  });
});

describe('flags.markTopicAsRead', () => {
  it('marks the topic, compared case-insensitively, and nothing else', async () => {
    const topic = [await post('iago@zulip.com', 'Denmark', 'Castle'), await post('iago@zulip.com', 'Denmark', 'castle')];
    const other = await post('iago@zulip.com', 'Denmark', 'moat');
    const elsewhere = await post('iago@zulip.com', 'Scotland', 'castle');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(
      await hamlet.flags.markTopicAsRead({ stream_id: realm.channelId('Denmark'), topic_name: 'CASTLE' }),
    ).toEqual({});
    for (const id of topic) expect(isRead('hamlet@zulip.com', id)).toBe(true);
    expect(isRead('hamlet@zulip.com', other)).toBe(false);
    expect(isRead('hamlet@zulip.com', elsewhere)).toBe(false);
  });

  it('a topic whose messages are all read already succeeds', async () => {
    await post('iago@zulip.com', 'Denmark', 'done');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const params = { stream_id: realm.channelId('Denmark'), topic_name: 'done' };
    await hamlet.flags.markTopicAsRead(params);
    expect(await hamlet.flags.markTopicAsRead(params)).toEqual({});
  });

  // "general chat" is the server's fallback name; "(no topic)" is the spec's rule for every topic parameter.
  // Regression: the server filters by topic only for a non-empty name, so the empty topic marks the whole channel.
  it.each(['general chat', '', '(no topic)'])('%j marks every unread message of the channel', async (topic_name) => {
    const ids = [
      await post('iago@zulip.com', 'Denmark', ''),
      await post('iago@zulip.com', 'Denmark', 'moat'),
      await post('iago@zulip.com', 'Denmark', 'castle'),
    ];
    const elsewhere = await post('iago@zulip.com', 'Verona', 'moat');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(await hamlet.flags.markTopicAsRead({ stream_id: realm.channelId('Denmark'), topic_name })).toEqual({});
    for (const id of ids) expect(isRead('hamlet@zulip.com', id)).toBe(true);
    expect(isRead('hamlet@zulip.com', elsewhere)).toBe(false);
  });

  it('"" needs no message in the empty topic; its names do ("No such topic \'\'")', async () => {
    const id = await post('iago@zulip.com', 'Denmark', 'moat');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const stream_id = realm.channelId('Denmark');
    for (const topic_name of ['general chat', '(no topic)']) {
      await expectApiError(hamlet.flags.markTopicAsRead({ stream_id, topic_name }), {
        code: 'BAD_REQUEST',
        status: 400,
        msg: "No such topic ''",
      });
    }
    expect(isRead('hamlet@zulip.com', id)).toBe(false);
    expect(await hamlet.flags.markTopicAsRead({ stream_id, topic_name: '' })).toEqual({});
    expect(isRead('hamlet@zulip.com', id)).toBe(true);
  });

  it('a topic without a message the user received is "No such topic"', async () => {
    await post('iago@zulip.com', 'Scotland', 'weather');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    await expectApiError(
      cordelia.flags.markTopicAsRead({ stream_id: realm.channelId('Denmark'), topic_name: 'nowhere' }),
      { code: 'BAD_REQUEST', status: 400, msg: "No such topic 'nowhere'" },
    );
    // Scotland is public, so accessible, but Cordelia received nothing there.
    await expectApiError(
      cordelia.flags.markTopicAsRead({ stream_id: realm.channelId('Scotland'), topic_name: 'weather' }),
      { code: 'BAD_REQUEST', status: 400, msg: "No such topic 'weather'" },
    );
    await expectApiError(
      cordelia.flags.markTopicAsRead({ stream_id: realm.channelId('Denmark'), topic_name: 'general chat' }),
      { code: 'BAD_REQUEST', status: 400, msg: "No such topic ''" },
    );
  });

  it('the channel is checked before the topic', async () => {
    const cordelia = realm.clientFor('cordelia@zulip.com');
    await expectApiError(
      cordelia.flags.markTopicAsRead({ stream_id: realm.channelId('core team'), topic_name: 'plans' }),
      INVALID_CHANNEL,
    );
    await expectApiError(cordelia.flags.markTopicAsRead({ stream_id: 999_999, topic_name: 'x' }), INVALID_CHANNEL);
  });

  it('topic_name is required', async () => {
    const response = await realm.raw(
      'hamlet@zulip.com',
      'POST',
      '/mark_topic_as_read',
      new URLSearchParams({ stream_id: String(realm.channelId('Denmark')) }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      result: 'error',
      msg: "Missing 'topic_name' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'topic_name',
    });
  });
});
