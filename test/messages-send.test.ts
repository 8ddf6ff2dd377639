import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  RequestConfusingVarError,
  RequestVariableMissingError,
  StreamDoesNotExistError,
} from '../src/index';
import { apiFailure, expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

/** A short channel message from `email`, for the permission checks. */
const postAs = (email: string, channel: string) =>
  realm.clientFor(email).messages.send({ type: 'channel', to: channel, topic: 't', content: 'x' });


describe('messages.send to channels', () => {
  it('sends by channel name and the message reads back with rendered content', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'hi', content: 'hello *world*' });
    const { message, raw_content } = await iago.messages.get({ message_id: id });
    expect(message).toMatchObject({
      id,
      type: 'stream',
      display_recipient: 'Verona',
      subject: 'hi',
      content: '<p>hello <em>world</em></p>',
      content_type: 'text/html',
      sender_email: 'iago@zulip.com',
      sender_full_name: 'Iago',
      sender_realm_str: 'zulip',
      timestamp: Math.floor(realm.clock.now() / 1000),
    });
    expect(raw_content).toBe('hello *world*');
  });

  it.each([
    ['channel', 'Denmark'],
    ['stream', 'denmark'],
    ['channel', '"Denmark"'],
    ['channel', '["Denmark"]'],
  ] as const)('accepts type %s with to=%s', async (type, to) => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type, to, topic: 'castle', content: 'x' });
    expect((await hamlet.messages.get({ message_id: id })).message.display_recipient).toBe('Denmark');
  });

  it('reads an integer `to` as a channel ID, also inside a one-element list', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const denmark = realm.mock.store.channelByName('Denmark')!;
    for (const to of [denmark.id, [denmark.id]] as const) {
      const { id } = await hamlet.messages.send({ type: 'channel', to: to as number, topic: 't', content: 'x' });
      expect((await hamlet.messages.get({ message_id: id })).message.stream_id).toBe(denmark.id);
    }
  });

  it('STREAM_DOES_NOT_EXIST carries the channel name, and narrows on code', async () => {
    const error = await apiFailure(
      postAs('iago@zulip.com', 'Nowhere'),
    );
    expect(error).toBeInstanceOf(StreamDoesNotExistError);
    expect(error.status).toBe(400);
    expect(error.msg).toBe("Channel 'Nowhere' does not exist");
    if (error.code === 'STREAM_DOES_NOT_EXIST') expect(error.stream).toBe('Nowhere');
    else expect.fail('code did not narrow');
    expect(error.data).toEqual({ stream: 'Nowhere' });
  });

  it('an unknown channel ID is STREAM_DOES_NOT_EXIST with stream_id', async () => {
    const error = await apiFailure(
      realm.clientFor('iago@zulip.com').messages.send({ type: 'channel', to: 99, topic: 't', content: 'x' }),
    );
    expect(error).toMatchObject({
      code: 'STREAM_DOES_NOT_EXIST',
      msg: "Channel with ID '99' does not exist",
      stream_id: 99,
    });
  });

  it('escapes HTML in the message and in the stream field (the server raises StreamDoesNotExistError(escape(name)))', async () => {
    const error = await apiFailure(
      postAs('iago@zulip.com', '<b>'),
    );
    expect(error).toMatchObject({ msg: "Channel '&lt;b&gt;' does not exist", stream: '&lt;b&gt;' });
  });

  it('a non-guest in a shared-history private channel\'s can_subscribe_group may post there without subscribing', async () => {
    const coreTeam = realm.mock.store.channelByName('core team')!;
    await expect(apiFailure(postAs('othello@zulip.com', 'core team'))).resolves.toMatchObject({ msg: "Not authorized to send to channel 'core team'" });
    realm.mock.store.tables.channel.update(coreTeam.id, {
      history_public_to_subscribers: true,
      can_subscribe_group: { direct_members: [realm.mock.store.userByDeliveryEmail('othello@zulip.com')!.id], direct_subgroups: [] },
    });
    await expect(postAs('othello@zulip.com', 'core team')).resolves.toHaveProperty('id');
    // Not when the channel's history is protected.
    realm.mock.store.tables.channel.update(coreTeam.id, { history_public_to_subscribers: false });
    await expect(apiFailure(postAs('othello@zulip.com', 'core team'))).resolves.toMatchObject({ msg: "Not authorized to send to channel 'core team'" });
  });

  it.each([
    ['[]', 'Expected exactly one channel'],
    ['["a","b"]', 'Expected exactly one channel'],
    ['{"a":1}', 'Invalid data type for channel'],
    ['1.5', 'Invalid data type for channel'],
    // Read as the server's orjson reads it: a float is no channel ID, even a whole one.
    ['2001.0', 'Invalid data type for channel'],
    ['[2.001e3]', 'Invalid data type for channel'],
    ['   ', "Channel name can't be empty."],
    ['x'.repeat(61), 'Channel name too long (limit: 60 characters).'],
  ])('rejects channel `to`=%s', async (to, msg) => {
    const error = await apiFailure(
      realm.clientFor('iago@zulip.com').messages.send({ type: 'channel', to, topic: 't', content: 'x' }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.msg).toBe(msg);
  });
});

