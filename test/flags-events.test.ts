import { describe, expect, it } from 'vitest';
import type { ChatClient, ChatEventPayload } from '../src/index';
import { useTestRealm } from './support/mock';
import { realmSetup } from './support/realm-setup';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const setup = realmSetup(realm);

const UNREAD_TYPES = { event_types: ['message', 'update_message_flags'] };

async function post(sender: string, channel: string, topic = 'flags', content = 'x'): Promise<number> {
  return (await realm.clientFor(sender).messages.send({ type: 'channel', to: channel, topic, content })).id;
}

async function direct(sender: string, to: string[], content = 'psst'): Promise<number> {
  return (await realm.clientFor(sender).messages.send({ type: 'direct', to, content })).id;
}

/** Registers, acts, and returns the events the action produced for that queue (without ids). */
async function eventsOf(
  client: ChatClient,
  action: () => Promise<unknown>,
  register: Parameters<ChatClient['events']['register']>[0] = UNREAD_TYPES,
): Promise<Omit<ChatEventPayload, 'id'>[]> {
  const { queue_id, last_event_id } = await client.events.register(register);
  await action();
  const { events } = await client.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true });
  return events.map(({ id: _id, ...event }) => event);
}

describe('starred_messages: the state lists starred IDs ascending; flag and delete events keep it (acceptance test)', () => {
  it('stars, unstars and deletes', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const first = await post('iago@zulip.com', 'Denmark');
    const second = await post('hamlet@zulip.com', 'Denmark');
    const types = { event_types: ['starred_messages', 'update_message_flags', 'delete_message'] };
    await verifyAction(hamlet, () => hamlet.flags.update({ messages: [second, first], op: 'add', flag: 'starred' }), types);
    expect((await hamlet.events.register(types)).starred_messages).toEqual([first, second]);
    await verifyAction(hamlet, () => hamlet.flags.update({ messages: [first], op: 'remove', flag: 'starred' }), types);
    await verifyAction(hamlet, () => hamlet.messages.delete({ message_id: second }), types);
    expect((await hamlet.events.register(types)).starred_messages).toEqual([]);
  });
});

describe('recent_private_conversations: newest first; direct message events keep it (acceptance test)', () => {
  it('one-to-one both ways, a group and oneself', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const types = { event_types: ['message', 'recent_private_conversations'] };
    const ids = (emails: string[]) => emails.map((email) => realm.userId(email)).sort((a, b) => a - b);
    await verifyAction(hamlet, () => hamlet.messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'hi' }), types);
    await verifyAction(hamlet, () => othello.messages.send({ type: 'direct', to: ['hamlet@zulip.com'], content: 'back' }), types);
    await verifyAction(hamlet, () => othello.messages.send({ type: 'direct', to: ['hamlet@zulip.com', 'cordelia@zulip.com'], content: 'all' }), types);
    await verifyAction(hamlet, () => hamlet.messages.send({ type: 'direct', to: ['hamlet@zulip.com'], content: 'note' }), types);
    const { recent_private_conversations: conversations } = await hamlet.events.register(types);
    expect(conversations?.slice(0, 3).map((conversation) => conversation.user_ids)).toEqual([[], ids(['othello@zulip.com', 'cordelia@zulip.com']), ids(['othello@zulip.com'])]);
  });
});

