import { describe, expect, it, vi } from 'vitest';
import { createMockServer } from '../mock/index';
import { applyEvent, ChatClient, parseEvent } from '../src/index';
import { expectApiError } from './support/failure';
import { GUEST, limitGuestToScotland } from './support/limited-guests';
import { SITE as TEST_SITE, useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const SITE = 'http://localhost:9991';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function drain(client: ChatClient, queueId: string, lastEventId = -1) {
  return (await client.events.get({ queue_id: queueId, last_event_id: lastEventId, dont_block: true })).events;
}

describe('POST /register', () => {
  it('creates a queue and answers the state of every implemented type with the server limits', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const state = await iago.events.register();
    expect(state.queue_id).toMatch(UUID);
    expect(state).toMatchObject({
      last_event_id: -1,
      zulip_feature_level: 435,
      // Feature level 435 came during Zulip 12.0's development; register names the merge base too.
      zulip_version: '12.0-dev-teamchat-mock',
      zulip_merge_base: '12.0-dev-teamchat-mock',
      max_message_id: expect.any(Number),
      user_topics: [],
      max_message_length: 10000,
      max_topic_length: 60,
      max_file_upload_size_mib: 100,
      realm_empty_topic_display_name: 'general chat',
      event_queue_longpoll_timeout_seconds: 90,
      server_typing_started_expiry_period_milliseconds: 45000,
      server_typing_stopped_wait_period_milliseconds: 12000,
      server_typing_started_wait_period_milliseconds: 30000,
      server_presence_ping_interval_seconds: 60,
      server_presence_offline_threshold_seconds: 200,
    });
    const newest = Math.max(...realm.mock.store.tables.message.all().map((message) => message.id));
    expect(state.max_message_id).toBe(newest);
  });

  it("answers the realm keys clients read as a development realm has them: defaults, the server's configuration", async () => {
    const state = await realm.clientFor('iago@zulip.com').events.register({ event_types: ['realm'] });
    expect(state).toMatchObject({
      realm_url: TEST_SITE,
      realm_uri: TEST_SITE,
      realm_mandatory_topics: false,
      realm_icon_url: expect.stringMatching(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon$/),
      realm_icon_source: 'G',
      realm_date_created: realm.mock.realm.date_created,
      realm_presence_disabled: false,
      realm_default_language: 'en',
      realm_waiting_period_threshold: 0,
      realm_bot_domain: 'zulip.testserver',
      realm_inline_image_preview: true,
      realm_inline_url_embed_preview: false,
      realm_video_chat_provider: 1,
      realm_available_video_chat_providers: { disabled: { name: 'None', id: 0 }, jitsi_meet: { name: 'Jitsi Meet', id: 1 } },
      jitsi_server_url: 'https://meet.jit.si',
      realm_push_notifications_enabled: true,
      realm_enable_guest_user_indicator: true,
      realm_org_type: 10,
      realm_plan_type: 1,
      realm_signup_announcements_stream_id: -1,
      realm_zulip_update_announcements_stream_id: -1,
      password_min_length: 6,
      max_avatar_file_size_mib: 5,
      server_needs_upgrade: false,
      server_emoji_data_url: `${TEST_SITE}/static/generated/emoji/emoji_api.json`,
    });
    // The icon is the one GET /server_settings names.
    const settings = await realm.clientFor('iago@zulip.com').server.getSettings();
    expect(state.realm_icon_url).toBe(settings.realm_icon);
  });

  it('returns only the requested sections; fetch_event_types chooses the state, event_types the events', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const state = await iago.events.register({ event_types: ['message'], fetch_event_types: ['realm'] });
    expect(state.max_message_length).toBe(10000);
    expect(state).not.toHaveProperty('max_message_id');
    expect(state).not.toHaveProperty('user_topics');
    await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'state', content: 'hi' });
    expect((await drain(iago, state.queue_id ?? '')).map((event) => event.type)).toEqual(['message']);
  });

  it('implements every event type the server knows (no 501 is left), and accepts names the server does not know', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const state = await iago.events.register({ event_types: ['message', 'onboarding_steps', 'realm_export_consent', 'realm_incoming_webhook_bots', 'no_such_type'] });
    expect(state.queue_id).toMatch(UUID);
  });

  it('accepts the event-only types no operation of the mock produces, with no state of their own', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const types = ['restart', 'web_reload_client', 'submessage', 'heartbeat', 'invites_changed', 'realm_export', 'has_zoom_token'];
    const { queue_id, last_event_id, ...state } = await iago.events.register({ event_types: types });
    expect(queue_id).toMatch(UUID);
    expect(last_event_id).toBe(-1);
    expect(Object.keys(state).sort()).toEqual(['zulip_feature_level', 'zulip_merge_base', 'zulip_version']);
  });

  it('answers the state the mock has no operation to change: empty, false', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const types = ['scheduled_messages', 'saved_snippets', 'video_calls', 'realm_billing'];
    const expected = {
      scheduled_messages: [],
      saved_snippets: [],
      has_zoom_token: false,
      realm_billing: { has_pending_sponsorship_request: false },
    };
    expect(await iago.events.register({ event_types: types })).toMatchObject(expected);
    expect(await iago.events.register()).toMatchObject(expected);
    // Servers before saved snippets (10.0, level 297) do not know the name: nothing, silently.
    const older = createMockServer({ featureLevel: 296 });
    const olderIago = new ChatClient({ site: SITE, email: 'iago@zulip.com', apiKey: older.apiKeyOf('iago@zulip.com'), fetch: older.fetch });
    const olderState = await olderIago.events.register({ event_types: types });
    expect(olderState).not.toHaveProperty('saved_snippets');
    expect(olderState).not.toHaveProperty('realm_billing');
    expect(olderState).toHaveProperty('scheduled_messages', []);
  });

  it("refuses the narrow operators the server refuses, and all_public_streams for guests", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await expectApiError(iago.events.register({ narrow: [['search', 'x']] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Operator search not supported.',
    });
    await expectApiError(iago.events.register({ narrow: [['is', 'followed']] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Operand followed not supported.',
    });
    await expectApiError(realm.clientFor('polonius@zulip.com').events.register({ all_public_streams: true }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'User not authorized for this query',
    });
  });

  it("refuses a narrow term that is not a list with the server's message (typed_endpoint's list_type)", async () => {
    for (const term of ['{"operator":"stream","operand":"Verona"}', '5', '"stream"']) {
      const narrow = `[${term}]`;
      const registered = await realm.raw('iago@zulip.com', 'POST', '/register', new URLSearchParams({ narrow }));
      expect(registered.status).toBe(400);
      expect(await registered.json()).toMatchObject({ code: 'BAD_REQUEST', msg: 'narrow[0] is not a list' });
      const polled = await realm.raw('iago@zulip.com', 'GET', `/events?${new URLSearchParams({ dont_block: 'true', narrow }).toString()}`);
      expect(await polled.json()).toMatchObject({ code: 'BAD_REQUEST', msg: 'narrow[0] is not a list' });
    }
  });

  it('requires notification_settings_null inside client_capabilities', async () => {
    const response = await realm.raw(
      'iago@zulip.com',
      'POST',
      '/register',
      new URLSearchParams({ client_capabilities: JSON.stringify({ empty_topic_name: true }) }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'client_capabilities["notification_settings_null"] field is missing: Field required',
    });
  });
});

