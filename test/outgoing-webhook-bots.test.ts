import { describe, expect, it, vi } from 'vitest';
import { createMockServer, ManualClock, type MockServerOptions } from '../mock/index';
import { MOCK_ZULIP_VERSION } from '../mock/domain/server-settings';
import { verifyAction } from './support/verify-action';

const BOT_URL = 'https://bot.example.com/hook';

/** What the bot's server saw: each request, parsed. */
interface Seen {
  readonly url: string;
  readonly headers: Headers;
  readonly body: string;
}

type Answer = Response | (() => Response | Promise<Response>);

/** A realm whose outgoing webhooks go to an in-process handler answering `answers` in turn (the last one repeats). */
function realmWithBot(answers: Answer[], { interface_type, ...options }: MockServerOptions<ManualClock> & { interface_type?: number } = {}) {
  const seen: Seen[] = [];
  let calls = 0;
  const clock = options.clock ?? new ManualClock();
  const mock = createMockServer({
    clock,
    ...options,
    outgoingWebhooks: {
      fetch: async (request) => {
        seen.push({ url: request.url, headers: request.headers, body: await request.text() });
        const answer = answers[Math.min(calls++, answers.length - 1)] as Answer;
        return typeof answer === 'function' ? answer() : answer.clone();
      },
      ...options.outgoingWebhooks,
    },
  });
  const othello = mock.clientFor('othello@zulip.com');
  const hamlet = mock.clientFor('hamlet@zulip.com');
  const create = async () => {
    const created = await othello.bots.create({
      full_name: 'Outgoing Webhook bot',
      short_name: 'outgoing-webhook',
      bot_type: 3,
      payload_url: BOT_URL,
      interface_type: interface_type ?? 1,
    });
    return created.user_id;
  };
  return { mock, clock, seen, othello, hamlet, create };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The newest messages of the realm, oldest first, as the store holds them (channel name and topic resolved). */
function lastMessages(mock: ReturnType<typeof createMockServer>, count: number) {
  return mock.store.tables.message
    .all()
    .sort((a, b) => a.id - b.id)
    .slice(-count)
    .map((record) => ({
      id: record.id,
      sender_id: record.sender_id,
      content: record.content,
      client: record.client,
      type: record.type === 'stream' ? 'stream' : 'private',
      display_recipient: record.channel_id === null ? undefined : mock.store.tables.channel.get(record.channel_id)?.name,
      subject: record.topic,
    }));
}

function messageRecord(mock: ReturnType<typeof createMockServer>, id: number) {
  const record = mock.store.tables.message.get(id);
  if (!record) throw new Error(`no message ${id}`);
  return record;
}

describe('outgoing webhook bots: what triggers them', () => {
  it('a mention in a channel POSTs the Zulip-format payload to the bot, with the exact fields', async () => {
    const { mock, seen, othello, create } = realmWithBot([json({ response_not_required: true })]);
    const botId = await create();
    const { id } = await othello.messages.send({ type: 'stream', to: 'Denmark', topic: 'bar', content: '@**Outgoing Webhook bot** foo' });
    expect(seen).toHaveLength(0); // the call comes after the send has answered
    await mock.settle();
    expect(seen).toHaveLength(1);
    const request = seen[0] as Seen;
    expect(request.url).toBe(BOT_URL);
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('user-agent')).toBe(`ZulipOutgoingWebhook/${MOCK_ZULIP_VERSION}`);
    const payload = JSON.parse(request.body);
    const bot = mock.store.tables.user.get(botId);
    const token = mock.store.tables.bot.get(botId)?.services[0]?.token;
    expect(Object.keys(payload)).toEqual(['data', 'message', 'bot_email', 'bot_full_name', 'token', 'trigger']);
    expect(payload).toMatchObject({ data: '@**Outgoing Webhook bot** foo', bot_email: bot?.email, bot_full_name: 'Outgoing Webhook bot', token, trigger: 'mention' });
    expect(typeof token).toBe('string');
    const othelloId = mock.store.userByDeliveryEmail('othello@zulip.com')?.id;
    expect(payload.message).toMatchObject({
      id,
      type: 'stream',
      content: '@**Outgoing Webhook bot** foo',
      content_type: 'text/x-markdown',
      rendered_content: `<p><span class="user-mention" data-user-id="${botId}">@Outgoing Webhook bot</span> foo</p>`,
      display_recipient: 'Denmark',
      subject: 'bar',
      sender_id: othelloId,
      sender_email: 'othello@zulip.com',
      client: 'teamchat-sdk',
    });
    expect(payload.message).not.toHaveProperty('flags');
    // Python's json.dumps, as the server's `requests` sends it.
    expect(request.body.startsWith('{"data": "@**Outgoing Webhook bot** foo", "message": {')).toBe(true);
  });

  it('a direct message triggers it (direct_message), a channel message without a mention does not', async () => {
    const { mock, seen, hamlet, create } = realmWithBot([json({ response_not_required: true })]);
    const botId = await create();
    await hamlet.messages.send({ type: 'stream', to: 'Denmark', topic: 'bar', content: 'nobody named here' });
    await hamlet.messages.send({ type: 'stream', to: 'Denmark', topic: 'bar', content: '@_**Outgoing Webhook bot** silently' });
    await hamlet.messages.send({ type: 'stream', to: 'Denmark', topic: 'bar', content: '`@**Outgoing Webhook bot**` in code' });
    await mock.settle();
    expect(seen).toHaveLength(0);
    await hamlet.messages.send({ type: 'direct', to: [botId], content: 'hi' });
    await mock.settle();
    expect(seen.map((request) => JSON.parse(request.body).trigger)).toEqual(['direct_message']);
    const message = JSON.parse((seen[0] as Seen).body).message;
    // An incoming one-to-one message is identified by its sender's recipient.
    expect(message.recipient_id).toBe(mock.store.userByDeliveryEmail('hamlet@zulip.com')?.recipient_id);
  });

  it('each service bot of a group direct message is triggered; a mention in a direct message the bot is not in is not', async () => {
    const { mock, seen, hamlet, create } = realmWithBot([json({ response_not_required: true })]);
    const botId = await create();
    const iagoId = mock.store.userByDeliveryEmail('iago@zulip.com')?.id as number;
    await hamlet.messages.send({ type: 'direct', to: [iagoId], content: '@**Outgoing Webhook bot** hello' });
    await mock.settle();
    expect(seen).toHaveLength(0);
    await hamlet.messages.send({ type: 'direct', to: [iagoId, botId], content: 'group' });
    await mock.settle();
    expect(seen).toHaveLength(1);
    expect(JSON.parse((seen[0] as Seen).body).message.display_recipient).toHaveLength(3);
  });

  it('messages sent by bots trigger nothing, nor do deactivated bots', async () => {
    const { mock, seen, othello, hamlet, create } = realmWithBot([json({ response_not_required: true })]);
    const botId = await create();
    const { api_key } = await othello.bots.create({ full_name: 'Helper', short_name: 'helper' });
    const helperClient = mock.clientFor('helper-bot@zulip.testserver', { apiKey: api_key });
    await helperClient.messages.send({ type: 'direct', to: [botId], content: 'bot to bot' });
    await helperClient.messages.send({ type: 'stream', to: 'Denmark', topic: 'x', content: '@**Outgoing Webhook bot** hi' });
    await mock.settle();
    expect(seen).toHaveLength(0);
    await othello.bots.deactivate({ bot_id: botId });
    await hamlet.messages.send({ type: 'stream', to: 'Denmark', topic: 'x', content: '@**Outgoing Webhook bot** hi' });
    await mock.settle();
    expect(seen).toHaveLength(0);
  });

  it('an older server (below feature level 201) names the trigger private_message', async () => {
    const { mock, seen, hamlet, create } = realmWithBot([json({ response_not_required: true })], { featureLevel: 200 });
    const botId = await create();
    await hamlet.messages.send({ type: 'private', to: [botId], content: 'hi' });
    await mock.settle();
    expect(JSON.parse((seen[0] as Seen).body).trigger).toBe('private_message');
  });
});