describe('update_message_flags events: acceptance (register, act, apply, register again)', () => {
  for (const register of [UNREAD_TYPES, {}]) {
    const label = register === UNREAD_TYPES ? 'message + update_message_flags' : 'every type';
    it(`starring and unstarring (${label})`, async () => {
      const id = await post('iago@zulip.com', 'Denmark');
      const hamlet = realm.clientFor('hamlet@zulip.com');
      await verifyAction(hamlet, () => hamlet.flags.update({ messages: [id], op: 'add', flag: 'starred' }), register);
      await verifyAction(hamlet, () => hamlet.flags.update({ messages: [id], op: 'remove', flag: 'starred' }), register);
    });

    it(`marking channel, direct and group direct messages read, then unread (${label})`, async () => {
      const ids = [
        await post('iago@zulip.com', 'Denmark', 'castle', '@**King Hamlet** look'),
        await post('iago@zulip.com', 'Denmark', 'Castle', '@**all** gather'),
        await post('othello@zulip.com', 'Verona', 'walls'),
        await direct('iago@zulip.com', ['hamlet@zulip.com']),
        await direct('hamlet@zulip.com', ['hamlet@zulip.com'], 'note to self'),
        await direct('othello@zulip.com', ['hamlet@zulip.com', 'iago@zulip.com'], '@**all** group'),
      ];
      const hamlet = realm.clientFor('hamlet@zulip.com');
      await verifyAction(hamlet, () => hamlet.flags.update({ messages: ids, op: 'add', flag: 'read' }), register);
      const events = await verifyAction(
        hamlet,
        () => hamlet.flags.update({ messages: ids, op: 'remove', flag: 'read' }),
        register,
      );
      expect(events).toHaveLength(1);
    });

    it(`marking everything read (${label})`, async () => {
      await direct('iago@zulip.com', ['hamlet@zulip.com']);
      const hamlet = realm.clientFor('hamlet@zulip.com');
      await verifyAction(hamlet, () => hamlet.flags.markAllAsRead(), register);
    });

    it(`marking a channel read (${label})`, async () => {
      await post('iago@zulip.com', 'Denmark', 'a');
      await post('iago@zulip.com', 'Denmark', 'b');
      const hamlet = realm.clientFor('hamlet@zulip.com');
      await verifyAction(hamlet, () => hamlet.flags.markChannelAsRead({ stream_id: realm.channelId('Denmark') }), register);
    });

    it(`marking a topic read (${label})`, async () => {
      await post('iago@zulip.com', 'Denmark', 'Plans');
      await post('iago@zulip.com', 'Denmark', 'other');
      const hamlet = realm.clientFor('hamlet@zulip.com');
      await verifyAction(
        hamlet,
        () => hamlet.flags.markTopicAsRead({ stream_id: realm.channelId('Denmark'), topic_name: 'plans' }),
        register,
      );
    });
  }

  it('starring a message never received (historical copy) keeps the state in step', async () => {
    const id = await post('iago@zulip.com', 'Scotland');
    // A newer message of her own, so the historical copy is not her newest (max_message_id).
    await post('iago@zulip.com', 'Denmark');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    await verifyAction(cordelia, () => cordelia.flags.update({ messages: [id], op: 'add', flag: 'starred' }), UNREAD_TYPES);
  });

  it('marking unread a message sent before joining (historical unread copy)', async () => {
    const id = await post('iago@zulip.com', 'Scotland', 'old news');
    setup.subscribe('cordelia@zulip.com', 'Scotland');
    await post('iago@zulip.com', 'Scotland', 'new news');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    await verifyAction(cordelia, () => cordelia.flags.update({ messages: [id], op: 'remove', flag: 'read' }), UNREAD_TYPES);
  });

  // Channel muting is a subscription setting: the reducer reads it from `subscriptions`, a state
  // the mock does not serve yet, so only topic muting is exercised here.
  it('unread messages in muted topics: in streams, not in count', async () => {
    setup.setTopicPolicy('hamlet@zulip.com', 'Denmark', 'muted', 1);
    setup.setTopicPolicy('hamlet@zulip.com', 'Scotland', 'followed', 3);
    const ids = [
      await post('iago@zulip.com', 'Denmark', 'muted', '@**all** hear'),
      await post('iago@zulip.com', 'Scotland', 'quiet'),
      await post('iago@zulip.com', 'Scotland', 'followed', '@**all** hear'),
    ];
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const register = { event_types: ['message', 'update_message_flags', 'user_topic'] };
    await verifyAction(hamlet, () => hamlet.flags.update({ messages: ids, op: 'add', flag: 'read' }), register);
    await verifyAction(hamlet, () => hamlet.flags.update({ messages: ids, op: 'remove', flag: 'read' }), register);
  });

  it('new unread messages arriving: channel (muted topic too), direct, group, self, with mentions', async () => {
    setup.setTopicPolicy('hamlet@zulip.com', 'Denmark', 'muted', 1);
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await verifyAction(
      hamlet,
      async () => {
        await post('iago@zulip.com', 'Denmark', 'muted', '@**all** in a muted topic');
        await post('iago@zulip.com', 'Denmark', 'Open', '@**King Hamlet**');
        await post('iago@zulip.com', 'Denmark', 'open', 'same topic, other case');
        await direct('iago@zulip.com', ['hamlet@zulip.com'], '@**all** direct wildcard');
        await direct('othello@zulip.com', ['hamlet@zulip.com', 'iago@zulip.com']);
        await direct('hamlet@zulip.com', ['hamlet@zulip.com']);
      },
      { event_types: ['message', 'update_message_flags', 'user_topic'] },
    );
  });

  it('the empty topic, with and without empty_topic_name', async () => {
    const id = await post('iago@zulip.com', 'Denmark', '');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    for (const empty_topic_name of [true, false]) {
      const register = { ...UNREAD_TYPES, client_capabilities: { notification_settings_null: true, empty_topic_name } };
      await verifyAction(hamlet, () => hamlet.flags.update({ messages: [id], op: 'add', flag: 'read' }), register);
      await verifyAction(hamlet, () => hamlet.flags.update({ messages: [id], op: 'remove', flag: 'read' }), register);
    }
  });
});

