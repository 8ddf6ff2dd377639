import { describe, expect, it } from 'vitest';
import { type ChatClient, narrow, type StreamEvent, toQueueNarrow } from '../src/index';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

/** Lets the stream reach its long-poll (a few event-loop turns through MSW). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

function send(client: ChatClient, topic: string, content: string) {
  return client.messages.send({ type: 'channel', to: 'Verona', topic, content });
}

/** The contents of the first `count` message events a stream yields after its registration. */
async function contentsOf(stream: AsyncGenerator<StreamEvent>, count: number, act: () => Promise<unknown>): Promise<string[]> {
  expect((await stream.next()).value).toMatchObject({ type: 'registered' });
  const next = stream.next();
  await settle();
  await act();
  const contents: string[] = [];
  for (let result = await next; !result.done; result = await stream.next()) {
    if (result.value.type === 'message') contents.push(result.value.message.content);
    if (contents.length === count) break;
  }
  await stream.return(undefined);
  return contents;
}

/** The `narrow` of every `POST /register` the realm answered, as the server received it. */
function registeredNarrows(): unknown[] {
  return realm.mock.journal.entries.filter((entry) => entry.operation === 'register-queue').map((entry) => entry.params['narrow']);
}

describe("the event stream's narrow takes what messages.list takes", () => {
  it('a narrow() builder: the queue gets only the matching messages, registered as [operator, operand] pairs', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    const lunch = narrow().channel('Verona').topic('lunch');
    const contents = await contentsOf(hamlet.events.stream({ event_types: ['message'], narrow: lunch }), 2, async () => {
      await send(iago, 'lunch', 'pizza?');
      await send(iago, 'dinner', 'not this one');
      await send(iago, 'LUNCH', 'pasta!');
    });
    expect(contents).toEqual(['pizza?', 'pasta!']);
    expect(registeredNarrows()).toEqual(['[["channel","Verona"],["topic","lunch"]]']);
  });

  it('object-form terms and legacy pairs, also through onMessage', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    const objects = await contentsOf(
      hamlet.events.stream({ event_types: ['message'], narrow: [{ operator: 'sender', operand: 'iago@zulip.com' }, ['topic', 'a']] }),
      1,
      async () => {
        await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'a', content: "hamlet's" });
        await send(iago, 'a', "iago's");
      },
    );
    expect(objects).toEqual(["iago's"]);
    const controller = new AbortController();
    const seen: string[] = [];
    const loop = hamlet.events.onMessage(
      (message) => {
        seen.push(message.content);
        controller.abort();
      },
      { narrow: narrow().is('dm'), signal: controller.signal },
    );
    while (!realm.mock.state.events.queues().some((queue) => queue.isWaiting)) await settle();
    await send(iago, 'a', 'not a dm');
    await iago.messages.send({ type: 'direct', to: ['hamlet@zulip.com'], content: 'a dm' });
    await loop;
    expect(seen).toEqual(['a dm']);
    expect(registeredNarrows()).toEqual(['[["sender","iago@zulip.com"],["topic","a"]]', '[["is","dm"]]']);
  });

  it('a negated term is a TypeError before any request: the queue narrow cannot say "not"', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const stream = hamlet.events.stream({ narrow: narrow().channel('Verona').not.sender('iago@zulip.com') });
    const failure = await stream.next().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe(
      `narrow[1] (not sender "iago@zulip.com"): an event queue's narrow (POST /register) cannot negate; skip those messages in the loop instead`,
    );
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    await expect(hamlet.events.register({ narrow: [{ operator: 'is', operand: 'starred', negated: true }] })).rejects.toThrow(TypeError);
    expect(realm.mock.journal.entries).toEqual([]);
    expect(realm.mock.state.events.queues()).toEqual([]);
  });

  it('an operand that is not a string is a TypeError: sent as text, channel 12 would match only a channel named "12"', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const verona = realm.channelId('Verona');
    const register = hamlet.events.register({ narrow: narrow().channel(verona) });
    await expect(register).rejects.toThrow(
      `narrow[0] (channel ${verona}): an event queue's narrow (POST /register) takes strings only (a channel by name, a sender by email)`,
    );
    await expect(hamlet.events.onMessage(() => undefined, { narrow: narrow().dm([realm.userId('iago@zulip.com')]) })).rejects.toThrow(TypeError);
    expect(realm.mock.journal.entries).toEqual([]);
  });

  it('events.register takes a Narrow too; what the server refuses for a queue it still refuses', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const state = await hamlet.events.register({ event_types: ['message'], narrow: narrow().channel('Verona').is('mentioned') });
    expect(state.queue_id).toEqual(expect.any(String));
    expect(registeredNarrows()).toEqual(['[["channel","Verona"],["is","mentioned"]]']);
    await expect(hamlet.events.register({ narrow: narrow().search('lunch') })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Operator search not supported.',
    });
  });

  it('toQueueNarrow converts for ApiClient users, and keeps an explicit negated: false', () => {
    expect(toQueueNarrow(narrow().channel('design').topic('logo'))).toEqual([['channel', 'design'], ['topic', 'logo']]);
    expect(toQueueNarrow([{ operator: 'is', operand: 'dm', negated: false }, ['sender', 'iago@zulip.com']])).toEqual([
      ['is', 'dm'],
      ['sender', 'iago@zulip.com'],
    ]);
    expect(toQueueNarrow([])).toEqual([]);
  });
});
