import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMockServer, ManualClock, type MockServer, SeedError, type SeedInput } from '../mock/index';
import type { ChatClient } from '../src/index';
import { expectApiError } from './support/failure';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const DAY_MS = 86_400_000;
const BOSS = 'boss@acme.test';
const DEV = 'dev@acme.test';
/** In no channel: reads public channels' history, not private ones. */
const OUTSIDER = 'out@acme.test';

type SeedMessages = NonNullable<SeedInput['messages']>;

function seedWith(messages: SeedMessages, realm: SeedInput['realm'] = {}): SeedInput {
  return {
    realm,
    users: [
      { email: BOSS, full_name: 'The Boss', role: 'owner' },
      // Follows topics on participation: a seeded reaction must not make it follow.
      { email: DEV, full_name: 'A Developer', automatically_follow_topics_policy: 1 },
      { email: OUTSIDER, full_name: 'An Outsider' },
    ],
    channels: [
      { name: 'general', subscribers: [BOSS, DEV] },
      { name: 'secret', invite_only: true, subscribers: [BOSS] },
    ],
    realm_emoji: [{ name: 'party' }, { name: 'gone', deactivated: true }],
    messages,
  };
}

function realmWith(messages: SeedMessages, realm: SeedInput['realm'] = {}): { mock: MockServer<ManualClock>; clock: ManualClock } {
  const clock = new ManualClock(NOW);
  return { mock: createMockServer({ clock, seed: seedWith(messages, realm) }), clock };
}

function refusal(messages: SeedMessages, message: string): void {
  const clock = new ManualClock(NOW);
  expect(() => createMockServer({ clock, seed: seedWith(messages) })).toThrow(new SeedError(message));
}

async function allMessages(client: ChatClient) {
  return (await client.messages.list({ anchor: 'oldest', num_before: 0, num_after: 100 })).messages;
}

const inGeneral = (content: string, extra: Partial<SeedMessages[number]> = {}): SeedMessages[number] => ({
  sender: BOSS,
  channel: 'general',
  topic: 'standup',
  content,
  ...extra,
});

const iso = (ms: number) => new Date(ms).toISOString();

