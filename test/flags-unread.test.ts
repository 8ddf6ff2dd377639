import { describe, expect, it } from 'vitest';
import { applyEvent, type RegisteredState } from '../src/index';
import { useTestRealm } from './support/mock';
import { realmSetup } from './support/realm-setup';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const setup = realmSetup(realm);

const UNREAD_TYPES = { event_types: ['message', 'update_message_flags'] };

async function post(sender: string, channel: string, topic: string, content = 'x'): Promise<number> {
  return (await realm.clientFor(sender).messages.send({ type: 'channel', to: channel, topic, content })).id;
}

async function direct(sender: string, to: string[], content = 'psst'): Promise<number> {
  return (await realm.clientFor(sender).messages.send({ type: 'direct', to, content })).id;
}

/** Hamlet with every seeded message read, so a test sees only its own unread messages. */
async function freshHamlet() {
  const hamlet = realm.clientFor('hamlet@zulip.com');
  await hamlet.flags.markAllAsRead();
  return hamlet;
}

const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('register: unread_msgs', () => {
  it('is returned only when both message and update_message_flags are requested', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(await hamlet.events.register({ event_types: ['message'] })).not.toHaveProperty('unread_msgs');
    expect(await hamlet.events.register({ event_types: ['update_message_flags'] })).not.toHaveProperty('unread_msgs');
    expect(await hamlet.events.register(UNREAD_TYPES)).toHaveProperty('unread_msgs');
    expect(await hamlet.events.register({})).toHaveProperty('unread_msgs');
    expect(
      await hamlet.events.register({ event_types: ['message', 'update_message_flags'], fetch_event_types: ['message'] }),
    ).not.toHaveProperty('unread_msgs');
  });

  it('groups unread messages by conversation, each list sorted, with the count', async () => {
    const hamlet = await freshHamlet();
    const a = await post('iago@zulip.com', 'Denmark', 'Castle');
    const b = await post('iago@zulip.com', 'Denmark', 'castle');
    const c = await post('iago@zulip.com', 'Denmark', 'moat');
    const d = await post('iago@zulip.com', 'Verona', 'walls');
    const e = await direct('iago@zulip.com', ['hamlet@zulip.com']);
    const f = await direct('othello@zulip.com', ['hamlet@zulip.com', 'iago@zulip.com']);
    // Sent with the API, so unread for the sender too (read_by_sender defaults to false there).
    const g = await direct('hamlet@zulip.com', ['hamlet@zulip.com']);
    const h = await direct('hamlet@zulip.com', ['othello@zulip.com']);
    const hamletId = realm.userId('hamlet@zulip.com');
    const iagoId = realm.userId('iago@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const pms = [
      { other_user_id: hamletId, sender_id: hamletId, unread_message_ids: [g] },
      { other_user_id: iagoId, sender_id: iagoId, unread_message_ids: [e] },
      { other_user_id: othelloId, sender_id: othelloId, unread_message_ids: [h] },
    ].sort((x, y) => x.other_user_id - y.other_user_id);
    const denmark = realm.channelId('Denmark');
    const verona = realm.channelId('Verona');
    const streams = [
      { stream_id: denmark, topic: 'Castle', unread_message_ids: [a, b] },
      { stream_id: denmark, topic: 'moat', unread_message_ids: [c] },
      { stream_id: verona, topic: 'walls', unread_message_ids: [d] },
    ].sort((x, y) => x.stream_id - y.stream_id);
    const { unread_msgs } = await hamlet.events.register(UNREAD_TYPES);
    expect(unread_msgs).toEqual({
      pms,
      streams,
      huddles: [{ user_ids_string: ascending([hamletId, iagoId, othelloId]).join(','), unread_message_ids: [f] }],
      mentions: [],
      count: 8,
      old_unreads_missing: false,
    });
  });

  it('muted topics and channels: listed in streams, left out of count and of wildcard mentions', async () => {
    const hamlet = await freshHamlet();
    setup.setTopicPolicy('hamlet@zulip.com', 'Denmark', 'hush', 1);
    setup.muteChannel('hamlet@zulip.com', 'Scotland');
    setup.setTopicPolicy('hamlet@zulip.com', 'Scotland', 'loud', 2);
    setup.setTopicPolicy('hamlet@zulip.com', 'Scotland', 'followed', 3);
    const mutedTopicWildcard = await post('iago@zulip.com', 'Denmark', 'hush', '@**all**');
    const mutedTopicMention = await post('iago@zulip.com', 'Denmark', 'hush', '@**King Hamlet**');
    const mutedChannel = await post('iago@zulip.com', 'Scotland', 'quiet', '@**all**');
    const unmutedInMutedChannel = await post('iago@zulip.com', 'Scotland', 'loud', '@**all**');
    const followedInMutedChannel = await post('iago@zulip.com', 'Scotland', 'followed');
    const plainWildcard = await post('iago@zulip.com', 'Denmark', 'open', '@**all**');
    const directWildcard = await direct('iago@zulip.com', ['hamlet@zulip.com'], '@**all**');
    const { unread_msgs } = await hamlet.events.register(UNREAD_TYPES);
    expect(unread_msgs?.count).toBe(4);
    expect(unread_msgs?.mentions).toEqual(
      ascending([mutedTopicMention, unmutedInMutedChannel, plainWildcard, directWildcard]),
    );
    const listed = unread_msgs?.streams.flatMap((bucket) => bucket.unread_message_ids);
    expect(ascending(listed ?? [])).toEqual(
      ascending([mutedTopicWildcard, mutedTopicMention, mutedChannel, unmutedInMutedChannel, followedInMutedChannel, plainWildcard]),
    );
  });

  it('leaves out channels the user left, but not messages already read elsewhere', async () => {
    const hamlet = await freshHamlet();
    await post('iago@zulip.com', 'Scotland', 'gone');
    const kept = await post('iago@zulip.com', 'Denmark', 'kept');
    setup.unsubscribe('hamlet@zulip.com', 'Scotland');
    const { unread_msgs } = await hamlet.events.register(UNREAD_TYPES);
    expect(unread_msgs?.streams).toEqual([
      { stream_id: realm.channelId('Denmark'), topic: 'kept', unread_message_ids: [kept] },
    ]);
    expect(unread_msgs?.count).toBe(1);
  });

  // zerver/actions/streams.py bulk_remove_subscriptions queues `mark_stream_messages_as_read`
  // (zerver/worker/deferred_work.py); test_message_flags.py test_unsubscribed_stream_messages_unread.
  it('leaving channels marks their unread messages read, after the removal (events acceptance)', async () => {
    const hamlet = await freshHamlet();
    const scotland = [await post('iago@zulip.com', 'Scotland', 'gone'), await post('iago@zulip.com', 'Scotland', 'gone')];
    const denmark = await post('iago@zulip.com', 'Denmark', 'gone too');
    const kept = await post('iago@zulip.com', 'Verona', 'kept');
    const types = { event_types: ['message', 'update_message_flags', 'subscription'] };
    const events = await verifyAction(hamlet, () => hamlet.subscriptions.remove({ subscriptions: ['Scotland', 'Denmark'] }), types);
    expect(events.map((event) => event && [event.type, 'messages' in event ? event.messages : undefined])).toEqual([
      ['subscription', undefined],
      // One event per channel, merged in the queue as the server's queue merges undelivered flag events.
      ['update_message_flags', [...scotland, denmark]],
    ]);
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'Scotland' }, { name: 'Denmark' }] });
    const { unread_msgs } = await hamlet.events.register(UNREAD_TYPES);
    expect(unread_msgs?.streams.flatMap((bucket) => bucket.unread_message_ids)).toEqual([kept]);
    const copies = realm.mock.store.userMessages;
    expect([...scotland, denmark].map((id) => copies.hasFlag(realm.userId('hamlet@zulip.com'), id, 'read'))).toEqual([true, true, true]);
  });

  // The mock walks the channel's messages when the channel is smaller than the user's copies.
  it('leaving a channel with fewer messages than one has unread marks only that channel read', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    realm.mock.create.channel({ name: 'tiny', subscribers: ['hamlet@zulip.com', 'iago@zulip.com'] });
    const tiny = await post('iago@zulip.com', 'tiny', 'small');
    const before = (await hamlet.events.register(UNREAD_TYPES)).unread_msgs?.count ?? 0;
    expect(before).toBeGreaterThan(2);
    await hamlet.subscriptions.remove({ subscriptions: ['tiny'] });
    expect(realm.mock.store.userMessages.hasFlag(realm.userId('hamlet@zulip.com'), tiny, 'read')).toBe(true);
    expect((await hamlet.events.register(UNREAD_TYPES)).unread_msgs?.count).toBe(before - 1);
  });

  // Denmark outgrows hamlet's copies, so the leave lists his unread IDs, and tiny then walks its
  // one message rather than that list: both ways in one request, the same IDs marked.
  it('leaving a channel bigger than all of one\'s copies and a tiny one in one request marks both', async () => {
    const hamlet = await freshHamlet();
    const { store } = realm.mock;
    const userId = realm.userId('hamlet@zulip.com');
    const denmark = [await post('iago@zulip.com', 'Denmark', 'big'), await post('iago@zulip.com', 'Denmark', 'big')];
    const template = store.tables.message.get(denmark[0] ?? 0);
    if (!template) throw new Error('no message');
    // History from before hamlet subscribed: messages of Denmark he has no copy of.
    for (let index = store.userMessages.count(userId); index >= 0; index--) {
      store.tables.message.insert({ ...template, id: store.ids.next('message'), dm_user_ids: [] });
    }
    realm.mock.create.channel({ name: 'tiny', subscribers: ['hamlet@zulip.com', 'iago@zulip.com'] });
    const tiny = await post('iago@zulip.com', 'tiny', 'small');
    const kept = await post('iago@zulip.com', 'Verona', 'kept');
    expect(store.channelMessageIds(realm.channelId('Denmark')).size).toBeGreaterThan(store.userMessages.count(userId));
    const types = { event_types: ['message', 'update_message_flags', 'subscription'] };
    const events = await verifyAction(hamlet, () => hamlet.subscriptions.remove({ subscriptions: ['Denmark', 'tiny'] }), types);
    expect(events.map((event) => event && [event.type, 'messages' in event ? event.messages : undefined])).toEqual([
      ['subscription', undefined],
      ['update_message_flags', [...denmark, tiny]],
    ]);
    const { unread_msgs } = await hamlet.events.register(UNREAD_TYPES);
    expect(unread_msgs?.streams.flatMap((bucket) => bucket.unread_message_ids)).toEqual([kept]);
  });

  it('names the empty topic by the display name unless the client declared empty_topic_name', async () => {
    const hamlet = await freshHamlet();
    await post('iago@zulip.com', 'Denmark', '');
    const topicFor = async (empty_topic_name: boolean) =>
      (await hamlet.events.register({ ...UNREAD_TYPES, client_capabilities: { notification_settings_null: true, empty_topic_name } }))
        .unread_msgs?.streams[0]?.topic;
    expect(await topicFor(false)).toBe('general chat');
    expect(await topicFor(true)).toBe('');
  });

  it('counts at most the newest 50,000 unread messages and then says old_unreads_missing', async () => {
    const hamlet = await freshHamlet();
    const { store } = realm.mock;
    const userId = realm.userId('hamlet@zulip.com');
    const channel = store.channelByName('Denmark');
    if (!channel) throw new Error('no Denmark');
    const template = store.tables.message.get(await post('iago@zulip.com', 'Denmark', 'bulk'));
    if (!template) throw new Error('no message');
    for (let index = 0; index < 50_000; index++) {
      const id = store.ids.next('message');
      store.tables.message.insert({ ...template, id, dm_user_ids: [] });
      store.userMessages.add(userId, id, []);
    }
    const { unread_msgs } = await hamlet.events.register(UNREAD_TYPES);
    expect(unread_msgs?.old_unreads_missing).toBe(true);
    expect(unread_msgs?.count).toBe(50_000);
    expect(unread_msgs?.streams[0]?.unread_message_ids).not.toContain(template.id);
    // Building 50,000 records takes many seconds on a loaded 2-core machine.
  }, 180_000);
});