describe('delivery', () => {
  it('gives each queue the events its user may see, with that user’s flags', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const prospero = realm.clientFor('prospero@zulip.com');
    const queues = await Promise.all([iago, hamlet, prospero].map((client) => client.events.register()));
    const [iagoQueue, hamletQueue, prosperoQueue] = queues.map((state) => state.queue_id ?? '');
    const { id: channelMessage } = await iago.messages.send({
      type: 'stream',
      to: 'Denmark',
      topic: 'castle',
      content: 'hi @**King Hamlet**',
    });
    const { id: direct } = await hamlet.messages.send({ type: 'direct', to: ['iago@zulip.com'], content: 'psst' });

    const iagoEvents = await drain(iago, iagoQueue ?? '');
    expect(iagoEvents.filter((event) => event.type === 'message').map((event) => event.message)).toMatchObject([
      { id: channelMessage },
      { id: direct },
    ]);
    const hamletMessages = (await drain(hamlet, hamletQueue ?? '')).filter((event) => event.type === 'message');
    expect(hamletMessages).toMatchObject([
      { message: { id: channelMessage }, flags: ['mentioned'] },
      // An API client's own message starts unread (read_by_sender defaults to false for it).
      { message: { id: direct }, flags: [] },
    ]);
    // Prospero is not subscribed to Denmark and not in the conversation.
    expect(await drain(prospero, prosperoQueue ?? '')).toEqual([]);
  });

  it('gives queues with all_public_streams public channel messages with no flags, never private ones', async () => {
    const prospero = realm.clientFor('prospero@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    const { queue_id } = await prospero.events.register({ all_public_streams: true });
    const { id } = await iago.messages.send({ type: 'stream', to: 'Denmark', topic: 'open', content: 'public' });
    await iago.messages.send({ type: 'stream', to: 'core team', topic: 'secret', content: 'private' });
    expect(await drain(prospero, queue_id ?? '')).toMatchObject([{ type: 'message', message: { id }, flags: [] }]);
  });

  it('a message the user has no copy of (a channel they are not subscribed to) changes neither unread_msgs nor max_message_id (events acceptance)', async () => {
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const send = () => realm.clientFor('iago@zulip.com').messages.send({ type: 'stream', to: 'Scotland', topic: 'x', content: 'hi' });
    const types = ['message', 'update_message_flags', 'subscription'];
    for (const register of [{ event_types: types, all_public_streams: true }, { event_types: types, narrow: [['channel', 'Scotland']] as [string, string][] }]) {
      expect(await verifyAction(cordelia, send, register)).toMatchObject([{ type: 'message', flags: [] }]);
    }
    // Nor does the sender, whose own message it is: the server gives copies to subscribers only.
    const own = () => cordelia.messages.send({ type: 'stream', to: 'Scotland', topic: 'x', content: 'mine', read_by_sender: false });
    expect(await verifyAction(cordelia, own, { event_types: types, all_public_streams: true })).toMatchObject([{ type: 'message', flags: [] }]);
    // Without the subscriptions, nothing tells that the user has no copy: the message counts.
    const state = await cordelia.events.register({ event_types: ['message', 'update_message_flags'], all_public_streams: true });
    const { id } = await send();
    const [event] = (await drain(cordelia, state.queue_id ?? '')).map((raw) => parseEvent(raw));
    expect(event && applyEvent(state, event, { userId: realm.userId('cordelia@zulip.com') }).max_message_id).toBe(id);
  });

  it('renders content and topic for each queue’s options', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const markdown = await hamlet.events.register({ event_types: ['message'] });
    const html = await hamlet.events.register({
      event_types: ['message'],
      apply_markdown: true,
      client_capabilities: { notification_settings_null: true, empty_topic_name: true },
    });
    await realm.clientFor('iago@zulip.com').messages.send({ type: 'stream', to: 'Verona', topic: '', content: '**bold**' });
    const [plain] = await drain(hamlet, markdown.queue_id ?? '');
    const [rendered] = await drain(hamlet, html.queue_id ?? '');
    expect(plain).toMatchObject({
      message: { content: '**bold**', content_type: 'text/x-markdown', subject: 'general chat' },
    });
    expect(rendered).toMatchObject({
      message: { content: '<p><strong>bold</strong></p>', content_type: 'text/html', subject: '' },
    });
    expect(plain).not.toHaveProperty('message.flags');
  });

  it('echoes local_id as local_message_id to the sending queue only', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const sending = await iago.events.register({ event_types: ['message'] });
    const other = await iago.events.register({ event_types: ['message'] });
    await iago.messages.send({
      type: 'stream',
      to: 'Verona',
      topic: 'echo',
      content: 'x',
      queue_id: sending.queue_id ?? '',
      local_id: '17.01',
    });
    expect(await drain(iago, sending.queue_id ?? '')).toMatchObject([{ local_message_id: '17.01' }]);
    expect((await drain(iago, other.queue_id ?? ''))[0]).not.toHaveProperty('local_message_id');
  });

  it('filters message events by the queue’s narrow', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    const { queue_id } = await hamlet.events.register({
      event_types: ['message'],
      narrow: [
        ['channel', 'denmark'],
        ['topic', 'Castle'],
      ],
    });
    await iago.messages.send({ type: 'stream', to: 'Denmark', topic: 'kitchen', content: 'no' });
    await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'castle', content: 'no' });
    const { id } = await iago.messages.send({ type: 'stream', to: 'Denmark', topic: 'castle', content: 'yes' });
    const delivered = (await drain(hamlet, queue_id ?? '')).map((event) => parseEvent(event));
    expect(delivered.map((event) => event?.type === 'message' && event.message.id)).toEqual([id]);
  });

  it("a narrowed queue gets public channels' messages its user is not subscribed to (with no flags); an is: operand the filter does not test matches everything", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'lobby' }] });
    const bySender = await hamlet.events.register({ event_types: ['message'], narrow: [['sender', 'iago@zulip.com'], ['is', 'muted']] });
    const { id } = await iago.messages.send({ type: 'stream', to: 'lobby', topic: 't', content: 'open to all' });
    const delivered = await drain(hamlet, bySender.queue_id ?? '');
    expect(delivered).toEqual([expect.objectContaining({ type: 'message', flags: [], message: expect.objectContaining({ id }) })]);
    // Without a narrow (or all_public_streams) only the user's own copies arrive.
    const plain = await hamlet.events.register({ event_types: ['message'] });
    await iago.messages.send({ type: 'stream', to: 'lobby', topic: 't', content: 'again' });
    expect(await drain(hamlet, plain.queue_id ?? '')).toEqual([]);
  });

  it("a guest's narrowed queue gets public channels' messages too, with the sender in full even when the guest may not see them", async () => {
    // The server puts every narrowed queue among those following all public channels, with no
    // check of the role, and hides a sender only from the users with a copy of the message.
    await limitGuestToScotland(realm);
    const guest = realm.clientFor(GUEST);
    const cordelia = realm.clientFor('cordelia@zulip.com');
    // A sender outside the channel, whom the guest may not see (the case where the server asks).
    await cordelia.subscriptions.remove({ subscriptions: ['Denmark'] });
    const { queue_id } = await guest.events.register({ event_types: ['message'], narrow: [['channel', 'Denmark']] });
    const { id } = await cordelia.messages.send({ type: 'stream', to: 'Denmark', topic: 't', content: 'open' });
    await realm.clientFor('iago@zulip.com').messages.send({ type: 'stream', to: 'core team', topic: 't', content: 'private' });
    expect(await drain(guest, queue_id ?? '')).toEqual([
      expect.objectContaining({
        type: 'message',
        flags: [],
        message: expect.objectContaining({ id, sender_full_name: "Cordelia, Lear's daughter", sender_email: 'cordelia@zulip.com' }),
      }),
    ]);
    // Without a narrow, only the guest's own copies arrive.
    const plain = await guest.events.register({ event_types: ['message'] });
    await cordelia.messages.send({ type: 'stream', to: 'Denmark', topic: 't', content: 'again' });
    expect(await drain(guest, plain.queue_id ?? '')).toEqual([]);
  });

  it("a bot's registration without a narrow uses its default_events_register_stream as the narrow", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const botId = realm.userId('default-bot@zulip.com');
    await hamlet.bots.update({ bot_id: botId, default_events_register_stream: 'Denmark' });
    const bot = realm.clientFor('default-bot@zulip.com');
    const queue = await bot.events.register({ event_types: ['message'] });
    const iago = realm.clientFor('iago@zulip.com');
    await iago.messages.send({ type: 'stream', to: 'Verona', topic: 't', content: 'elsewhere' });
    const { id } = await iago.messages.send({ type: 'stream', to: 'Denmark', topic: 't', content: 'here' });
    expect((await drain(bot, queue.queue_id ?? '')).map((event) => event.type === 'message' && (event.message as { id: number }).id)).toEqual([id]);
    // default_all_public_streams: every public channel's messages, without a narrow.
    await hamlet.bots.update({ bot_id: botId, default_events_register_stream: '', default_all_public_streams: true });
    const everything = await bot.events.register({ event_types: ['message'] });
    const elsewhere = (await iago.messages.send({ type: 'stream', to: 'Verona', topic: 't', content: 'now too' })).id;
    expect((await drain(bot, everything.queue_id ?? '')).map((event) => event.type === 'message' && (event.message as { id: number }).id)).toEqual([elsewhere]);
  });

  it('sends the sender a user_topic event when sending follows the topic automatically', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { queue_id } = await hamlet.events.register({ event_types: ['user_topic'] });
    const sent = await hamlet.messages.send({ type: 'stream', to: 'Denmark', topic: 'new plans', content: 'first' });
    expect(sent.automatic_new_visibility_policy).toBe(3);
    expect(await drain(hamlet, queue_id ?? '')).toEqual([
      {
        id: 0,
        type: 'user_topic',
        stream_id: realm.channelId('Denmark'),
        topic_name: 'new plans',
        last_updated: Math.floor(realm.clock.now() / 1000),
        visibility_policy: 3,
      },
    ]);
  });
});