describe('messages.send topics', () => {
  it.each(['(no topic)', 'general chat', '', '  general chat  '])('stores %j as the empty topic', async (topic) => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.messages.send({ type: 'channel', to: 'Verona', topic, content: 'x' });
    expect(realm.mock.store.tables.message.get(id)?.topic).toBe('');
    expect((await iago.messages.get({ message_id: id })).message.subject).toBe('general chat');
    expect((await iago.messages.get({ message_id: id, allow_empty_topic_name: true })).message.subject).toBe('');
  });

  it('truncates long topics to 57 characters and an ellipsis', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'a'.repeat(70), content: 'x' });
    expect((await iago.messages.get({ message_id: id })).message.subject).toBe(`${'a'.repeat(57)}...`);
  });

  it('rejects control characters with their 1-based position', async () => {
    const error = await apiFailure(
      realm
        .clientFor('iago@zulip.com')
        .messages.send({ type: 'channel', to: 'Verona', topic: 'ab\u0007', content: 'x' }),
    );
    expect(error.msg).toBe('Invalid character in topic, at position 3!');
  });

  it('a channel message without a topic is "Missing topic", after `to` is read', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const error = await apiFailure(iago.messages.send({ type: 'channel', to: 'Verona', content: 'x' }));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', msg: 'Missing topic', status: 400 });
    expect(await apiFailure(iago.messages.send({ type: 'channel', to: '[1,2]', content: 'x' }))).toMatchObject({ msg: 'Expected exactly one channel' });
  });

  it('a `to` integer beyond 2^64-1 is a float to the server\'s JSON reader, no channel; 1e400 is no JSON, a name', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const float = await apiFailure(iago.messages.send({ type: 'channel', to: '99999999999999999999', topic: 't', content: 'x' }));
    expect(float).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid data type for channel', status: 400 });
    const infinite = await apiFailure(iago.messages.send({ type: 'channel', to: '1e400', topic: 't', content: 'x' }));
    expect(infinite).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST', msg: "Channel '1e400' does not exist", stream: '1e400' });
  });

  it('refuses the empty topic where topics are required', async () => {
    const strict = useTopicsRequiredRealm();
    const error = await apiFailure(
      strict.messages.send({ type: 'channel', to: 'Verona', topic: '(no topic)', content: 'x' }),
    );
    expect(error.msg).toBe('Sending messages to the general chat is not allowed in this channel.');
  });

  it('accepts the deprecated `subject`, and refuses it beside `topic`', async () => {
    const response = await realm.raw(
      'iago@zulip.com',
      'POST',
      '/messages',
      new URLSearchParams({ type: 'channel', to: 'Verona', subject: 'old', content: 'x' }),
    );
    const body = (await response.json()) as { id: number };
    expect(realm.mock.store.tables.message.get(body.id)?.topic).toBe('old');
    const both = await realm.raw(
      'iago@zulip.com',
      'POST',
      '/messages',
      new URLSearchParams({ type: 'channel', to: 'Verona', subject: 'a', topic: 'b', content: 'x' }),
    );
    expect(both.status).toBe(400);
    expect(await both.json()).toEqual({
      result: 'error',
      msg: "Can't decide between 'topic' and 'subject' arguments",
      code: 'REQUEST_CONFUSING_VAR',
      var_name1: 'topic',
      var_name2: 'subject',
    });
    const viaSdk = await apiFailure(
      realm.clientFor('iago@zulip.com').request('POST', '/messages', { type: 'channel', to: 'Verona', subject: 'a', topic: 'b', content: 'x' }),
    );
    expect(viaSdk).toBeInstanceOf(RequestConfusingVarError);
  });

  function useTopicsRequiredRealm() {
    realm.mock.realm.topics_policy = 'disable_empty_topic';
    return realm.clientFor('iago@zulip.com');
  }
});