describe('outgoing webhook bots: replies', () => {
  it('content replies as the bot in the same topic', async () => {
    const { mock, othello, create } = realmWithBot([json({ content: 'Hidley ho, **I am** responding!' })]);
    const botId = await create();
    const { id } = await othello.messages.send({ type: 'stream', to: 'Denmark', topic: 'bar', content: '@**Outgoing Webhook bot** foo' });
    await mock.settle();
    const [reply] = lastMessages(mock, 1);
    expect(reply).toMatchObject({ sender_id: botId, content: 'Hidley ho, **I am** responding!', display_recipient: 'Denmark', subject: 'bar', client: 'OutgoingWebhookResponse' });
    expect(reply?.id).toBeGreaterThan(id);
    const rendered = messageRecord(mock, reply?.id as number).rendered_content;
    expect(rendered).toBe('<p>Hidley ho, <strong>I am</strong> responding!</p>');
  });

  it('with fake timers, the work starts when the timers run: settle() then resolves with the reply', async () => {
    const { mock, othello, create } = realmWithBot([json({ content: 'faked' })]);
    const botId = await create();
    vi.useFakeTimers();
    try {
      await othello.messages.send({ type: 'direct', to: [botId], content: 'ping' });
      expect(lastMessages(mock, 1)[0]?.content).toBe('ping');
      await vi.runAllTimersAsync();
      await mock.settle();
      expect(lastMessages(mock, 1)[0]).toMatchObject({ sender_id: botId, content: 'faked' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a direct message is answered in the same conversation, and marked read for the bot; response_string is still read', async () => {
    const { mock, hamlet, create } = realmWithBot([json({ response_string: "Hidley ho, I'm a webhook responding!" })]);
    const botId = await create();
    const { id } = await hamlet.messages.send({ type: 'direct', to: [botId], content: 'foo' });
    expect(mock.store.userMessages.flags(botId, id)).not.toContain('read');
    await mock.settle();
    expect(mock.store.userMessages.flags(botId, id)).toContain('read');
    const hamletId = mock.store.userByDeliveryEmail('hamlet@zulip.com')?.id;
    const reply = (await hamlet.messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'dm', operand: [botId] }], apply_markdown: false })).messages.at(-1);
    expect(reply?.sender_id).toBe(botId);
    expect(reply?.content).toBe("Hidley ho, I'm a webhook responding!");
    expect(messageRecord(mock, reply?.id as number).dm_user_ids).toEqual([hamletId, botId].sort((a, b) => (a as number) - (b as number)));
  });

  it('response_not_required, an empty content and json "" send nothing', async () => {
    for (const answer of [json({ response_not_required: true, content: 'x' }), json({ content: '  ' }), json(''), json({})]) {
      const { mock, hamlet, create } = realmWithBot([answer]);
      const botId = await create();
      const { id } = await hamlet.messages.send({ type: 'direct', to: [botId], content: 'foo' });
      await mock.settle();
      expect((lastMessages(mock, 1))[0]?.id).toBeLessThanOrEqual(id);
    }
  });

  it('the reply reaches the sender through the event system (events acceptance)', async () => {
    const { mock, hamlet, create } = realmWithBot([json({ content: 'pong' })]);
    const botId = await create();
    const hamletId = mock.store.userByDeliveryEmail('hamlet@zulip.com')?.id;
    const events = await verifyAction(
      hamlet,
      async () => {
        await hamlet.messages.send({ type: 'direct', to: [botId], content: 'ping' });
        await mock.settle();
      },
      {},
      { userId: hamletId, clientGravatar: true, clientCapabilities: { notification_settings_null: true } },
    );
    expect(events.map((event) => event?.type)).toEqual(['message', 'message']);
    expect(events[1]).toMatchObject({ message: { sender_id: botId, content: 'pong' }, flags: [] });
  });
});