describe('GET /events and DELETE /events', () => {
  it('numbers events from 0 and drops what last_event_id acknowledges', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { queue_id } = await iago.events.register({ event_types: ['message'] });
    const queueId = queue_id ?? '';
    for (const content of ['a', 'b', 'c']) await iago.messages.send({ type: 'stream', to: 'Verona', topic: 't', content });
    expect((await drain(iago, queueId)).map((event) => event.id)).toEqual([0, 1, 2]);
    expect((await drain(iago, queueId, 1)).map((event) => event.id)).toEqual([2]);
    await expectApiError(drain(iago, queueId, 0), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'An event newer than 0 has already been pruned!',
    });
    await expectApiError(drain(iago, queueId, 7), { code: 'BAD_REQUEST', status: 400, msg: 'Event 7 was not in this queue' });
  });

  it('without queue_id but with dont_block, creates a queue on the fly from register-style parameters', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const created = await iago.events.get({ dont_block: true, event_types: ['message'], narrow: [['stream', 'Verona']] });
    expect(created.events).toEqual([]);
    const queueId = created.queue_id ?? '';
    expect(queueId).toMatch(UUID);
    await iago.messages.send({ type: 'stream', to: 'Denmark', topic: 't', content: 'elsewhere' });
    await iago.messages.send({ type: 'stream', to: 'Verona', topic: 't', content: '**here**' });
    const [event, ...rest] = await drain(iago, queueId);
    expect(rest).toEqual([]);
    // Markdown is off unless asked for, unlike a registered queue's default in newer clients.
    expect(event).toMatchObject({ type: 'message', message: { content: '**here**', content_type: 'text/x-markdown' } });
    await expectApiError(iago.events.get({ dont_block: true, narrow: [['search', 'x']] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Operator search not supported.',
    });
    await expectApiError(realm.clientFor('polonius@zulip.com').events.get({ dont_block: true, all_public_streams: true }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'User not authorized for this query',
    });
  });

  it('merges undelivered flag events of the same operation and flag, as the real queue does', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { queue_id } = await hamlet.events.register({ event_types: ['update_message_flags', 'message'] });
    const queueId = queue_id ?? '';
    const ids: number[] = [];
    for (const content of ['a', 'b', 'c']) {
      ids.push((await realm.clientFor('iago@zulip.com').messages.send({ type: 'stream', to: 'Verona', topic: 't', content })).id);
    }
    const [first, second, third] = ids as [number, number, number];
    await hamlet.flags.update({ messages: [first], op: 'add', flag: 'read' }); // event 3
    await hamlet.flags.update({ messages: [first], op: 'add', flag: 'starred' }); // event 4
    await hamlet.flags.update({ messages: [second], op: 'add', flag: 'read' }); // event 5, merged into 3
    await hamlet.flags.update({ messages: [first], op: 'remove', flag: 'read' }); // event 6, never merged
    await hamlet.flags.update({ messages: [second], op: 'remove', flag: 'read' }); // event 7, never merged
    const events = await drain(hamlet, queueId);
    expect(events.map((event) => [event.id, event.type, 'op' in event ? event.op : undefined, 'flag' in event ? event.flag : undefined])).toEqual([
      [0, 'message', undefined, undefined],
      [1, 'message', undefined, undefined],
      [2, 'message', undefined, undefined],
      [4, 'update_message_flags', 'add', 'starred'],
      [5, 'update_message_flags', 'add', 'read'],
      [6, 'update_message_flags', 'remove', 'read'],
      [7, 'update_message_flags', 'remove', 'read'],
    ]);
    expect(events[4]).toMatchObject({ messages: [first, second] });
    // Delivered events are no longer merged into: a later flag change is an event of its own.
    await hamlet.flags.update({ messages: [third], op: 'add', flag: 'read' });
    expect((await drain(hamlet, queueId, 7)).map((event) => [event.id, 'messages' in event ? event.messages : undefined])).toEqual([[8, [third]]]);
  });

  it('names a missing queue_id or last_event_id without var_name', async () => {
    for (const [query, missing] of [
      ['last_event_id=-1', 'queue_id'],
      ['queue_id=x', 'last_event_id'],
    ] as const) {
      const response = await realm.raw('iago@zulip.com', 'GET', `/events?${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: `Missing '${missing}' argument` });
    }
  });

  it("answers BAD_EVENT_QUEUE_ID for an unknown queue, another user's queue and a deleted one", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { queue_id } = await iago.events.register();
    const queueId = queue_id ?? '';
    const bad = (id: string) => ({ code: 'BAD_EVENT_QUEUE_ID', status: 400, msg: `Bad event queue ID: ${id}`, queue_id: id });
    await expectApiError(drain(realm.clientFor('hamlet@zulip.com'), queueId), bad(queueId));
    await expectApiError(realm.clientFor('hamlet@zulip.com').events.delete({ queue_id: queueId }), bad(queueId));
    await expectApiError(drain(iago, 'no-such-queue'), bad('no-such-queue'));
    expect(await iago.events.delete({ queue_id: queueId })).toEqual({});
    await expectApiError(iago.events.delete({ queue_id: queueId }), bad(queueId));
    await expectApiError(drain(iago, queueId), bad(queueId));
  });

  it('expires a queue its lifespan after the last long-poll that waited (600 s by default); answers given at once do not count', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const short = (await iago.events.register({ queue_lifespan_secs: 60 })).queue_id ?? '';
    realm.clock.advance(59_000);
    expect(await drain(iago, short)).toEqual([]);
    // A waiting poll is a connection: the 60 s start again when it starts.
    const poll = iago.events.get({ queue_id: short, last_event_id: -1 });
    while (!realm.mock.state.events.queues().some((queue) => queue.id === short && queue.isWaiting)) await new Promise((resolve) => setTimeout(resolve, 1));
    const standard = (await iago.events.register()).queue_id ?? '';
    realm.clock.advance(55_000);
    expect((await poll).events.map((event) => event.type)).toEqual(['heartbeat']);
    realm.clock.advance(4_000);
    expect(await drain(iago, short, 0)).toEqual([]);
    realm.clock.advance(1_000);
    await expectApiError(drain(iago, short, 0), { code: 'BAD_EVENT_QUEUE_ID', status: 400 });
    // Polling without waiting keeps nothing alive.
    realm.clock.advance(600_000 - 60_000 - 1_000);
    expect(await drain(iago, standard)).toEqual([]);
    realm.clock.advance(1_000);
    await expectApiError(drain(iago, standard), { code: 'BAD_EVENT_QUEUE_ID', status: 400 });
    expect(realm.mock.state.events.queues()).toEqual([]);
  });

  it('takes only 0 as the default lifespan: a negative one has expired by the next collection', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { queue_id } = await iago.events.register({ queue_lifespan_secs: -1 });
    await expectApiError(drain(iago, queue_id ?? ''), { code: 'BAD_EVENT_QUEUE_ID', status: 400, msg: `Bad event queue ID: ${queue_id ?? ''}` });
    // (An on-the-fly queue's lifespan_secs is a non-negative integer: see events-on-the-fly.test.ts.)
    const standard = (await iago.events.register({ queue_lifespan_secs: 0 })).queue_id ?? '';
    realm.clock.advance(599_000);
    expect(await drain(iago, standard)).toEqual([]);
  });
});

describe('long-polling', () => {
  it('waits until an event arrives and then answers it with the queue_id', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { queue_id } = await iago.events.register({ event_types: ['message'] });
    const poll = iago.events.get({ queue_id: queue_id ?? '', last_event_id: -1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { id } = await realm.clientFor('hamlet@zulip.com').messages.send({
      type: 'stream',
      to: 'Verona',
      topic: 't',
      content: 'wake up',
    });
    expect(await poll).toMatchObject({ queue_id, events: [{ id: 0, type: 'message', message: { id } }] });
  });

  it('answers a heartbeat once 45-55 s pass on the mock clock, and it must be acknowledged', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { queue_id } = await iago.events.register({ event_types: ['message'] });
    const poll = iago.events.get({ queue_id: queue_id ?? '', last_event_id: -1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    realm.clock.advance(44_999);
    realm.clock.advance(10_001);
    expect((await poll).events).toEqual([{ id: 0, type: 'heartbeat' }]);
    expect(await drain(iago, queue_id ?? '', 0)).toEqual([]);
  });

  it('draws the heartbeat delay in whole seconds, 55 s at the most (the server adds randint(0, 10) to 45)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { queue_id } = await iago.events.register({ event_types: ['message'] });
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.9999);
    try {
      const poll = iago.events.get({ queue_id: queue_id ?? '', last_event_id: -1 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      realm.clock.advance(54_999);
      expect(realm.mock.state.events.queues()[0]?.isWaiting).toBe(true);
      realm.clock.advance(1);
      expect((await poll).events).toEqual([{ id: 0, type: 'heartbeat' }]);
    } finally {
      random.mockRestore();
    }
  });

  it('a waiting queue never expires, and a newer poll completes the older one empty', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { queue_id } = await iago.events.register({ event_types: ['message'], queue_lifespan_secs: 1 });
    const first = iago.events.get({ queue_id: queue_id ?? '', last_event_id: -1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(realm.mock.state.events.queues()).toHaveLength(1);
    const second = drain(iago, queue_id ?? '');
    expect((await first).events).toEqual([]);
    expect(await second).toEqual([]);
  });

  it('an aborted poll stops waiting, so the queue can expire', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { queue_id } = await iago.events.register({ event_types: ['message'] });
    const controller = new AbortController();
    const poll = iago.events.get({ queue_id: queue_id ?? '', last_event_id: -1 }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [queue] = realm.mock.state.events.queues();
    expect(queue?.isWaiting).toBe(true);
    controller.abort(new Error('user left'));
    await expect(poll).rejects.toThrow('user left');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queue?.isWaiting).toBe(false);
  });
});