describe('applyEvent: unread_msgs without the subscription or user_topic state', () => {
  // The regression: a muted channel's message (and its wildcard mention) was counted, as
  // `unread_msgs` itself does not say which channels and topics are muted.
  it('takes the muting from the context, as the server from its database (events acceptance)', async () => {
    const hamlet = await freshHamlet();
    setup.muteChannel('hamlet@zulip.com', 'Scotland');
    setup.setTopicPolicy('hamlet@zulip.com', 'Denmark', 'hush', 1);
    setup.setTopicPolicy('hamlet@zulip.com', 'Scotland', 'loud', 2);
    const userTopics = [
      { stream_id: realm.channelId('Denmark'), topic_name: 'Hush', visibility_policy: 1 },
      { stream_id: realm.channelId('Scotland'), topic_name: 'loud', visibility_policy: 2 },
    ];
    const context = { userId: realm.userId('hamlet@zulip.com'), mutedChannelIds: [realm.channelId('Scotland')], userTopics };
    const initial = await hamlet.events.register(UNREAD_TYPES);
    await verifyAction(
      hamlet,
      async () => {
        await post('iago@zulip.com', 'Scotland', 'quiet', '@**all**');
        await post('iago@zulip.com', 'Scotland', 'loud', '@**all**');
        await post('iago@zulip.com', 'Denmark', 'hush', '@**all**');
        await post('iago@zulip.com', 'Denmark', 'open');
      },
      UNREAD_TYPES,
      context,
    );
    const { unread_msgs } = await hamlet.events.register(UNREAD_TYPES);
    expect(unread_msgs?.count).toBe((initial.unread_msgs?.count ?? 0) + 2);
  });
});