describe('seeded messages: timestamp', () => {
  it("is the message's send time: GET /messages and the edit history show it; without one, the clock's now at load", async () => {
    const { mock } = realmWith([inGeneral('yesterday', { timestamp: '2026-11-20T09:30:00+01:00' }), inGeneral('now')]);
    const boss = mock.clientFor(BOSS);
    const [old, current] = await allMessages(boss);
    expect(old?.timestamp).toBe(Date.parse('2026-11-20T08:30:00Z') / 1000);
    expect(current?.timestamp).toBe(NOW / 1000);
    const { message_history } = await boss.messages.history({ message_id: old?.id ?? 0 });
    expect(message_history[0]?.timestamp).toBe(Date.parse('2026-11-20T08:30:00Z') / 1000);
  });

  it("an old seeded message is past the edit and delete time limits (600 s): its sender is refused, a recent one's accepted", async () => {
    const { mock } = realmWith([
      inGeneral('an hour ago', { sender: DEV, timestamp: iso(NOW - 3_600_000) }),
      inGeneral('a minute ago', { sender: DEV, timestamp: iso(NOW - 60_000) }),
    ]);
    const dev = mock.clientFor(DEV);
    const [old, recent] = await allMessages(dev);
    await expectApiError(dev.messages.update({ message_id: old?.id ?? 0, content: 'edited' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'The time limit for editing this message has passed',
    });
    await dev.messages.update({ message_id: recent?.id ?? 0, content: 'edited' });
    await expectApiError(dev.messages.delete({ message_id: old?.id ?? 0 }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'The time limit for deleting this message has passed',
    });
    await dev.messages.delete({ message_id: recent?.id ?? 0 });
  });

  it("retention deletes a seeded message older than the realm's message_retention_days when its job runs", async () => {
    const { mock, clock } = realmWith(
      [inGeneral('31 days old', { timestamp: iso(NOW - 31 * DAY_MS) }), inGeneral('29 days old', { timestamp: iso(NOW - 29 * DAY_MS) })],
      { message_retention_days: 30 },
    );
    expect(mock.store.tables.message.all()).toHaveLength(2);
    const boss = mock.clientFor(BOSS);
    expect((await allMessages(boss)).map((message) => message.content)).toEqual(['<p>29 days old</p>']);
    clock.advance(2 * DAY_MS);
    expect(await allMessages(boss)).toEqual([]);
  });

  it('refuses a time after the clock, before the message before it, or not an ISO 8601 date-time with an offset', () => {
    refusal(
      [inGeneral('from the future', { timestamp: '2026-11-21T12:00:01Z' })],
      "messages[0].timestamp: 2026-11-21T12:00:01Z is later than the realm clock's now (2026-11-21T12:00:00.000Z)",
    );
    refusal(
      [inGeneral('b', { timestamp: '2026-11-20T10:00:00Z' }), inGeneral('a', { timestamp: '2026-11-20T09:59:59Z' })],
      'messages[1].timestamp: 2026-11-20T09:59:59Z is earlier than messages[0] (2026-11-20T10:00:00.000Z): message IDs grow with send times, so seeded messages must be in time order',
    );
    // A message without a time is sent at the clock's now: an older one cannot follow it.
    refusal(
      [inGeneral('now'), inGeneral('before', { timestamp: '2026-11-20T10:00:00Z' })],
      'messages[1].timestamp: 2026-11-20T10:00:00Z is earlier than messages[0] (2026-11-21T12:00:00.000Z): message IDs grow with send times, so seeded messages must be in time order',
    );
    refusal(
      [inGeneral('local time', { timestamp: '2026-11-20T10:00:00' })],
      'messages[0].timestamp: must be an ISO 8601 date-time with an offset, e.g. 2026-11-20T09:30:00Z',
    );
  });
});

describe('seeded messages: reactions', () => {
  it('are stored as adding them stores them: codes and types in GET /messages, removable by the reactor through the API', async () => {
    const { mock } = realmWith([
      inGeneral('ship it', {
        reactions: [
          { emoji_name: '+1', by: [DEV, BOSS] },
          { emoji_name: 'party', by: [DEV] },
          { emoji_name: 'zulip', by: [BOSS] },
        ],
      }),
    ]);
    const dev = mock.clientFor(DEV);
    const [message] = await allMessages(dev);
    const devId = mock.store.userByDeliveryEmail(DEV)?.id;
    const bossId = mock.store.userByDeliveryEmail(BOSS)?.id;
    const party = String(mock.store.activeRealmEmojiByName('party')?.id);
    expect(message?.reactions).toEqual([
      { emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji', user_id: devId },
      { emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji', user_id: bossId },
      { emoji_name: 'party', emoji_code: party, reaction_type: 'realm_emoji', user_id: devId },
      { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'service_extra_emoji', user_id: bossId },
    ]);
    const queue = await dev.events.register({ event_types: ['reaction'] });
    await dev.reactions.remove({ message_id: message?.id ?? 0, emoji_name: 'party', emoji_code: party, reaction_type: 'realm_emoji' });
    const { events } = await dev.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id ?? -1, dont_block: true });
    expect(events).toMatchObject([{ type: 'reaction', op: 'remove', message_id: message?.id, emoji_code: party, user_id: devId }]);
    expect((await dev.messages.get({ message_id: message?.id ?? 0 })).message.reactions.map((reaction) => reaction.emoji_name)).toEqual([
      '+1',
      '+1',
      'zulip',
    ]);
  });

  it('give a reactor without a copy a historical one, as reacting through the API does, and make no one follow the topic', async () => {
    const { mock } = realmWith([inGeneral('hello', { reactions: [{ emoji_name: 'wave', by: [OUTSIDER, DEV] }] })]);
    // Without a narrow, only the messages the user has a copy of.
    expect((await allMessages(mock.clientFor(OUTSIDER))).map((message) => [message.content, message.flags])).toEqual([
      ['<p>hello</p>', ['read', 'historical']],
    ]);
    expect((await mock.clientFor(DEV).events.register({ fetch_event_types: ['user_topic'] })).user_topics).toEqual([]);
  });

  it('refuses an emoji the realm does not have, a user who may not read the message, and a reaction given twice', () => {
    refusal(
      [inGeneral('x', { reactions: [{ emoji_name: 'no_such_emoji', by: [DEV] }] })],
      "messages[0].reactions[0].emoji_name: Emoji 'no_such_emoji' does not exist (name an active custom emoji of realm_emoji, 'zulip' or a unicode emoji)",
    );
    refusal(
      [inGeneral('x', { reactions: [{ emoji_name: 'gone', by: [DEV] }] })],
      "messages[0].reactions[0].emoji_name: Emoji 'gone' does not exist (name an active custom emoji of realm_emoji, 'zulip' or a unicode emoji)",
    );
    refusal(
      [inGeneral('x', { reactions: [{ emoji_name: '+1', by: [DEV, 'nobody@acme.test'] }] })],
      "messages[0].reactions[0].by[1]: no user with email 'nobody@acme.test' in users",
    );
    // A typo of a seeded address names the one meant; `nobody@` above is close to no one.
    refusal(
      [inGeneral('x', { reactions: [{ emoji_name: '+1', by: [DEV, 'bos@acme.test'] }] })],
      "messages[0].reactions[0].by[1]: no user with email 'bos@acme.test' in users; did you mean 'boss@acme.test'?",
    );
    refusal(
      [inGeneral('x'), inGeneral('x', { channel: 'secret', reactions: [{ emoji_name: '+1', by: [BOSS, OUTSIDER] }] })],
      "messages[1].reactions[0].by[1]: 'out@acme.test' may not read this message, so cannot react to it",
    );
    refusal(
      [inGeneral('x', { reactions: [{ emoji_name: '+1', by: [DEV] }, { emoji_name: 'thumbs_up', by: [DEV] }] })],
      "messages[0].reactions[1].by[0]: 'dev@acme.test' cannot react with 'thumbs_up': Reaction already exists.",
    );
  });
});

describe('seeded messages: read_by', () => {
  it("marks the listed recipients' copies read and leaves the others unread; the sender's is read: flags and register's unread_msgs", async () => {
    const { mock } = realmWith([
      inGeneral('seen by dev', { read_by: [DEV] }),
      inGeneral('seen by nobody'),
      { sender: BOSS, to: [DEV, OUTSIDER], content: 'group note', read_by: [OUTSIDER] },
    ]);
    const dev = mock.clientFor(DEV);
    expect((await allMessages(dev)).map((message) => message.flags)).toEqual([['read'], [], []]);
    expect((await allMessages(mock.clientFor(BOSS))).map((message) => message.flags)).toEqual([['read'], ['read'], ['read']]);
    const [seen, unseen, note] = (await allMessages(dev)).map((message) => message.id);
    const generalId = mock.store.channelByName('general')?.id;
    const users = [BOSS, DEV, OUTSIDER].map((email) => mock.store.userByDeliveryEmail(email)?.id ?? 0);
    expect((await dev.events.register({})).unread_msgs).toMatchObject({
      count: 2,
      streams: [{ stream_id: generalId, topic: 'standup', unread_message_ids: [unseen] }],
      huddles: [{ user_ids_string: users.join(','), unread_message_ids: [note] }],
    });
    expect((await mock.clientFor(OUTSIDER).events.register({})).unread_msgs).toMatchObject({ count: 0, huddles: [] });
    expect(seen).toBeLessThan(unseen ?? 0);
  });

  it('"everyone": every recipient has read it', async () => {
    const { mock } = realmWith([inGeneral('old news', { read_by: 'everyone' }), { sender: BOSS, to: [DEV], content: 'hi', read_by: 'everyone' }]);
    const dev = mock.clientFor(DEV);
    expect((await allMessages(dev)).map((message) => message.flags)).toEqual([['read'], ['read']]);
    expect((await dev.events.register({})).unread_msgs).toMatchObject({ count: 0, streams: [], pms: [] });
  });

  it('refuses a user who did not receive the message, an unknown user and any other word than "everyone"', () => {
    refusal(
      [inGeneral('x', { read_by: [DEV, OUTSIDER] })],
      "messages[0].read_by[1]: 'out@acme.test' did not receive this message (only its recipients can have read it)",
    );
    refusal([inGeneral('x', { read_by: ['nobody@acme.test'] })], "messages[0].read_by[0]: no user with email 'nobody@acme.test' in users");
    refusal([inGeneral('x', { read_by: 'all' as never })], 'messages[0].read_by: Invalid input: expected "everyone"');
  });
});

describe('seeded messages: starred_by', () => {
  it('stars the message for each user, as the flags API does (a reader without a copy gets a historical one)', async () => {
    const { mock } = realmWith([inGeneral('remember this', { starred_by: [DEV, OUTSIDER] }), inGeneral('not this')]);
    const [starred] = await allMessages(mock.clientFor(DEV));
    expect(starred?.flags).toEqual(['starred']);
    expect((await mock.clientFor(DEV).events.register({ fetch_event_types: ['starred_messages'] })).starred_messages).toEqual([starred?.id]);
    const outsider = mock.clientFor(OUTSIDER);
    const { messages } = await outsider.messages.list({ anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'is', operand: 'starred' }] });
    expect(messages.map((message) => [message.id, message.flags])).toEqual([[starred?.id, ['read', 'starred', 'historical']]]);
  });

  it('refuses a user who may not read the message, and an unknown user', () => {
    refusal(
      [inGeneral('x', { channel: 'secret', starred_by: [OUTSIDER] })],
      "messages[0].starred_by[0]: 'out@acme.test' may not read this message, so cannot star it",
    );
    refusal([inGeneral('x', { starred_by: ['nobody@acme.test'] })], "messages[0].starred_by[0]: no user with email 'nobody@acme.test' in users");
  });
});