describe('outgoing webhook bots: the Slack-compatible format (interface 2)', () => {
  it('POSTs the Slack form and replies with its text', async () => {
    const { mock, seen, othello, create } = realmWithBot([json({ text: 'slack says hi' })], { interface_type: 2 });
    const botId = await create();
    const { id } = await othello.messages.send({ type: 'stream', to: 'Denmark', topic: 'bar', content: '@**Outgoing Webhook bot** foo' });
    await mock.settle();
    const request = seen[0] as Seen;
    expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(request.body);
    const message = messageRecord(mock, id);
    const token = mock.store.tables.bot.get(botId)?.services[0]?.token as string;
    expect([...form.entries()]).toEqual([
      ['token', token],
      ['team_id', 'T1'],
      ['team_domain', 'localhost:9991'],
      ['channel_id', `C${message.channel_id}`],
      ['channel_name', 'Denmark'],
      ['thread_ts', String(message.timestamp)],
      ['timestamp', String(message.timestamp)],
      ['user_id', `U${message.sender_id}`],
      ['user_name', 'Othello, the Moor of Venice'],
      ['text', '@**Outgoing Webhook bot** foo'],
      ['trigger_word', 'mention'],
      ['service_id', String(botId)],
    ]);
    expect((lastMessages(mock, 1))[0]).toMatchObject({ sender_id: botId, content: 'slack says hi', subject: 'bar' });
  });

  it('a direct message is refused without calling the bot', async () => {
    const { mock, seen, hamlet, create } = realmWithBot([json({ text: 'never' })], { interface_type: 2 });
    const botId = await create();
    await hamlet.messages.send({ type: 'direct', to: [botId], content: 'foo' });
    await mock.settle();
    expect(seen).toHaveLength(0);
    expect((lastMessages(mock, 1))[0]).toMatchObject({ sender_id: botId, content: "Failure! Slack outgoing webhooks don't support direct messages." });
  });
});

