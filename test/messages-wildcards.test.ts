import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED } from '../mock/index';
import type { SeedInput } from '../mock/seed/schema';
import { StreamWildcardMentionNotAllowedError, TopicWildcardMentionNotAllowedError } from '../src/index';
import { useTestRealm } from './support/mock';

const crowd = Array.from({ length: 16 }, (_, index) => ({
  email: `user${index}@zulip.com`,
  full_name: `User ${index}`,
}));

/** The default users plus the crowd, in one channel everyone is subscribed to, with these messages. */
function crowdedRealm(channel: string, messages: SeedInput['messages']) {
  const subscribers = ['iago@zulip.com', 'hamlet@zulip.com', ...crowd.map((user) => user.email)];
  return useTestRealm({
    seed: { ...DEFAULT_SEED, users: [...DEFAULT_SEED.users, ...crowd], messages, channels: [{ name: channel, subscribers }] },
  });
}

describe('wildcard mention permissions', () => {
  const big = crowdedRealm('crowded', []);

  it('a member may not use @**all** in a channel with more than 15 subscribers; an administrator may', async () => {
    const error = await big
      .clientFor('hamlet@zulip.com')
      .messages.send({ type: 'channel', to: 'crowded', topic: 't', content: '@**all** hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamWildcardMentionNotAllowedError);
    expect(error).toMatchObject({
      msg: 'You do not have permission to use channel wildcard mentions in this channel.',
      status: 400,
    });
    await expect(
      big
        .clientFor('iago@zulip.com')
        .messages.send({ type: 'channel', to: 'crowded', topic: 't', content: '@**all** hi' }),
    ).resolves.toHaveProperty('id');
    // Silent and quoted-code wildcards need no permission.
    await expect(
      big
        .clientFor('hamlet@zulip.com')
        .messages.send({ type: 'channel', to: 'crowded', topic: 't', content: '@_**all** `@**all**`' }),
    ).resolves.toHaveProperty('id');
  });
});

describe('topic wildcard permissions', () => {
  const big = crowdedRealm(
    'Verona',
    crowd.map((user) => ({ sender: user.email, channel: 'Verona', topic: 'busy', content: 'me too' })),
  );

  it('a member may not use @**topic** in a topic with more than 15 participants', async () => {
    const error = await big
      .clientFor('hamlet@zulip.com')
      .messages.send({ type: 'channel', to: 'Verona', topic: 'BUSY', content: '@**topic**' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TopicWildcardMentionNotAllowedError);
    expect(error).toMatchObject({ msg: 'You do not have permission to use topic wildcard mentions in this topic.' });
    await expect(
      big
        .clientFor('hamlet@zulip.com')
        .messages.send({ type: 'channel', to: 'Verona', topic: 'quiet', content: '@**topic**' }),
    ).resolves.toHaveProperty('id');
  });
});

describe('the wildcard-mention threshold counts active users only', () => {
  const crowd = Array.from({ length: 13 }, (_, index) => ({ email: `member${index}@zulip.com`, full_name: `Member ${index}` }));
  const gone = Array.from({ length: 5 }, (_, index) => ({
    email: `gone${index}@zulip.com`,
    full_name: `Gone ${index}`,
    is_active: false,
  }));
  const subscribers = ['iago@zulip.com', 'hamlet@zulip.com', ...crowd, ...gone].map((user) =>
    typeof user === 'string' ? user : user.email,
  );
  const crowded = useTestRealm({
    seed: {
      ...DEFAULT_SEED,
      users: [...DEFAULT_SEED.users, ...crowd, ...gone],
      channels: [{ name: 'crowded', subscribers }],
      messages: [],
    },
  });

  it('15 active and 5 deactivated subscribers still allow a member @**all**; a 16th active one does not', async () => {
    const hamlet = crowded.clientFor('hamlet@zulip.com');
    const all = { type: 'channel', to: 'crowded', topic: 't', content: '@**all** hi' } as const;
    await expect(hamlet.messages.send(all)).resolves.toHaveProperty('id');
    crowded.mock.store.tables.user.update(crowded.userId('gone0@zulip.com'), { is_active: true });
    expect(await hamlet.messages.send(all).catch((e: unknown) => e)).toBeInstanceOf(StreamWildcardMentionNotAllowedError);
  });
});

describe('topic participants are senders and those who reacted, deactivated ones included', () => {
  const fourteen = crowd.slice(0, 14);
  const big = crowdedRealm(
    'Verona',
    fourteen.map((user) => ({ sender: user.email, channel: 'Verona', topic: 'busy', content: 'me too' })),
  );

  it('a reaction makes a participant: flagged topic_wildcard_mentioned, and counted against the threshold', async () => {
    const hamlet = big.clientFor('hamlet@zulip.com');
    const iago = big.clientFor('iago@zulip.com');
    const { id } = await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'small', content: 'first' });
    await big.clientFor('user15@zulip.com').reactions.add({ message_id: id, emoji_name: 'octopus' });
    const mention = (await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'small', content: '@**topic** look' })).id;
    const flags = (email: string) => big.mock.store.userMessages.flags(big.userId(email), mention);
    expect(flags('user15@zulip.com')).toContain('topic_wildcard_mentioned');
    expect(flags('user14@zulip.com')).not.toContain('topic_wildcard_mentioned');
    // 14 senders and hamlet make 15: allowed. Iago reacting makes 16.
    const topicMention = { type: 'channel', to: 'Verona', topic: 'busy', content: '@**topic**' } as const;
    await expect(hamlet.messages.send(topicMention)).resolves.toHaveProperty('id');
    const busy = big.mock.store.topicMessageIds(big.channelId('Verona'), 'busy');
    await iago.reactions.add({ message_id: [...busy][0] ?? 0, emoji_name: 'octopus' });
    expect(await hamlet.messages.send(topicMention).catch((e: unknown) => e)).toBeInstanceOf(TopicWildcardMentionNotAllowedError);
    // Deactivated participants still count.
    for (const email of ['user0@zulip.com', 'user1@zulip.com']) big.mock.store.tables.user.update(big.userId(email), { is_active: false });
    expect(await hamlet.messages.send(topicMention).catch((e: unknown) => e)).toBeInstanceOf(TopicWildcardMentionNotAllowedError);
  });
});
