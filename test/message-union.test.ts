import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ChannelMessage,
  type ChatClient,
  type DirectMessage,
  type EndpointResult,
  type EventMessage,
  type getMessage,
  type HistoryMessage,
  Message,
  type MessageEvent,
  type StreamEvent,
  parseEvent,
  type ReplyTarget,
  replyTo,
  ResponseValidationError,
} from '../src/index';
import { createMockServer } from '../mock/index';

type User = DirectMessage['display_recipient'][number];

/** Type-level checks: `tsc --noEmit -p .` (which covers test/) fails when one does not hold. */
describe('messages are a union discriminated on `type` (types)', () => {
  it('checking `type` narrows display_recipient and stream_id wherever a message reaches users', () => {
    const check = (message: Message | HistoryMessage | EventMessage) => {
      if (message.type === 'stream') {
        expectTypeOf(message.display_recipient).toEqualTypeOf<string>();
        expectTypeOf(message.stream_id).toEqualTypeOf<number>();
      } else {
        expectTypeOf(message.type).toEqualTypeOf<'private'>();
        expectTypeOf(message.display_recipient).toEqualTypeOf<User[]>();
        expectTypeOf(message.stream_id).toEqualTypeOf<undefined>();
      }
      // Before narrowing, as a user reading any message's channel sees it.
      expectTypeOf(message.stream_id).toEqualTypeOf<number | undefined>();
    };
    expectTypeOf(check).toBeFunction();
    expectTypeOf<Pick<ChannelMessage, 'type' | 'display_recipient' | 'stream_id'>>().toEqualTypeOf<{
      type: 'stream';
      display_recipient: string;
      stream_id: number;
    }>();
    expectTypeOf<Pick<DirectMessage, 'type' | 'display_recipient'>>().toEqualTypeOf<{ type: 'private'; display_recipient: User[] }>();
    expectTypeOf<ChannelMessage | DirectMessage>().toEqualTypeOf<Message>();
  });

  it('fetch responses, message events, the event stream and onMessage carry the union', () => {
    expectTypeOf<EndpointResult<typeof getMessage>['message']>().toEqualTypeOf<Message>();
    expectTypeOf<Extract<StreamEvent, { type: 'message' }>['message']>().toEqualTypeOf<EventMessage>();
    expectTypeOf<MessageEvent['message']>().toEqualTypeOf<EventMessage>();
    expectTypeOf<EventMessage['type']>().toEqualTypeOf<'stream' | 'private'>();
    expectTypeOf<Parameters<Parameters<ChatClient['events']['onMessage']>[0]>[0]>().toEqualTypeOf<EventMessage>();
    expectTypeOf<ReturnType<ChatClient['messages']['iterate']>>().toEqualTypeOf<AsyncGenerator<HistoryMessage, void, undefined>>();
    expectTypeOf<Awaited<ReturnType<ChatClient['messages']['list']>>['messages'][number]>().toEqualTypeOf<HistoryMessage>();
  });

  it('replyTo takes any of them and its result spreads into the send parameters', () => {
    expectTypeOf(replyTo).parameter(0).toExtend<unknown>();
    expectTypeOf<Message>().toExtend<Parameters<typeof replyTo>[0]>();
    expectTypeOf<HistoryMessage>().toExtend<Parameters<typeof replyTo>[0]>();
    expectTypeOf<EventMessage>().toExtend<Parameters<typeof replyTo>[0]>();
    expectTypeOf<ReplyTarget & { content: string }>().toExtend<Parameters<ChatClient['messages']['send']>[0]>();
  });
});

const channelMessage = {
  id: 1,
  type: 'stream',
  sender_id: 10,
  sender_email: 'iago@zulip.com',
  sender_full_name: 'Iago',
  sender_realm_str: 'zulip',
  avatar_url: null,
  client: 'website',
  content: '<p>hi</p>',
  content_type: 'text/html',
  display_recipient: 'Verona',
  recipient_id: 20,
  stream_id: 3,
  subject: 'lunch',
  topic_links: [],
  timestamp: 1_700_000_000,
  is_me_message: false,
  flags: [],
  reactions: [],
  submessages: [],
} as const;
const participants = [
  { id: 10, email: 'iago@zulip.com', full_name: 'Iago', is_mirror_dummy: false },
  { id: 11, email: 'hamlet@zulip.com', full_name: 'King Hamlet', is_mirror_dummy: false },
];
const { stream_id: _streamId, ...withoutStreamId } = channelMessage;
const directMessage = { ...withoutStreamId, type: 'private', display_recipient: participants, subject: '' } as const;

describe('messages are a union discriminated on `type` (runtime)', () => {
  it('parses both kinds, keeping unknown fields', () => {
    expect(Message.parse({ ...channelMessage, brand_new: 1 })).toEqual({ ...channelMessage, brand_new: 1 });
    expect(Message.parse(directMessage)).toEqual(directMessage);
  });

  it('refuses a message whose fields contradict its type, or that has another type', () => {
    expect(Message.safeParse({ ...channelMessage, display_recipient: participants }).success).toBe(false);
    expect(Message.safeParse(withoutStreamId).success).toBe(false);
    expect(Message.safeParse({ ...directMessage, display_recipient: 'Verona' }).success).toBe(false);
    expect(Message.safeParse({ ...channelMessage, type: 'direct' }).success).toBe(false);
  });

  it('reads a message event of each kind, the message without flags', () => {
    const event = parseEvent({ id: 0, type: 'message', message: directMessage, flags: ['read'] });
    expect(event?.type === 'message' && replyTo(event.message)).toEqual({ type: 'direct', to: [10, 11] });
  });
});

describe('what servers send reads as the union', () => {
  it.each([undefined, 185])('feature level %s: fetched channel and direct messages narrow on `type`', async (featureLevel) => {
    const mock = createMockServer(featureLevel === undefined ? {} : { featureLevel });
    const iago = mock.clientFor('iago@zulip.com', { validate: 'strict' });
    await iago.messages.send({ type: 'stream', to: 'Verona', topic: 't', content: 'hi' });
    await iago.messages.send({ type: 'private', to: ['hamlet@zulip.com'], content: 'hi' });
    const { messages } = await iago.messages.list({ anchor: 'newest', num_before: 2 });
    const kinds = messages.map((message) =>
      message.type === 'stream'
        ? `${message.display_recipient} ${typeof message.stream_id}`
        : message.display_recipient.map((user) => user.email).sort().join(' '),
    );
    expect(kinds).toEqual(['Verona number', 'hamlet@zulip.com iago@zulip.com']);
  });

  it('a server answer that contradicts its type fails strict validation', async () => {
    const mock = createMockServer();
    const lying: typeof fetch = async (input, init) => {
      const response = await mock.fetch(input, init);
      const body = (await response.json()) as { message?: Record<string, unknown> };
      if (body.message) body.message.display_recipient = [];
      return Response.json(body);
    };
    const { id } = await mock.clientFor('iago@zulip.com').messages.send({ type: 'stream', to: 'Verona', topic: 't', content: 'hi' });
    const failure = await mock.clientFor('iago@zulip.com', { fetch: lying }).messages.get({ message_id: id }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ResponseValidationError);
  });
});
