import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../src/index';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const WITH_EMPTY_TOPIC_NAME = { notification_settings_null: true, empty_topic_name: true };

async function narrowedQueue(client: ChatClient, narrow: [string, string][], capabilities = { notification_settings_null: true }) {
  const { queue_id } = await client.events.register({ event_types: ['message'], narrow, client_capabilities: capabilities });
  return queue_id ?? '';
}

async function deliveredIds(client: ChatClient, queueId: string): Promise<number[]> {
  const { events } = await client.events.get({ queue_id: queueId, last_event_id: -1, dont_block: true });
  return events.map((event) => (event.message as { id: number }).id);
}

describe("a queue's narrow reads the message as that queue receives it", () => {
  it('matches the empty topic as "general chat" (any case) without empty_topic_name, and as "" with it', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const queues = {
      generalChat: await narrowedQueue(hamlet, [['topic', 'General Chat']]),
      empty: await narrowedQueue(hamlet, [['topic', '']]),
      generalChatWithCapability: await narrowedQueue(hamlet, [['topic', 'general chat']], WITH_EMPTY_TOPIC_NAME),
      emptyWithCapability: await narrowedQueue(hamlet, [['topic', '']], WITH_EMPTY_TOPIC_NAME),
    };
    const { id } = await realm.clientFor('othello@zulip.com').messages.send({ type: 'stream', to: 'Denmark', topic: '', content: 'hi' });
    expect(await deliveredIds(hamlet, queues.generalChat)).toEqual([id]);
    expect(await deliveredIds(hamlet, queues.empty)).toEqual([]);
    expect(await deliveredIds(hamlet, queues.generalChatWithCapability)).toEqual([]);
    expect(await deliveredIds(hamlet, queues.emptyWithCapability)).toEqual([id]);
  });

  it('compares a sender operand lower-cased but untrimmed (a history narrow trims it)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const padded = await narrowedQueue(hamlet, [['sender', ' othello@zulip.com']]);
    const upper = await narrowedQueue(hamlet, [['sender', 'OTHELLO@ZULIP.COM']]);
    const { id } = await realm.clientFor('othello@zulip.com').messages.send({ type: 'stream', to: 'Denmark', topic: 't', content: 'hi' });
    expect(await deliveredIds(hamlet, padded)).toEqual([]);
    expect(await deliveredIds(hamlet, upper)).toEqual([id]);
    const history = await hamlet.messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'sender', operand: ' othello@zulip.com' }] });
    expect(history.messages.map((message) => message.id)).toEqual([id]);
  });
});