describe('messages.send direct messages', () => {
  it.each(['direct', 'private'] as const)('type %s to emails reaches both participants', async (type) => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type, to: ['othello@zulip.com'], content: 'psst' });
    const othello = realm.clientFor('othello@zulip.com');
    const seen = (await othello.messages.get({ message_id: id })).message;
    expect(seen.type).toBe('private');
    expect(seen.subject).toBe('');
    expect(seen.display_recipient).toEqual([
      {
        id: realm.userId('hamlet@zulip.com'),
        email: 'hamlet@zulip.com',
        full_name: 'King Hamlet',
        is_mirror_dummy: false,
      },
      {
        id: realm.userId('othello@zulip.com'),
        email: 'othello@zulip.com',
        full_name: 'Othello, the Moor of Venice',
        is_mirror_dummy: false,
      },
    ]);
    // The receiver identifies a 1:1 conversation by the sender's personal recipient.
    expect(seen.recipient_id).toBe(realm.mock.store.userByDeliveryEmail('hamlet@zulip.com')!.recipient_id);
    const mine = (await hamlet.messages.get({ message_id: id })).message;
    expect(mine.recipient_id).toBe(realm.mock.store.userByDeliveryEmail('othello@zulip.com')!.recipient_id);
  });

  it('accepts user IDs, raw comma-separated emails and a JSON string', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.mock.store.userByDeliveryEmail('othello@zulip.com')!;
    for (const to of [[othello.id], 'othello@zulip.com, iago@zulip.com', '"othello@zulip.com"']) {
      const { id } = await hamlet.messages.send({ type: 'direct', to, content: 'x' });
      expect(realm.mock.store.userMessages.has(othello.id, id)).toBe(true);
    }
  });

  it('a message to oneself is a self-DM; the sender entry is otherwise ignored', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const me = realm.mock.store.userByDeliveryEmail('hamlet@zulip.com')!;
    const { id } = await hamlet.messages.send({ type: 'direct', to: [me.id], content: 'note' });
    const { message } = await hamlet.messages.get({ message_id: id });
    expect(message.display_recipient).toHaveLength(1);
    expect(message.recipient_id).toBe(me.recipient_id);
  });

  it('group DMs share one recipient per set of participants', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const first = await hamlet.messages.send({
      type: 'direct',
      to: ['othello@zulip.com', 'iago@zulip.com'],
      content: '1',
    });
    const second = await hamlet.messages.send({
      type: 'direct',
      to: ['iago@zulip.com', 'othello@zulip.com', 'hamlet@zulip.com'],
      content: '2',
    });
    const store = realm.mock.store;
    expect(store.tables.message.get(first.id)?.recipient_id).toBe(store.tables.message.get(second.id)?.recipient_id);
  });

  it.each([
    [['nobody@zulip.com'], "Invalid email 'nobody@zulip.com'"],
    [[999], 'Invalid user ID 999'],
    [[], 'Message must have recipients'],
    ['[1, "a@b.c"]', 'Recipient lists may contain emails or user IDs, but not both.'],
    ['5', 'Invalid data type for recipients'],
    // The first recipient decides: a float, null or list is no user ID.
    ['[1002.0]', 'Invalid data type for recipients'],
    ['[null]', 'Invalid data type for recipients'],
    ['[1002, 1.5]', 'Recipient lists may contain emails or user IDs, but not both.'],
  ] as const)('rejects to=%j: %s', async (to, msg) => {
    const error = await apiFailure(
      realm.clientFor('hamlet@zulip.com').messages.send({ type: 'direct', to: to as string, content: 'x' }),
    );
    expect(error).toMatchObject({ code: 'BAD_REQUEST', msg, status: 400 });
  });

  it('refuses a deactivated recipient', async () => {
    const othello = realm.mock.store.userByDeliveryEmail('othello@zulip.com')!;
    realm.mock.store.tables.user.update(othello.id, { is_active: false });
    const error = await apiFailure(
      realm.clientFor('hamlet@zulip.com').messages.send({ type: 'direct', to: [othello.id], content: 'x' }),
    );
    expect(error.msg).toBe("'othello@zulip.com' is no longer using Zulip.");
  });
});

