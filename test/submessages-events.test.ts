import { describe, expect, it } from 'vitest';
import { applyEvent, type ChatClient } from '../src/index';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';

async function send(to: string, content = '/poll Lunch?\nPizza'): Promise<number> {
  return (await realm.clientFor(HAMLET).messages.send({ type: 'channel', to, topic: 'widgets', content })).id;
}

function vote(client: ChatClient, message_id: number) {
  return client.messages.addSubmessage({ message_id, msg_type: 'widget', content: '{"type": "vote", "key": "canned,0", "vote": 1}' });
}

/** The submessage events a fresh queue of each user received while `action` ran. */
async function submessageEventsSeenBy(emails: readonly string[], action: () => Promise<unknown>) {
  const queues = await Promise.all(
    emails.map(async (email) => {
      const client = realm.clientFor(email);
      const { queue_id, last_event_id } = await client.events.register({ event_types: ['submessage'] });
      return { email, client, queue_id: queue_id ?? '', last_event_id };
    }),
  );
  await action();
  const seen: Record<string, number> = {};
  for (const { email, client, queue_id, last_event_id } of queues) {
    const { events } = await client.events.get({ queue_id, last_event_id, dont_block: true });
    seen[email] = events.filter((event) => event.type === 'submessage').length;
  }
  return seen;
}

describe('submessage events', () => {
  it('a vote: the acceptance test holds, and the event is exactly the server payload with the stored submessage', async () => {
    const id = await send('Denmark');
    const othello = realm.clientFor('othello@zulip.com');
    const events = await verifyAction(realm.clientFor(HAMLET), () => vote(othello, id));
    const stored = (await othello.messages.get({ message_id: id })).message.submessages.at(-1);
    expect(events).toEqual([
      {
        type: 'submessage',
        msg_type: 'widget',
        message_id: id,
        submessage_id: stored?.id,
        sender_id: realm.userId('othello@zulip.com'),
        content: '{"type": "vote", "key": "canned,0", "vote": 1}',
        id: expect.any(Number) as number,
      },
    ]);
  });

  it('a to-do task and strike, and the author changing the title, through the acceptance test', async () => {
    const id = await send('Verona', '/todo Chores');
    const hamlet = realm.clientFor(HAMLET);
    const events = await verifyAction(realm.clientFor('othello@zulip.com'), async () => {
      await hamlet.messages.addSubmessage({ message_id: id, msg_type: 'widget', content: '{"type": "new_task", "key": 0, "task": "a", "desc": "", "completed": false}' });
      await hamlet.messages.addSubmessage({ message_id: id, msg_type: 'widget', content: '{"type": "strike", "key": "0,1"}' });
      await hamlet.messages.addSubmessage({ message_id: id, msg_type: 'widget', content: '{"type": "new_task_list_title", "title": "Home"}' });
    });
    expect(events.map((event) => event?.type)).toEqual(['submessage', 'submessage', 'submessage']);
  });

  it("the SDK's applyEvent leaves a registered state unchanged for a submessage event", async () => {
    const state = await realm.clientFor(HAMLET).events.register({});
    const event = { type: 'submessage', id: 1, msg_type: 'widget', content: '{}', message_id: 1, submessage_id: 2, sender_id: 3 } as const;
    expect(applyEvent(structuredClone(state), event)).toEqual(state);
  });

  it('following on participation: muted_topics and user_topic, then submessage (the acceptance test holds)', async () => {
    const othelloId = realm.userId('othello@zulip.com');
    realm.mock.store.tables.user.update(othelloId, { automatically_follow_topics_policy: 1 });
    const id = await send('Denmark');
    const othello = realm.clientFor('othello@zulip.com');
    const events = await verifyAction(othello, () => vote(othello, id));
    expect(events.map((event) => event?.type)).toEqual(['muted_topics', 'user_topic', 'submessage']);
    expect(events[1]).toMatchObject({ stream_id: realm.channelId('Denmark'), topic_name: 'widgets', visibility_policy: 3 });
  });

  it('in a public channel: subscribers and holders of a copy, not other non-subscribers or guests', async () => {
    const id = await send('Denmark');
    const seen = await submessageEventsSeenBy(
      ['othello@zulip.com', 'prospero@zulip.com', 'polonius@zulip.com', 'iago@zulip.com', HAMLET],
      () => vote(realm.clientFor('prospero@zulip.com'), id),
    );
    // Prospero is not subscribed, and adding a submessage gives him no copy (unlike a reaction).
    expect(seen).toEqual({
      'othello@zulip.com': 1,
      'prospero@zulip.com': 0,
      'polonius@zulip.com': 0,
      'iago@zulip.com': 1,
      [HAMLET]: 1,
    });
  });

  it('in a private channel only subscribers; in a direct message only its participants', async () => {
    const core = await send('core team');
    const privateSeen = await submessageEventsSeenBy(['desdemona@zulip.com', 'othello@zulip.com'], () =>
      vote(realm.clientFor('desdemona@zulip.com'), core),
    );
    expect(privateSeen).toEqual({ 'desdemona@zulip.com': 1, 'othello@zulip.com': 0 });
    const { id: dm } = await realm.clientFor(HAMLET).messages.send({ type: 'direct', to: ['othello@zulip.com'], content: '/poll DM?' });
    const dmSeen = await submessageEventsSeenBy([HAMLET, 'othello@zulip.com', 'iago@zulip.com'], () =>
      vote(realm.clientFor('othello@zulip.com'), dm),
    );
    expect(dmSeen).toEqual({ [HAMLET]: 1, 'othello@zulip.com': 1, 'iago@zulip.com': 0 });
  });

  it('a failed request records no event', async () => {
    const id = await send('Denmark');
    const hamlet = realm.clientFor(HAMLET);
    const events = await verifyAction(hamlet, () =>
      hamlet.messages.addSubmessage({ message_id: id, msg_type: 'widget', content: '{"type": "bogus"}' }).catch(() => undefined),
    );
    expect(events).toEqual([]);
  });
});
