import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../src/index';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

/** The message events a queue holds, without acknowledging them. */
async function messageEvents(client: ChatClient, queueId: string) {
  const { events } = await client.events.get({ queue_id: queueId, last_event_id: -1, dont_block: true });
  return events.filter((event) => event.type === 'message') as unknown as { type: 'message'; message: Record<string, unknown> }[];
}

/** A queue created on the fly by `GET /events`, named for `user_client` when it is given. */
async function onTheFlyQueue(client: ChatClient, userClient?: string) {
  const answer = await client.request('GET', '/events', {
    dont_block: true,
    event_types: ['message'],
    ...(userClient === undefined ? {} : { user_client: userClient }),
  });
  return answer as { queue_id: string; ignored_parameters_unsupported?: string[] };
}

describe("an event queue's client name (POST /register's client, GET /events' user_client)", () => {
  it('GET /events reads user_client: it names the queue created on the fly and is not reported ignored', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const named = await onTheFlyQueue(hamlet, 'test_mirror');
    expect(named).not.toHaveProperty('ignored_parameters_unsupported');
    // With a queue, the server reads it too (for its logs): still not ignored.
    const polled = await hamlet.request('GET', '/events', { queue_id: named.queue_id, last_event_id: -1, dont_block: true, user_client: 'x' });
    expect(polled).not.toHaveProperty('ignored_parameters_unsupported');
    const { id } = await realm.clientFor('iago@zulip.com').messages.send({ type: 'stream', to: 'core team', topic: 'plans', content: 'hi' });
    // A mirroring client's queue (its name contains "mirror") learns that the channel is private.
    const [event] = await messageEvents(hamlet, named.queue_id);
    expect(event).toMatchObject({ type: 'message', message: { id, invite_only_stream: true } });
    // Cut to 30 characters, as the server's client names are.
    const long = await onTheFlyQueue(hamlet, `${'x'.repeat(26)}_mirror_bot`);
    expect(realm.mock.state.events.queues().find((queue) => queue.id === long.queue_id)?.options.clientName).toBe(`${'x'.repeat(26)}_mir`);
  });

  it('a queue registered by a mirroring client (the client parameter) gets invite_only_stream, only for private channels', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { queue_id: queueId } = (await hamlet.request('POST', '/register', { event_types: ['message'], client: 'zephyr_mirror' })) as { queue_id: string };
    const iago = realm.clientFor('iago@zulip.com');
    const secret = await iago.messages.send({ type: 'stream', to: 'core team', topic: 'plans', content: 'private' });
    const open = await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'plans', content: 'public' });
    const dm = await iago.messages.send({ type: 'direct', to: [realm.userId('hamlet@zulip.com')], content: 'direct' });
    const events = await messageEvents(hamlet, queueId);
    expect(events.map((event) => [event.message.id, event.message.invite_only_stream])).toEqual([
      [secret.id, true],
      [open.id, undefined],
      [dm.id, undefined],
    ]);
    // Other clients' queues never get the field.
    const plain = await onTheFlyQueue(hamlet);
    await iago.messages.send({ type: 'stream', to: 'core team', topic: 'plans', content: 'again' });
    const [event] = await messageEvents(hamlet, plain.queue_id);
    expect(event?.message).not.toHaveProperty('invite_only_stream');
  });

  it('a mirroring client does not get back, on a queue of its own name (any case), the messages it sent', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const mirrorQueue = await onTheFlyQueue(hamlet, 'My_Mirror');
    const otherQueue = await onTheFlyQueue(hamlet, 'other_mirror');
    const plainQueue = await onTheFlyQueue(hamlet);
    const { id } = (await hamlet.request('POST', '/messages', { type: 'stream', to: 'Verona', topic: 'loop', content: 'mirrored', client: 'my_mirror' })) as { id: number };
    expect((await messageEvents(hamlet, mirrorQueue.queue_id)).length).toBe(0);
    expect(await messageEvents(hamlet, otherQueue.queue_id)).toMatchObject([{ message: { id } }]);
    expect(await messageEvents(hamlet, plainQueue.queue_id)).toMatchObject([{ message: { id, client: 'my_mirror' } }]);
    // Only a name with "mirror" in it: a client named like its own queue otherwise gets its messages.
    const sameName = await onTheFlyQueue(hamlet, 'feeder');
    const echoed = (await hamlet.request('POST', '/messages', { type: 'stream', to: 'Verona', topic: 'loop', content: 'fed', client: 'feeder' })) as { id: number };
    expect(await messageEvents(hamlet, sameName.queue_id)).toMatchObject([{ message: { id: echoed.id } }]);
  });

  it("a queue of the client named 'API: heartbeat test' (the server's own tests) gets no heartbeat", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { queue_id: queueId } = (await hamlet.request('POST', '/register', { event_types: ['message'], client: 'API: heartbeat test' })) as { queue_id: string };
    const poll = hamlet.events.get({ queue_id: queueId, last_event_id: -1 });
    while (!realm.mock.state.events.queues().some((queue) => queue.id === queueId && queue.isWaiting)) await new Promise((resolve) => setTimeout(resolve, 1));
    realm.clock.advance(120_000);
    expect(realm.mock.state.events.queues().find((queue) => queue.id === queueId)?.isWaiting).toBe(true);
    // Only an event ends the wait.
    const { id } = await realm.clientFor('iago@zulip.com').messages.send({ type: 'stream', to: 'Verona', topic: 'beat', content: 'wake up' });
    expect(await poll).toMatchObject({ events: [{ id: 0, type: 'message', message: { id } }] });
  });
});