describe('outgoing webhook bots: failures and the owner notice', () => {
  async function failing(answers: Answer[], options: MockServerOptions<ManualClock> = {}) {
    const realm = realmWithBot(answers, options);
    const botId = await realm.create();
    const { id } = await realm.othello.messages.send({ type: 'stream', to: 'Denmark', topic: 'bar', content: '@**Outgoing Webhook bot** foo' });
    const channelId = messageRecord(realm.mock, id).channel_id;
    const url = `http://localhost:9991/#narrow/channel/${channelId}-Denmark/topic/bar/near/${id}`;
    const head = `[A message](${url}) to your bot @_**Outgoing Webhook bot** triggered an outgoing webhook.`;
    return { ...realm, botId, id, head };
  }

  async function expectFailure(mock: ReturnType<typeof createMockServer>, botId: number, inConversation: string, notice: string) {
    const [failure, ownerNotice] = lastMessages(mock, 2);
    expect(failure).toMatchObject({ sender_id: botId, content: inConversation, display_recipient: 'Denmark', subject: 'bar' });
    expect(ownerNotice?.sender_id).toBe(botId);
    expect(ownerNotice?.type).toBe('private');
    const othelloId = mock.store.userByDeliveryEmail('othello@zulip.com')?.id as number;
    expect(messageRecord(mock, ownerNotice?.id as number).dm_user_ids).toEqual([othelloId, botId].sort((a, b) => a - b));
    expect(ownerNotice?.content).toBe(notice);
  }

  it('a non-2xx answer: "Third party responded with 500", and the owner hears the status and payload', async () => {
    const { mock, botId, head } = await failing([new Response('{"error": "kaput"}', { status: 500 })]);
    await mock.settle();
    await expectFailure(mock, botId, 'Failure! Third party responded with 500', `${head}\nThe webhook got a response with status code *500*.\nThe response contains the following payload:\n\`\`\`\nb'{"error": "kaput"}'\n\`\`\``);
  });

  it('an empty 400 answer tells only the status; a 407 tells of a disallowed network', async () => {
    let realm = await failing([new Response(null, { status: 400 })]);
    await realm.mock.settle();
    await expectFailure(realm.mock, realm.botId, 'Failure! Third party responded with 400', `${realm.head}\nThe webhook got a response with status code *400*.`);
    realm = await failing([new Response('', { status: 407 })]);
    await realm.mock.settle();
    await expectFailure(realm.mock, realm.botId, 'Failure! Third party responded with 407', `${realm.head}\nThe URL configured for the webhook is for a private or disallowed network.`);
  });

  it('invalid JSON, a JSON answer that is not an object, and a refused widget', async () => {
    const error = 'The outgoing webhook server attempted to send a message in Zulip, but that request resulted in the following error:\n> ';
    let realm = await failing([new Response("this isn't valid json")]);
    await realm.mock.settle();
    await expectFailure(realm.mock, realm.botId, 'Failure! Invalid JSON in response', `${realm.head}\n${error}Invalid JSON in response\nThe response contains the following payload:\n\`\`\`\n"this isn't valid json"\n\`\`\``);
    realm = await failing([new Response('true')]);
    await realm.mock.settle();
    await expectFailure(realm.mock, realm.botId, 'Failure! Invalid response format', `${realm.head}\n${error}Invalid response format\nThe response contains the following payload:\n\`\`\`\n'true'\n\`\`\``);
    realm = await failing([new Response('{"content": "whatever", "widget_content": "test"}')]);
    await realm.mock.settle();
    await expectFailure(
      realm.mock,
      realm.botId,
      'Failure! Widgets: API programmer sent invalid JSON content',
      `${realm.head}\n${error}Widgets: API programmer sent invalid JSON content\nThe response contains the following payload:\n\`\`\`\n'{"content": "whatever", "widget_content": "test"}'\n\`\`\``,
    );
  });

  it('a connection error is tried 4 times, then "Bot is unavailable" and the owner hears why', async () => {
    const { mock, seen, botId, head } = await failing([() => Promise.reject(new TypeError('fetch failed'))]);
    await mock.settle();
    expect(seen).toHaveLength(4);
    await expectFailure(mock, botId, 'Failure! Bot is unavailable', `${head}\nA connection error occurred. Is my bot server down?`);
  });

  it('a call that never answers times out after the server\'s 10 seconds on the realm clock, 4 times', async () => {
    const never = () => new Promise<Response>(() => undefined);
    const { mock, clock, seen, botId, head } = await failing([never]);
    const settled = mock.settle();
    for (let attempt = 1; attempt <= 4; attempt++) {
      await vi_waitFor(() => seen.length === attempt);
      clock.advance(9_999);
      await Promise.resolve();
      expect(seen).toHaveLength(attempt);
      clock.advance(1);
    }
    await settled;
    expect(seen).toHaveLength(4);
    await expectFailure(mock, botId, 'Failure! Bot is unavailable', `${head}\nRequest timed out after 10 seconds.`);
  });

  it('any other exception is reported at once with its type', async () => {
    const { mock, seen, botId, head } = await failing([
      () => {
        throw new RangeError("I'm a generic exception :(");
      },
    ]);
    await mock.settle();
    expect(seen).toHaveLength(1);
    await expectFailure(
      mock,
      botId,
      'Failure! An exception of type *RangeError* occurred for message `@**Outgoing Webhook bot** foo`! See the Zulip server logs for more information.',
      `${head}\nWhen trying to send a request to the webhook service, an exception of type RangeError occurred:\n\`\`\`\nI'm a generic exception :(\n\`\`\``,
    );
  });

  it('reset drops queued work: nothing reaches the fresh realm', async () => {
    const { mock, seen, hamlet, create } = realmWithBot([json({ content: 'late' })]);
    const botId = await create();
    await hamlet.messages.send({ type: 'direct', to: [botId], content: 'foo' });
    const before = mock.store.tables.message.all().length;
    mock.reset();
    await mock.settle();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen).toHaveLength(0);
    expect(mock.store.tables.message.all().length).toBeLessThan(before);
  });
});

/** Waits (on real time, a few milliseconds at most) until the bot's server has seen a request. */
async function vi_waitFor(condition: () => boolean): Promise<void> {
  for (let tries = 0; tries < 100 && !condition(); tries++) await new Promise((resolve) => setTimeout(resolve, 1));
  expect(condition()).toBe(true);
}