describe('messages.send content and permissions', () => {
  it('requires content: REQUEST_VARIABLE_MISSING with var_name', async () => {
    const response = await realm.raw(
      'iago@zulip.com',
      'POST',
      '/messages',
      new URLSearchParams({ type: 'channel', to: 'Verona', topic: 't' }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      result: 'error',
      msg: "Missing 'content' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'content',
    });
    const viaSdk = await apiFailure(
      realm.clientFor('iago@zulip.com').request('POST', '/messages', { type: 'channel', to: 'Verona', topic: 't' }),
    );
    expect(viaSdk).toBeInstanceOf(RequestVariableMissingError);
    expect(viaSdk.code === 'REQUEST_VARIABLE_MISSING' && viaSdk.var_name).toBe('content');
  });

  it('rejects an unknown type with "Invalid type"', async () => {
    const error = await apiFailure(
      realm.clientFor('iago@zulip.com').request('POST', '/messages', { type: 'broadcast', to: 'Verona', content: 'x' }),
    );
    expect(error).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid type' });
  });

  it.each([
    [' \n ', 'Message must not be empty'],
    ['a\u0000b', 'Message must not contain null bytes'],
  ])('rejects content %j', async (content, msg) => {
    const error = await apiFailure(
      realm.clientFor('iago@zulip.com').messages.send({ type: 'channel', to: 'Verona', topic: 't', content }),
    );
    expect(error.msg).toBe(msg);
  });

  it("strips content's end with Python's whitespace: U+001C and U+0085 go, U+FEFF stays (regression: JavaScript's trimEnd)", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const send = (content: string) => iago.messages.send({ type: 'channel', to: 'Verona', topic: 't', content });
    await expectApiError(send('\u001c'), { code: 'BAD_REQUEST', status: 400, msg: 'Message must not be empty' });
    const rawContent = async (id: number) => (await iago.messages.get({ message_id: id, apply_markdown: false })).message.content;
    expect(await rawContent((await send('\ufeff')).id)).toBe('\ufeff');
    expect(await rawContent((await send('\n\nhi\ufeff\u0085\u001c ')).id)).toBe('hi\ufeff');
  });

  it('truncates content over 10000 characters', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'y'.repeat(10_050) });
    const raw = (await iago.messages.get({ message_id: id, apply_markdown: false })).message.content;
    expect(raw).toBe(`${'y'.repeat(9_980)}\n[message truncated]`);
  });

  it('a guest cannot post to a public channel they are not subscribed to', async () => {
    const error = await apiFailure(
      postAs('polonius@zulip.com', 'Denmark'),
    );
    expect(error.msg).toBe("Not authorized to send to channel 'Denmark'");
  });

  it('a member cannot post to a private channel they are not subscribed to; a subscriber can', async () => {
    const error = await apiFailure(
      postAs('othello@zulip.com', 'core team'),
    );
    expect(error.msg).toBe("Not authorized to send to channel 'core team'");
    await expect(
      postAs('hamlet@zulip.com', 'core team'),
    ).resolves.toHaveProperty('id');
  });

  it('a bot may post where its owner is subscribed', async () => {
    await expect(postAs('default-bot@zulip.com', 'core team')).resolves.toHaveProperty('id');
  });

  it('respects the channel posting group', async () => {
    const verona = realm.mock.store.channelByName('Verona')!;
    realm.mock.store.tables.channel.update(verona.id, {
      can_send_message_group: realm.mock.realm.system_groups['role:administrators'],
    });
    const error = await apiFailure(
      postAs('hamlet@zulip.com', 'Verona'),
    );
    expect(error.msg).toBe('You do not have permission to post in this channel.');
    await expect(
      postAs('iago@zulip.com', 'Verona'),
    ).resolves.toHaveProperty('id');
  });

  it("lets a bot post when either it or its owner is in the channel posting group (the server tries the bot, then its owner)", async () => {
    const verona = realm.mock.store.channelByName('Verona')!;
    const bot = realm.mock.store.userByDeliveryEmail('default-bot@zulip.com')!;
    realm.mock.store.tables.channel.update(verona.id, { can_send_message_group: { direct_members: [bot.id], direct_subgroups: [] } });
    await expect(postAs('default-bot@zulip.com', 'Verona')).resolves.toHaveProperty('id');
    realm.mock.store.tables.channel.update(verona.id, { can_send_message_group: { direct_members: [bot.bot_owner_id ?? 0], direct_subgroups: [] } });
    await expect(postAs('default-bot@zulip.com', 'Verona')).resolves.toHaveProperty('id');
    realm.mock.store.tables.channel.update(verona.id, { can_send_message_group: realm.mock.realm.system_groups['role:administrators'] });
    expect((await apiFailure(postAs('default-bot@zulip.com', 'Verona'))).msg).toBe('You do not have permission to post in this channel.');
  });

  it('sets read for interactive clients or read_by_sender, and mention flags per recipient', async () => {
    const api = realm.clientFor('iago@zulip.com');
    const { id } = await api.messages.send({
      type: 'channel',
      to: 'Verona',
      topic: 't',
      content: 'hi @**King Hamlet** and @**all**',
    });
    const store = realm.mock.store;
    const iago = store.userByDeliveryEmail('iago@zulip.com')!;
    const hamlet = store.userByDeliveryEmail('hamlet@zulip.com')!;
    expect(store.userMessages.flags(iago.id, id)).toEqual(['stream_wildcard_mentioned']);
    expect(store.userMessages.flags(hamlet.id, id)).toEqual(['mentioned', 'stream_wildcard_mentioned']);
    expect((await realm.clientFor('hamlet@zulip.com').messages.get({ message_id: id })).message.flags).toEqual([
      'mentioned',
      'stream_wildcard_mentioned',
      'wildcard_mentioned',
    ]);
    const read = await api.messages.send({
      type: 'channel',
      to: 'Verona',
      topic: 't',
      content: 'x',
      read_by_sender: true,
    });
    expect(store.userMessages.flags(iago.id, read.id)).toEqual(['read']);
    // Without read_by_sender, an interactive client (named by the User-Agent) starts read.
    const mobile = await realm.raw(
      'iago@zulip.com',
      'POST',
      '/messages',
      new URLSearchParams({ type: 'channel', to: 'Verona', topic: 't', content: 'x' }),
      { 'User-Agent': 'ZulipMobile/27.0' },
    );
    const { id: mobileId } = (await mobile.json()) as { id: number };
    expect(store.userMessages.flags(iago.id, mobileId)).toEqual(['read']);
  });

  it('mentions by name follow renames (the name index stays in step)', async () => {
    const store = realm.mock.store;
    const hamlet = store.userByDeliveryEmail('hamlet@zulip.com')!;
    store.tables.user.update(hamlet.id, { full_name: 'Prince Hamlet' });
    const api = realm.clientFor('iago@zulip.com');
    const old = await api.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: '@**King Hamlet**' });
    const renamed = await api.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: '@**prince hamlet**' });
    expect(store.userMessages.flags(hamlet.id, old.id)).toEqual([]);
    expect(store.userMessages.flags(hamlet.id, renamed.id)).toEqual(['mentioned']);
  });

  it('reports ignored parameters to the hook and in the body', async () => {
    const seen: string[][] = [];
    const iago = realm.clientFor('iago@zulip.com', { onIgnoredParameters: (info) => seen.push([...info.parameters]) });
    const result = await iago.request('POST', '/messages', {
      type: 'channel',
      to: 'Verona',
      topic: 't',
      content: 'x',
      zeta: 1,
      alpha: true,
    });
    expect(result.ignored_parameters_unsupported).toEqual(['alpha', 'zeta']);
    expect(seen).toEqual([['alpha', 'zeta']]);
  });
});
