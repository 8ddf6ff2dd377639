import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../src/index';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

async function send(to: string, topic = 'reactions'): Promise<number> {
  const { id } = await realm.clientFor('iago@zulip.com').messages.send({ type: 'channel', to, topic, content: 'react' });
  return id;
}

function userObject(email: string) {
  const user = realm.mock.store.userByDeliveryEmail(email);
  if (!user) throw new Error(`no ${email}`);
  return { user_id: user.id, email: user.email, full_name: user.full_name };
}

/** The event types a fresh queue of each user received while `action` ran. */
async function eventTypesSeenBy(emails: readonly string[], action: () => Promise<unknown>) {
  const queues = await Promise.all(
    emails.map(async (email) => {
      const client = realm.clientFor(email);
      const { queue_id, last_event_id } = await client.events.register({ event_types: ['reaction'] });
      return { email, client, queue_id: queue_id ?? '', last_event_id };
    }),
  );
  await action();
  const seen: Record<string, string[]> = {};
  for (const { email, client, queue_id, last_event_id } of queues) {
    const { events } = await client.events.get({ queue_id, last_event_id, dont_block: true });
    seen[email] = events.map((event) => `${event.type}:${String((event as { op?: string }).op)}`);
  }
  return seen;
}

describe('reaction events', () => {
  it('adding: the acceptance test holds, and the event is exactly the server payload', async () => {
    const id = await send('Denmark');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(realm.clientFor('othello@zulip.com'), () =>
      hamlet.reactions.add({ message_id: id, emoji_name: 'octopus' }),
    );
    expect(events).toEqual([
      {
        id: 0,
        type: 'reaction',
        op: 'add',
        user_id: realm.userId('hamlet@zulip.com'),
        user: userObject('hamlet@zulip.com'),
        message_id: id,
        emoji_name: 'octopus',
        emoji_code: '1f419',
        reaction_type: 'unicode_emoji',
      },
    ]);
  });

  it('removing: the acceptance test holds, and the event names the removed reaction', async () => {
    const id = await send('Denmark');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.reactions.add({ message_id: id, emoji_name: 'green_tick' });
    const code = String(realm.mock.store.activeRealmEmojiByName('green_tick')?.id);
    const events = await verifyAction(hamlet, () =>
      hamlet.reactions.remove({ message_id: id, emoji_code: code, reaction_type: 'realm_emoji' }),
    );
    expect(events).toEqual([
      {
        id: 0,
        type: 'reaction',
        op: 'remove',
        user_id: realm.userId('hamlet@zulip.com'),
        user: userObject('hamlet@zulip.com'),
        message_id: id,
        emoji_name: 'green_tick',
        emoji_code: code,
        reaction_type: 'realm_emoji',
      },
    ]);
  });

  it('a vote carries the existing reaction name', async () => {
    const id = await send('Denmark');
    await realm.clientFor('hamlet@zulip.com').reactions.add({ message_id: id, emoji_name: '+1' });
    const othello = realm.clientFor('othello@zulip.com');
    const events = await verifyAction(othello, () => othello.reactions.add({ message_id: id, emoji_name: 'thumbs_up' }));
    expect(events).toMatchObject([{ type: 'reaction', op: 'add', emoji_name: '+1', emoji_code: '1f44d' }]);
  });

  it('following on participation: muted_topics and user_topic, then reaction (the acceptance test holds)', async () => {
    const othelloId = realm.userId('othello@zulip.com');
    realm.mock.store.tables.user.update(othelloId, { automatically_follow_topics_policy: 1 });
    const id = await send('Denmark', 'participation');
    const othello = realm.clientFor('othello@zulip.com');
    const events = await verifyAction(othello, () => othello.reactions.add({ message_id: id, emoji_name: 'heart' }));
    expect(events.map((event) => event?.type)).toEqual(['muted_topics', 'user_topic', 'reaction']);
    expect(events[1]).toMatchObject({ stream_id: realm.channelId('Denmark'), topic_name: 'participation', visibility_policy: 3 });
  });

  it('a custom emoji and the extra emoji, through the acceptance test', async () => {
    const id = await send('Verona');
    const polonius = realm.clientFor('polonius@zulip.com');
    for (const emoji_name of ['green_tick', 'zulip']) {
      await verifyAction(polonius, () => polonius.reactions.add({ message_id: id, emoji_name }));
    }
  });

  it('in a public channel: subscribers get it; non-subscribers and guests do not, until they hold a copy', async () => {
    const id = await send('Denmark');
    const watchers = ['othello@zulip.com', 'prospero@zulip.com', 'polonius@zulip.com', 'iago@zulip.com'];
    const first = await eventTypesSeenBy(watchers, () =>
      realm.clientFor('hamlet@zulip.com').reactions.add({ message_id: id, emoji_name: 'octopus' }),
    );
    expect(first).toEqual({
      'othello@zulip.com': ['reaction:add'],
      'prospero@zulip.com': [],
      'polonius@zulip.com': [],
      'iago@zulip.com': ['reaction:add'],
    });
    // Prospero reacts, which gives him a (historical) copy: from then on he gets the events.
    await realm.clientFor('prospero@zulip.com').reactions.add({ message_id: id, emoji_name: 'octopus' });
    const second = await eventTypesSeenBy(['prospero@zulip.com'], () =>
      realm.clientFor('hamlet@zulip.com').reactions.remove({ message_id: id, emoji_name: 'octopus' }),
    );
    expect(second).toEqual({ 'prospero@zulip.com': ['reaction:remove'] });
  });

  it('in a private channel only subscribers; in a direct message only its participants', async () => {
    const core = await send('core team');
    const privateSeen = await eventTypesSeenBy(['desdemona@zulip.com', 'othello@zulip.com'], () =>
      realm.clientFor('hamlet@zulip.com').reactions.add({ message_id: core, emoji_name: 'octopus' }),
    );
    expect(privateSeen).toEqual({ 'desdemona@zulip.com': ['reaction:add'], 'othello@zulip.com': [] });
    const { id: dm } = await realm
      .clientFor('hamlet@zulip.com')
      .messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'psst' });
    const dmSeen = await eventTypesSeenBy(['hamlet@zulip.com', 'othello@zulip.com', 'iago@zulip.com'], () =>
      realm.clientFor('othello@zulip.com').reactions.add({ message_id: dm, emoji_name: 'wave' }),
    );
    expect(dmSeen).toEqual({
      'hamlet@zulip.com': ['reaction:add'],
      'othello@zulip.com': ['reaction:add'],
      'iago@zulip.com': [],
    });
  });

  it('a queue narrowed elsewhere still gets reactions; a queue without the reaction type does not', async () => {
    const id = await send('Denmark');
    const othello: ChatClient = realm.clientFor('othello@zulip.com');
    const narrowed = await othello.events.register({ narrow: [['channel', 'Verona']] });
    const messagesOnly = await othello.events.register({ event_types: ['message'] });
    await realm.clientFor('hamlet@zulip.com').reactions.add({ message_id: id, emoji_name: 'octopus' });
    const read = async (queue: { queue_id?: string | null | undefined; last_event_id: number }) =>
      (await othello.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true }))
        .events;
    expect((await read(narrowed)).map((event) => event.type)).toEqual(['reaction']);
    expect(await read(messagesOnly)).toEqual([]);
  });

  it('a failed request records no event', async () => {
    const id = await send('Denmark');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.reactions.add({ message_id: id, emoji_name: 'octopus' });
    const events = await verifyAction(hamlet, () =>
      hamlet.reactions.add({ message_id: id, emoji_name: 'octopus' }).catch(() => undefined),
    );
    expect(events).toEqual([]);
  });
});