describe('applyEvent: unread_msgs', () => {
  const base: RegisteredState = {
    queue_id: 'q',
    last_event_id: -1,
    zulip_feature_level: 1,
    zulip_version: 'x',
    user_topics: [],
    unread_msgs: {
      count: 2,
      pms: [],
      streams: [{ stream_id: 5, topic: 'Castle', unread_message_ids: [10, 11] }],
      huddles: [],
      mentions: [],
      old_unreads_missing: false,
    },
  };
  const directMessage = {
    id: 0,
    type: 'message' as const,
    flags: [],
    message: {
      id: 20,
      type: 'private' as const,
      sender_id: 7,
      sender_email: 'a@x',
      sender_full_name: 'A',
      sender_realm_str: 'x',
      avatar_url: null,
      client: 'test',
      content: 'hi',
      content_type: 'text/x-markdown' as const,
      display_recipient: [
        { id: 3, email: 'me@x', full_name: 'Me', is_mirror_dummy: false },
        { id: 7, email: 'a@x', full_name: 'A', is_mirror_dummy: false },
      ],
      recipient_id: 1,
      subject: '',
      topic_links: [],
      timestamp: 0,
      is_me_message: false,
      reactions: [],
      submessages: [],
    },
  };

  it('needs your own user ID for a one-on-one direct message, and says how to give it', () => {
    expect(() => applyEvent(base, directMessage)).toThrow(/pass \{ userId \}/);
    const expected = [{ other_user_id: 7, sender_id: 7, unread_message_ids: [20] }];
    expect(applyEvent(base, directMessage, { userId: 3 }).unread_msgs?.pms).toEqual(expected);
    expect(applyEvent({ ...base, user_id: 3 }, directMessage).unread_msgs?.pms).toEqual(expected);
  });

  it("muting a topic takes its unread messages out of count; unmuting puts them back", () => {
    const muted = applyEvent(base, { id: 0, type: 'user_topic', stream_id: 5, topic_name: 'castle', last_updated: 1, visibility_policy: 1 });
    expect(muted.unread_msgs?.count).toBe(0);
    const unmuted = applyEvent(muted, { id: 1, type: 'user_topic', stream_id: 5, topic_name: 'castle', last_updated: 2, visibility_policy: 0 });
    expect(unmuted.unread_msgs?.count).toBe(2);
    expect(base.unread_msgs?.count).toBe(2);
  });

  it('a channel muted in the subscriptions state leaves its new messages out of count, except unmuted topics', () => {
    const streamMessage = (id: number, topic: string) => ({
      ...directMessage,
      message: { ...directMessage.message, id, type: 'stream' as const, stream_id: 5, subject: topic, display_recipient: 'Denmark' },
    });
    // Only the fields the unread counter reads; a real subscription has many more.
    const subscriptions = [{ stream_id: 5, name: 'Denmark', is_muted: true }] as unknown as RegisteredState['subscriptions'];
    const mutedChannel = { ...base, subscriptions };
    expect(applyEvent(mutedChannel, streamMessage(30, 'castle')).unread_msgs?.count).toBe(2);
    const withUnmutedTopic = {
      ...mutedChannel,
      user_topics: [{ stream_id: 5, topic_name: 'moat', last_updated: 1, visibility_policy: 2 }],
    };
    expect(applyEvent(withUnmutedTopic, streamMessage(31, 'Moat')).unread_msgs?.count).toBe(3);
    expect(applyEvent(base, streamMessage(32, 'castle')).unread_msgs?.count).toBe(3);
  });

  it('mark-all-as-read empties it; other flags leave it alone', () => {
    const starred = applyEvent(base, { id: 0, type: 'update_message_flags', op: 'add', flag: 'starred', messages: [10], all: false });
    expect(starred).toEqual(base);
    const cleared = applyEvent(base, { id: 1, type: 'update_message_flags', op: 'add', flag: 'read', messages: [], all: true });
    expect(cleared.unread_msgs).toEqual({ count: 0, pms: [], streams: [], huddles: [], mentions: [], old_unreads_missing: false });
  });
});
