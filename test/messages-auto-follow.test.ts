import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED } from '../mock/index';
import type { SeedInput } from '../mock/seed/schema';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const FOLLOWED = 3;
const UNMUTED = 2;
const MUTED = 1;

/** The default realm, with user overrides merged in by email and Scotland muted by Othello. */
function seedWith(overrides: Record<string, object>): SeedInput {
  return {
    ...DEFAULT_SEED,
    users: DEFAULT_SEED.users.map((user) => ({ ...user, ...overrides[user.email] })),
    channels: (DEFAULT_SEED.channels ?? []).map((channel) =>
      channel.name === 'Scotland' ? { ...channel, muted_by: ['othello@zulip.com'] } : channel,
    ),
  };
}

const realm = useTestRealm({
  seed: seedWith({
    'shiva@zulip.com': { automatically_follow_topics_policy: 2 },
    'prospero@zulip.com': { automatically_follow_topics_policy: 4 },
    'cordelia@zulip.com': { automatically_follow_topics_where_mentioned: false },
  }),
});

const idOf = (email: string) => realm.userId(email);
const channelId = (name: string) => realm.channelId(name);

function policyOf(email: string, channel: string, topic: string): number | undefined {
  return realm.mock.store.userTopic(idOf(email), channelId(channel), topic)?.visibility_policy;
}

function send(email: string, to: string, topic: string, content = 'hello') {
  return realm.clientFor(email).messages.send({ type: 'channel', to, topic, content });
}

describe('automatic follow on send (defaults: follow on initiation, unmute on send)', () => {
  it('the sender who starts a topic follows it and the response says so; later messages change nothing', async () => {
    const first = await send('hamlet@zulip.com', 'Verona', 'New plans');
    expect(first.automatic_new_visibility_policy).toBe(FOLLOWED);
    expect(policyOf('hamlet@zulip.com', 'Verona', 'new plans')).toBe(FOLLOWED);
    const again = await send('hamlet@zulip.com', 'Verona', 'NEW PLANS');
    expect(again).not.toHaveProperty('automatic_new_visibility_policy');
    // Someone replying to a topic they did not start does not follow it.
    const reply = await send('iago@zulip.com', 'Verona', 'new plans');
    expect(reply).not.toHaveProperty('automatic_new_visibility_policy');
    expect(policyOf('iago@zulip.com', 'Verona', 'new plans')).toBeUndefined();
  });

  it('keeps the casing of the topic as first written', async () => {
    await send('hamlet@zulip.com', 'Verona', 'Casing Matters');
    await send('othello@zulip.com', 'Verona', 'casing matters', '@**King Hamlet**');
    const record = realm.mock.store.userTopic(idOf('hamlet@zulip.com'), channelId('Verona'), 'CASING MATTERS');
    expect(record).toMatchObject({ topic_name: 'Casing Matters', visibility_policy: FOLLOWED });
  });

  it('sending to a muted channel unmutes the topic for the sender', async () => {
    const sent = await send('othello@zulip.com', 'Scotland', 'weather');
    expect(sent.automatic_new_visibility_policy).toBe(UNMUTED);
    expect(policyOf('othello@zulip.com', 'Scotland', 'weather')).toBe(UNMUTED);
    expect(await send('othello@zulip.com', 'Scotland', 'weather')).not.toHaveProperty(
      'automatic_new_visibility_policy',
    );
  });

  it('a channel muted and then unsubscribed from is no longer muted for the sender: nothing to unmute (acceptance test)', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    await othello.subscriptions.remove({ subscriptions: ['Scotland'] });
    expect(realm.mock.store.subscription(idOf('othello@zulip.com'), channelId('Scotland'))?.is_muted).toBe(true);
    const events = await verifyAction(othello, async () => {
      const sent = await send('othello@zulip.com', 'Scotland', 'weather');
      expect(sent).not.toHaveProperty('automatic_new_visibility_policy');
    });
    expect(events.filter((event) => event?.type === 'user_topic')).toEqual([]);
    expect(policyOf('othello@zulip.com', 'Scotland', 'weather')).toBeUndefined();
  });

  it('starting a topic in a muted channel follows it (follow wins over unmute)', async () => {
    const sent = await send('othello@zulip.com', 'Scotland', 'brand new');
    expect(sent.automatic_new_visibility_policy).toBe(FOLLOWED);
  });

  it('"unmute on initiation" unmutes a topic the sender starts in a muted channel, when following is off', async () => {
    realm.mock.store.tables.user.update(idOf('othello@zulip.com'), {
      automatically_follow_topics_policy: 4,
      automatically_unmute_topics_in_muted_streams_policy: 3,
    });
    expect((await send('othello@zulip.com', 'Scotland', 'another')).automatic_new_visibility_policy).toBe(UNMUTED);
    expect(await send('othello@zulip.com', 'Scotland', 'weather')).not.toHaveProperty('automatic_new_visibility_policy');
  });

  it('"on send" follows any topic the user writes to; "never" follows none', async () => {
    expect((await send('shiva@zulip.com', 'Verona', 'greetings')).automatic_new_visibility_policy).toBe(FOLLOWED);
    expect(await send('shiva@zulip.com', 'Verona', 'greetings')).not.toHaveProperty('automatic_new_visibility_policy');
    expect(await send('prospero@zulip.com', 'Verona', 'fresh topic')).not.toHaveProperty(
      'automatic_new_visibility_policy',
    );
    expect(policyOf('prospero@zulip.com', 'Verona', 'fresh topic')).toBeUndefined();
  });

  it('a muted topic is not followed on initiation-only settings', async () => {
    const { store } = realm.mock;
    store.tables.userTopic.insert({
      key: `${idOf('hamlet@zulip.com')}:${channelId('Verona')}:quiet`,
      user_id: idOf('hamlet@zulip.com'),
      channel_id: channelId('Verona'),
      topic_name: 'quiet',
      visibility_policy: MUTED,
      last_updated: 0,
    });
    expect(await send('hamlet@zulip.com', 'Verona', 'quiet')).not.toHaveProperty('automatic_new_visibility_policy');
    expect(policyOf('hamlet@zulip.com', 'Verona', 'quiet')).toBe(MUTED);
  });

  it('bots never follow automatically', async () => {
    const sent = await send('default-bot@zulip.com', 'Verona', 'bot topic');
    expect(sent).not.toHaveProperty('automatic_new_visibility_policy');
    expect(policyOf('default-bot@zulip.com', 'Verona', 'bot topic')).toBeUndefined();
  });

  it('direct messages have no topic to follow', async () => {
    const sent = await realm.clientFor('hamlet@zulip.com').messages.send({
      type: 'direct',
      to: ['iago@zulip.com'],
      content: 'hi',
    });
    expect(sent).not.toHaveProperty('automatic_new_visibility_policy');
    expect(realm.mock.store.tables.userTopic.size).toBe(0);
  });

  it('in a channel with protected history, a topic the sender cannot see earlier messages of counts as started', async () => {
    const { store } = realm.mock;
    const core = channelId('core team');
    store.tables.channel.update(core, { history_public_to_subscribers: false });
    store.tables.subscription.insert({
      id: store.ids.next('subscription'),
      user_id: idOf('othello@zulip.com'),
      channel_id: core,
      active: true,
      is_muted: false,
      color: '#76ce90',
    });
    expect((await send('othello@zulip.com', 'core team', 'plans')).automatic_new_visibility_policy).toBe(FOLLOWED);
    // Hamlet received the earlier message, so for him the topic was already started.
    expect(await send('hamlet@zulip.com', 'core team', 'plans')).not.toHaveProperty('automatic_new_visibility_policy');
  });
});