describe('update_message_flags events: payloads', () => {
  it('adding a flag: op, the deprecated operation, the changed IDs, all false', async () => {
    const id = await post('iago@zulip.com', 'Denmark');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await eventsOf(hamlet, () => hamlet.flags.update({ messages: [id, 999_999], op: 'add', flag: 'read' }));
    expect(events).toEqual([
      { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [id], all: false },
    ]);
  });

  it('is sent even when nothing changed', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await eventsOf(hamlet, () => hamlet.flags.update({ messages: [], op: 'remove', flag: 'starred' }));
    expect(events).toEqual([
      { type: 'update_message_flags', op: 'remove', operation: 'remove', flag: 'starred', messages: [], all: false },
    ]);
  });

  // Regression: the server filters the request's list without deduplicating it; the answer lists each ID once.
  it('an ID the request repeats stays repeated in the event, once in the answer (acceptance test)', async () => {
    const [id, other] = [await post('othello@zulip.com', 'Denmark'), await post('othello@zulip.com', 'Denmark')];
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const star = () => hamlet.flags.update({ messages: [id, other, id], op: 'add', flag: 'starred' });
    const starEvents = await eventsOf(hamlet, async () => expect((await star()).messages).toEqual([id, other]));
    expect(starEvents).toEqual([
      { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'starred', messages: [id, other, id], all: false },
    ]);
    // Already starred: nothing changes, the repeats included.
    expect(await eventsOf(hamlet, star)).toEqual([
      { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'starred', messages: [], all: false },
    ]);
    const types = { event_types: ['message', 'update_message_flags', 'starred_messages'] };
    const verified = await verifyAction(
      hamlet,
      () => hamlet.flags.update({ messages: [id, id], op: 'remove', flag: 'starred' }),
      types,
    );
    expect(verified[0]).toMatchObject({ messages: [id, id] });
    for (const op of ['add', 'remove'] as const) {
      const events = await verifyAction(hamlet, () => hamlet.flags.update({ messages: [id, id], op, flag: 'read' }), types);
      expect(events[0]).toMatchObject({ op, flag: 'read', messages: [id, id] });
    }
  });

  it('removing read adds message_details for each message now unread', async () => {
    const channelId = realm.channelId('Denmark');
    const [mention, wildcard, plain] = [
      await post('iago@zulip.com', 'Denmark', 'castle', '@**King Hamlet**'),
      await post('iago@zulip.com', 'Denmark', 'castle', '@**all**'),
      await post('iago@zulip.com', 'Denmark', 'castle'),
    ];
    const oneToOne = await direct('iago@zulip.com', ['hamlet@zulip.com']);
    const self = await direct('hamlet@zulip.com', ['hamlet@zulip.com']);
    const group = await direct('othello@zulip.com', ['hamlet@zulip.com', 'iago@zulip.com']);
    const scotland = await post('iago@zulip.com', 'Scotland', 'x');
    const ids = [mention, wildcard, plain, oneToOne, self, group];
    const hamlet = realm.clientFor('hamlet@zulip.com');
    setup.unsubscribe('hamlet@zulip.com', 'Scotland');
    await hamlet.flags.update({ messages: [...ids, scotland], op: 'add', flag: 'read' });
    const events = await eventsOf(hamlet, () =>
      hamlet.flags.update({ messages: [...ids, scotland], op: 'remove', flag: 'read' }),
    );
    const [iago, othello] = [realm.userId('iago@zulip.com'), realm.userId('othello@zulip.com')];
    expect(events).toEqual([
      {
        type: 'update_message_flags',
        op: 'remove',
        operation: 'remove',
        flag: 'read',
        messages: ids,
        all: false,
        message_details: {
          [mention]: { type: 'stream', stream_id: channelId, topic: 'castle', unmuted_stream_msg: true, mentioned: true },
          [wildcard]: { type: 'stream', stream_id: channelId, topic: 'castle', unmuted_stream_msg: true, mentioned: true },
          [plain]: { type: 'stream', stream_id: channelId, topic: 'castle', unmuted_stream_msg: true },
          [oneToOne]: { type: 'private', user_ids: [iago] },
          [self]: { type: 'private', user_ids: [] },
          [group]: { type: 'private', user_ids: [iago, othello].sort((a, b) => a - b) },
        },
      },
    ]);
  });

  it('message_details: a muted topic is not unmuted_stream_msg, and its wildcard mention does not count', async () => {
    setup.setTopicPolicy('hamlet@zulip.com', 'Denmark', 'hush', 1);
    const id = await post('iago@zulip.com', 'Denmark', 'hush', '@**all**');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.flags.update({ messages: [id], op: 'add', flag: 'read' });
    const [event] = await eventsOf(hamlet, () => hamlet.flags.update({ messages: [id], op: 'remove', flag: 'read' }));
    expect(event?.message_details).toEqual({
      [id]: { type: 'stream', stream_id: realm.channelId('Denmark'), topic: 'hush', unmuted_stream_msg: false },
    });
  });

  it('message_details names the empty topic per the queue: display name, or "" with empty_topic_name', async () => {
    const id = await post('iago@zulip.com', 'Denmark', '');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.flags.update({ messages: [id], op: 'add', flag: 'read' });
    const topicFor = async (empty_topic_name: boolean) => {
      const [event] = await eventsOf(
        hamlet,
        async () => {
          await hamlet.flags.update({ messages: [id], op: 'remove', flag: 'read' });
          await hamlet.flags.update({ messages: [id], op: 'add', flag: 'read' });
        },
        { ...UNREAD_TYPES, client_capabilities: { notification_settings_null: true, empty_topic_name } },
      );
      return (event?.message_details as Record<string, { topic: string }>)[id]?.topic;
    };
    expect(await topicFor(false)).toBe('general chat');
    expect(await topicFor(true)).toBe('');
  });

  it('mark-all-as-read: all true and no IDs, even with nothing unread', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.flags.markAllAsRead();
    const events = await eventsOf(hamlet, () => hamlet.flags.markAllAsRead());
    expect(events).toEqual([
      { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [], all: true },
    ]);
  });

  it('marking a channel or topic read lists the IDs; with nothing unread there is no event', async () => {
    const a = await post('iago@zulip.com', 'Denmark', 'one');
    const b = await post('iago@zulip.com', 'Denmark', 'two');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const stream_id = realm.channelId('Denmark');
    expect(await eventsOf(hamlet, () => hamlet.flags.markTopicAsRead({ stream_id, topic_name: 'ONE' }))).toEqual([
      { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [a], all: false },
    ]);
    const events = await eventsOf(hamlet, () => hamlet.flags.markChannelAsRead({ stream_id }));
    expect(events).toEqual([
      expect.objectContaining({ type: 'update_message_flags', op: 'add', flag: 'read', all: false }),
    ]);
    expect(events[0]?.messages).toContain(b);
    expect(events[0]?.messages).not.toContain(a);
    expect(await eventsOf(hamlet, () => hamlet.flags.markChannelAsRead({ stream_id }))).toEqual([]);
    expect(await eventsOf(hamlet, () => hamlet.flags.markTopicAsRead({ stream_id, topic_name: 'one' }))).toEqual([]);
  });

  // Regression: the empty topic, or a name of it, marks the whole channel, as on the server.
  it('marking the empty topic read lists every unread message of the channel (acceptance test)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const stream_id = realm.channelId('Denmark');
    await hamlet.flags.markChannelAsRead({ stream_id });
    const ids = [await post('iago@zulip.com', 'Denmark', ''), await post('iago@zulip.com', 'Denmark', 'one')];
    await post('iago@zulip.com', 'Verona', 'one');
    const events = await verifyAction(hamlet, () => hamlet.flags.markTopicAsRead({ stream_id, topic_name: 'general chat' }), UNREAD_TYPES);
    expect(events).toEqual([
      { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: ids, all: false, id: expect.any(Number) },
    ]);
    const later = await post('iago@zulip.com', 'Denmark', 'two');
    const empty = await verifyAction(hamlet, () => hamlet.flags.markTopicAsRead({ stream_id, topic_name: '' }), UNREAD_TYPES);
    expect(empty.map((event) => event?.messages)).toEqual([[later]]);
    expect(await eventsOf(hamlet, () => hamlet.flags.markTopicAsRead({ stream_id, topic_name: '(no topic)' }))).toEqual([]);
  });

  it("goes only to the acting user's queues, and only to queues that asked for the type", async () => {
    const id = await post('iago@zulip.com', 'Denmark');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const othelloQueue = await othello.events.register({});
    const messageOnly = await hamlet.events.register({ event_types: ['message'] });
    await hamlet.flags.update({ messages: [id], op: 'add', flag: 'starred' });
    for (const [client, queue] of [
      [othello, othelloQueue],
      [hamlet, messageOnly],
    ] as const) {
      const { events } = await client.events.get({ queue_id: queue.queue_id ?? '', last_event_id: -1, dont_block: true });
      expect(events).toEqual([]);
    }
  });
});