describe('seeded messages: time, reactions, read and starred state persist', () => {
  const history: SeedMessages = [
    inGeneral('yesterday', { timestamp: '2026-11-20T09:30:00Z', read_by: 'everyone', starred_by: [DEV], reactions: [{ emoji_name: '+1', by: [DEV] }] }),
    inGeneral('this morning', { timestamp: '2026-11-21T08:00:00Z' }),
  ];
  const view = async (mock: MockServer) =>
    (await allMessages(mock.clientFor(DEV))).map(({ timestamp, flags, reactions }) => ({ timestamp, flags, reactions }));

  it('through snapshot() and restore() into another realm, and reset()', async () => {
    const { mock } = realmWith(history);
    const seeded = await view(mock);
    expect(seeded.map((message) => message.flags)).toEqual([['read', 'starred'], []]);
    const other = createMockServer({ clock: new ManualClock(NOW + DAY_MS) });
    other.restore(JSON.parse(JSON.stringify(mock.snapshot())));
    expect(await view(other)).toEqual(seeded);
    const dev = mock.clientFor(DEV);
    await dev.flags.markAllAsRead();
    await dev.reactions.remove({ message_id: (await allMessages(dev))[0]?.id ?? 0, emoji_name: '+1' });
    mock.reset();
    expect(await view(mock)).toEqual(seeded);
  });
});

it('the seeds of docs/seed.md load; its message history example leaves the developer one unread message', async () => {
  const guide = readFileSync(fileURLToPath(new URL('../docs/seed.md', import.meta.url)), 'utf8');
  const seeds = [...guide.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => JSON.parse(match[1] ?? '') as SeedInput);
  expect(seeds).toHaveLength(2);
  const [, history] = seeds.map((seed) => createMockServer({ clock: new ManualClock(NOW), seed }));
  const dev = history!.clientFor(DEV);
  expect((await dev.events.register({})).unread_msgs).toMatchObject({ count: 1, pms: [{ other_user_id: history!.store.userByDeliveryEmail(BOSS)?.id }] });
  expect((await allMessages(dev)).map((message) => [message.flags, message.reactions.map((reaction) => reaction.emoji_name)])).toEqual([
    [['read', 'starred'], ['tada']],
    [['read'], []],
    [[], []],
  ]);
});