// semantics.md §10.1 says group mentions do not count; the server's code says they do: it follows
// `mentions_user_ids`, to which build_message_send_dict adds the active members of every mentioned
// group, intersected with the message's active human recipients. The code wins.
describe('automatic follow on mention', () => {
  it('follows the topic for each active human mentioned by name or through a group, not for silent or wildcard mentions', async () => {
    await send('iago@zulip.com', 'Verona', 'greetings', '@**Othello, the Moor of Venice** @_**Shiva** @*hamletcharacters* @**all**');
    expect(policyOf('othello@zulip.com', 'Verona', 'greetings')).toBe(FOLLOWED);
    expect(policyOf('shiva@zulip.com', 'Verona', 'greetings')).toBeUndefined();
    // Hamlet is a member of hamletcharacters (Cordelia too, but she turned the setting off).
    expect(policyOf('hamlet@zulip.com', 'Verona', 'greetings')).toBe(FOLLOWED);
    expect(policyOf('cordelia@zulip.com', 'Verona', 'greetings')).toBeUndefined();
  });

  it('a mentioned user who does not receive the message (not subscribed) does not follow', async () => {
    // Prospero is not subscribed to Denmark; Othello, subscribed, is mentioned through a new group.
    const iago = realm.clientFor('iago@zulip.com');
    await iago.userGroups.create({ name: 'crew', description: 'd', members: [idOf('othello@zulip.com'), idOf('prospero@zulip.com')] });
    await verifyAction(realm.clientFor('othello@zulip.com'), () =>
      send('hamlet@zulip.com', 'Denmark', 'castle', '@**Prospero from The Tempest** @*crew*'),
    );
    expect(realm.mock.store.isSubscribed(idOf('prospero@zulip.com'), channelId('Denmark'))).toBe(false);
    expect(policyOf('prospero@zulip.com', 'Denmark', 'castle')).toBeUndefined();
    expect(policyOf('othello@zulip.com', 'Denmark', 'castle')).toBe(FOLLOWED);
  });

  it('respects the setting, an explicit mute and bots', async () => {
    await send('iago@zulip.com', 'Scotland', 'weather', '@**Othello, the Moor of Venice**');
    expect(policyOf('othello@zulip.com', 'Scotland', 'weather')).toBe(FOLLOWED);
    await send('iago@zulip.com', 'Verona', 'greetings', "@**Cordelia, Lear's daughter** @**Zulip Default Bot**");
    expect(policyOf('cordelia@zulip.com', 'Verona', 'greetings')).toBeUndefined();
    expect(policyOf('default-bot@zulip.com', 'Verona', 'greetings')).toBeUndefined();
    const { store } = realm.mock;
    const hamlet = idOf('hamlet@zulip.com');
    store.tables.userTopic.insert({
      key: `${hamlet}:${channelId('Denmark')}:castle`,
      user_id: hamlet,
      channel_id: channelId('Denmark'),
      topic_name: 'castle',
      visibility_policy: MUTED,
      last_updated: 0,
    });
    await send('iago@zulip.com', 'Denmark', 'castle', '@**King Hamlet**');
    expect(policyOf('hamlet@zulip.com', 'Denmark', 'castle')).toBe(MUTED);
  });
});
