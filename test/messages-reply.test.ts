import { describe, expect, it } from 'vitest';
import { type ChatClient, type Message, replyTo, sendMessage } from '../src/index';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

/** The conversation a message is in, comparable across viewers: channel and topic, or participant IDs. */
function conversationOf(message: Message): string {
  if (message.type === 'stream') return `channel ${message.stream_id} > ${message.subject}`;
  return `direct ${message.display_recipient.map((user) => user.id).sort((a, b) => a - b).join(',')}`;
}

async function fetched(client: ChatClient, id: number, allowEmptyTopicName = true): Promise<Message> {
  return (await client.messages.get({ message_id: id, allow_empty_topic_name: allowEmptyTopicName })).message;
}

/** Replies as `replier` to the message `id` as `replier` sees it; returns the reply as its recipients see it. */
async function replyAs(replier: ChatClient, id: number, allowEmptyTopicName = true): Promise<Message> {
  const original = await fetched(replier, id, allowEmptyTopicName);
  const { id: replyId } = await replier.messages.send({ ...replyTo(original), content: 'a reply' });
  return fetched(replier, replyId);
}

describe('replyTo(message): the send parameters of the same conversation', () => {
  it('a channel message: its channel by ID and its topic', async () => {
    const { id } = await realm.clientFor('iago@zulip.com').messages.send({ type: 'channel', to: 'Verona', topic: 'lunch', content: 'hungry?' });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(replyTo(await fetched(hamlet, id))).toEqual({ type: 'channel', to: realm.channelId('Verona'), topic: 'lunch' });
    const reply = await replyAs(hamlet, id);
    expect(conversationOf(reply)).toBe(`channel ${realm.channelId('Verona')} > lunch`);
    // The same parameters through call(), as an ApiClient sends them.
    const called = await hamlet.call(sendMessage, { ...replyTo(await fetched(hamlet, id)), content: 'also' });
    expect(conversationOf(await fetched(hamlet, called.id))).toBe(conversationOf(reply));
  });

  it('a 1:1 direct message received: the reply goes to the sender', async () => {
    const { id } = await realm.clientFor('iago@zulip.com').messages.send({ type: 'direct', to: ['hamlet@zulip.com'], content: 'ping' });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const reply = await replyAs(hamlet, id);
    expect(conversationOf(reply)).toBe(conversationOf(await fetched(hamlet, id)));
    expect(reply.type === 'private' && reply.display_recipient.map((user) => user.email).sort()).toEqual(['hamlet@zulip.com', 'iago@zulip.com']);
    // Iago reads it in the same conversation.
    expect(conversationOf(await fetched(realm.clientFor('iago@zulip.com'), reply.id))).toBe(conversationOf(reply));
  });

  it('a 1:1 direct message the replier sent itself: the reply still goes to the other person, not to itself', async () => {
    const bot = realm.clientFor('hamlet@zulip.com');
    const { id } = await bot.messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'reminder' });
    const reply = await replyAs(bot, id);
    expect(reply.type === 'private' && reply.display_recipient.map((user) => user.email).sort()).toEqual(['hamlet@zulip.com', 'othello@zulip.com']);
    expect(conversationOf(await fetched(realm.clientFor('othello@zulip.com'), reply.id))).toBe(conversationOf(reply));
  });

  it('a direct message to oneself: the reply stays in the self-conversation', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'direct', to: ['hamlet@zulip.com'], content: 'note to self' });
    const reply = await replyAs(hamlet, id);
    expect(conversationOf(reply)).toBe(`direct ${realm.userId('hamlet@zulip.com')}`);
  });

  it('a group direct message: every participant, the sender included', async () => {
    const { id } = await realm
      .clientFor('iago@zulip.com')
      .messages.send({ type: 'direct', to: ['hamlet@zulip.com', 'othello@zulip.com'], content: 'meeting' });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const ids = ['hamlet@zulip.com', 'iago@zulip.com', 'othello@zulip.com'].map((email) => realm.userId(email)).sort((a, b) => a - b);
    expect(replyTo(await fetched(hamlet, id))).toEqual({ type: 'direct', to: expect.arrayContaining(ids) });
    const reply = await replyAs(hamlet, id);
    expect(conversationOf(reply)).toBe(`direct ${ids.join(',')}`);
    expect(conversationOf(await fetched(realm.clientFor('othello@zulip.com'), reply.id))).toBe(conversationOf(reply));
  });

  it('the empty topic, whether the message shows it as "" or as its display name', async () => {
    const { id } = await realm.clientFor('iago@zulip.com').messages.send({ type: 'channel', to: 'Verona', topic: '', content: 'no topic' });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect((await fetched(hamlet, id, false)).subject).toBe('general chat');
    for (const allowEmptyTopicName of [true, false]) {
      const reply = await replyAs(hamlet, id, allowEmptyTopicName);
      expect(conversationOf(reply)).toBe(`channel ${realm.channelId('Verona')} > `);
    }
  });

  it('a message from a message event, as the event stream yields it', async () => {
    const bot = realm.clientFor('hamlet@zulip.com');
    const stream = bot.events.stream({ event_types: ['message'] });
    await stream.next();
    const next = stream.next();
    await realm.clientFor('iago@zulip.com').messages.send({ type: 'direct', to: ['hamlet@zulip.com'], content: 'ping' });
    const event = (await next).value;
    if (event?.type !== 'message') throw new Error(`expected a message event, got ${event?.type}`);
    const { id } = await bot.messages.send({ ...replyTo(event.message), content: 'pong' });
    await stream.return(undefined);
    expect(conversationOf(await fetched(realm.clientFor('iago@zulip.com'), id))).toBe(conversationOf(await fetched(bot, event.message.id)));
  });
});
