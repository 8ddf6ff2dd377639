import { describe, expect, it } from 'vitest';
import { createMockServer, ManualClock } from '../mock/index';
import { recordExchange } from './support/contract';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';
import type { parseEvent } from '../src/index';

const realm = useTestRealm();

// Initial state + events == a fresh fetch, for every action that emits events.
describe('events acceptance (register, act, apply events, register again)', () => {
  it('sending a channel message', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    const events = await verifyAction(hamlet, () =>
      iago.messages.send({ type: 'stream', to: 'Denmark', topic: 'castle', content: 'hello' }),
    );
    expect(events.map((event) => event?.type)).toEqual(['message']);
  });

  it('sending to a channel no longer recently active: stream update of is_recently_active, then message', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const denmark = realm.channelId('Denmark');
    realm.mock.store.tables.channel.update(denmark, { is_recently_active: false });
    const events = await verifyAction(hamlet, () =>
      realm.clientFor('iago@zulip.com').messages.send({ type: 'stream', to: 'Denmark', topic: 'castle', content: 'awake' }),
    );
    expect(events[0]).toEqual({ id: 0, type: 'stream', op: 'update', stream_id: denmark, name: 'Denmark', property: 'is_recently_active', value: true });
    expect(events.map((event) => event?.type)).toEqual(['stream', 'message']);
    const again = await verifyAction(hamlet, () =>
      realm.clientFor('iago@zulip.com').messages.send({ type: 'stream', to: 'Denmark', topic: 'castle', content: 'still awake' }),
    );
    expect(again.map((event) => event?.type)).toEqual(['message']);
  });

  it('the weekly job marking channels without messages in 180 days inactive (stream updates of is_recently_active)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    // The seed's messages are from the clock's start; Sunday 2025-07-06 05:00 is the first run to find them old.
    realm.clock.set(Date.UTC(2025, 6, 6, 4, 59));
    // Without presence, whose `server_timestamp` moves with the clock.
    const events = await verifyAction(hamlet, async () => realm.clock.advance(60_000), { event_types: ['stream', 'subscription', 'message'] });
    expect(events.map((event) => (event?.type === 'stream' ? `${event.name} ${String(event.property)}` : event?.type))).toEqual([
      'Verona is_recently_active',
      'Denmark is_recently_active',
      'Scotland is_recently_active',
      'core team is_recently_active',
    ]);
  });

  it('sending a direct message', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const events = await verifyAction(othello, () =>
      realm.clientFor('iago@zulip.com').messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'psst' }),
    );
    expect(events.map((event) => event?.type)).toEqual(['message']);
  });

  it('sending that follows the topic automatically (user_topic, then message)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () =>
      hamlet.messages.send({ type: 'stream', to: 'Denmark', topic: 'new plans', content: 'first' }),
    );
    // The server's test_stream_send_message_events expects muted_topics, user_topic, then message.
    expect(events.map((event) => event?.type)).toEqual(['muted_topics', 'user_topic', 'message']);
  });

  it('being mentioned in a topic one follows nothing in: followed on mention', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    realm.mock.store.tables.user.update(realm.userId('othello@zulip.com'), {
      automatically_follow_topics_where_mentioned: true,
    });
    const events = await verifyAction(othello, () =>
      realm
        .clientFor('iago@zulip.com')
        .messages.send({ type: 'stream', to: 'Denmark', topic: 'summons', content: '@**Othello, the Moor of Venice** come' }),
    );
    expect(events.map((event) => event?.type)).toEqual(['muted_topics', 'user_topic', 'message']);
  });

  it('with the empty topic and empty_topic_name, and without it', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    for (const empty_topic_name of [true, false]) {
      await verifyAction(
        hamlet,
        () => hamlet.messages.send({ type: 'stream', to: 'Scotland', topic: '', content: `general ${empty_topic_name}` }),
        { client_capabilities: { notification_settings_null: true, empty_topic_name } },
      );
    }
  });

  it('a poll vote (a submessage: no register state holds it)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'stream', to: 'Denmark', topic: 'poll', content: '/poll Tea?\nYes' });
    const events = await verifyAction(hamlet, () =>
      realm.clientFor('othello@zulip.com').messages.addSubmessage({ message_id: id, msg_type: 'widget', content: '{"type": "vote", "key": "canned,0", "vote": 1}' }),
    );
    expect(events.map((event) => event?.type)).toEqual(['submessage']);
  });

  it('saving, editing and deleting snippets (the whole register state)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { saved_snippet_id: kept } = await hamlet.savedSnippets.create({ title: 'kept', content: 'as is' });
    const events = await verifyAction(hamlet, async () => {
      const { saved_snippet_id: added } = await hamlet.savedSnippets.create({ title: 'new', content: 'snippet' });
      await hamlet.savedSnippets.edit({ saved_snippet_id: kept, title: 'renamed' });
      await hamlet.savedSnippets.edit({ saved_snippet_id: added, content: 'edited' });
      await hamlet.savedSnippets.delete({ saved_snippet_id: kept });
    });
    expect(events.map((event) => (event?.type === 'saved_snippets' ? event.op : event?.type))).toEqual(['add', 'update', 'update', 'remove']);
  });

  it('adding, editing and removing navigation views (the whole register state)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.navigationViews.add({ fragment: 'inbox', is_pinned: true });
    const events = await verifyAction(hamlet, async () => {
      await hamlet.navigationViews.add({ fragment: 'narrow/is/alerted', is_pinned: false, name: 'Alerts' });
      await hamlet.navigationViews.edit({ fragment: 'inbox', is_pinned: false });
      await hamlet.navigationViews.edit({ fragment: 'narrow/is/alerted', is_pinned: true, name: 'Watched' });
      await hamlet.navigationViews.remove({ fragment: 'inbox' });
      await hamlet.navigationViews.add({ fragment: 'inbox', is_pinned: true });
    });
    expect(events.map((event) => (event?.type === 'navigation_view' ? event.op : event?.type))).toEqual(['add', 'update', 'update', 'remove', 'add']);
  });

  it("Welcome Bot's test message to the administrator who asked for it", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const events = await verifyAction(iago, () => iago.realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: 'Welcome!' }));
    expect(events.map((event) => event?.type)).toEqual(['message']);
  });

  it('archiving the moderation request and every announcements channel: one realm update_dict for all', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'reports' }], invite_only: true });
    const { stream_id: reports } = await iago.channels.getId({ stream: 'reports' });
    await iago.realm.update({
      moderation_request_channel_id: reports,
      new_stream_announcements_stream_id: reports,
      signup_announcements_stream_id: reports,
      zulip_update_announcements_stream_id: reports,
    });
    const events = await verifyAction(realm.clientFor('hamlet@zulip.com'), () => iago.channels.archive({ stream_id: reports }));
    const data = { moderation_request_channel_id: -1, new_stream_announcements_stream_id: -1, signup_announcements_stream_id: -1, zulip_update_announcements_stream_id: -1 };
    expect(events.filter((event) => event?.type === 'realm')).toEqual([{ type: 'realm', op: 'update_dict', property: 'default', data, id: expect.any(Number) }]);
  });

  it('creating a channel with subscribers (POST /channels/create): the channel, the subscription, the creation message', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    const events = await verifyAction(realm.clientFor('hamlet@zulip.com'), () => iago.channels.create({ name: 'accepted', subscribers: [hamletId], announce: true }), {
      include_subscribers: true,
    });
    expect(events.map((event) => event?.type)).toEqual(['stream', 'subscription', 'message']);
  });

  it('reporting a message: Notification Bot\'s report reaches the moderation channel\'s subscribers', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'reports' }], invite_only: true });
    const { stream_id: reports } = await iago.channels.getId({ stream: 'reports' });
    await iago.realm.update({ moderation_request_channel_id: reports });
    const othello = realm.clientFor('othello@zulip.com');
    const { id } = await othello.messages.send({ type: 'channel', to: 'Denmark', topic: 'report me', content: 'spam spam' });
    const events = await verifyAction(iago, () => othello.messages.report({ message_id: id, report_type: 'spam' }));
    expect(events.map((event) => event?.type)).toEqual(['message']);
  });

  it('marking all read, then one message unread, then another read: the all-event is never merged', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    const [first, second] = [
      (await iago.messages.send({ type: 'stream', to: 'Denmark', topic: 'castle', content: 'one' })).id,
      (await iago.messages.send({ type: 'stream', to: 'Denmark', topic: 'castle', content: 'two' })).id,
    ];
    await hamlet.flags.update({ messages: [second], op: 'remove', flag: 'read' });
    const events = await verifyAction(hamlet, async () => {
      await hamlet.flags.markAllAsRead();
      await hamlet.flags.update({ messages: [first], op: 'remove', flag: 'read' });
      await hamlet.flags.update({ messages: [second], op: 'add', flag: 'read' });
    });
    // Merged into the all-event, the last one would take its place after the unread event.
    expect(events.map((event) => (event?.type === 'update_message_flags' ? [event.op, event.all] : event?.type))).toEqual([
      ['add', true],
      ['remove', false],
      ['add', false],
    ]);
  });
});

describe('events acceptance: reminders', () => {
  const inSeconds = (offset: number) => Math.floor(realm.clock.now() / 1000) + offset;
  // Without presence, whose `server_timestamp` moves with the clock these tests advance.
  const deliveryState = { event_types: ['reminders', 'scheduled_messages', 'message', 'update_message_flags', 'recent_private_conversations'] };
  const kinds = (events: Awaited<ReturnType<typeof verifyAction>>) => events.map((event) => (event?.type === 'reminders' ? `reminders ${event.op}` : event?.type));

  it('scheduling (in its place by time) and deleting', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'remember me' });
    await hamlet.reminders.create({ message_id: id, scheduled_delivery_timestamp: inSeconds(900) });
    let reminderId = 0;
    const added = await verifyAction(hamlet, async () => {
      ({ reminder_id: reminderId } = await hamlet.reminders.create({ message_id: id, scheduled_delivery_timestamp: inSeconds(600), note: 'soon' }));
    });
    expect(kinds(added)).toEqual(['reminders add']);
    const removed = await verifyAction(hamlet, () => hamlet.reminders.delete({ reminder_id: reminderId }));
    expect(kinds(removed)).toEqual(['reminders remove']);
  });

  it("delivery: Notification Bot's message, then the reminder's removal", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'direct', to: [realm.userId('othello@zulip.com')], content: 'remember me' });
    await hamlet.reminders.create({ message_id: id, scheduled_delivery_timestamp: inSeconds(60) });
    const events = await verifyAction(hamlet, async () => realm.clock.advance(60_000), deliveryState);
    expect(kinds(events)).toEqual(['message', 'reminders remove']);
  });
});

describe('events acceptance: scheduled messages', () => {
  const inSeconds = (offset: number) => Math.floor(realm.clock.now() / 1000) + offset;
  // Without presence, whose `server_timestamp` moves with the clock these tests advance.
  const deliveryState = { event_types: ['scheduled_messages', 'message', 'update_message_flags', 'recent_private_conversations'] };

  it('scheduling, editing (also the delivery time) and deleting', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.userId('othello@zulip.com');
    const verona = realm.channelId('Verona');
    await hamlet.scheduledMessages.create({ type: 'direct', to: [othello], content: 'first', scheduled_delivery_timestamp: inSeconds(900) });
    let id = 0;
    const added = await verifyAction(hamlet, async () => {
      ({ scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'channel', to: verona, topic: 't', content: 'second', scheduled_delivery_timestamp: inSeconds(600) }));
    });
    expect(added.map((event) => event?.type === 'scheduled_messages' && event.op)).toEqual(['add']);
    const updated = await verifyAction(hamlet, () => hamlet.scheduledMessages.update({ scheduled_message_id: id, content: 'changed', scheduled_delivery_timestamp: inSeconds(1200) }));
    expect(updated.map((event) => event?.type === 'scheduled_messages' && event.op)).toEqual(['update']);
    const removed = await verifyAction(hamlet, () => hamlet.scheduledMessages.delete({ scheduled_message_id: id }));
    expect(removed.map((event) => event?.type === 'scheduled_messages' && event.op)).toEqual(['remove']);
  });

  it('delivery: the message, then its removal from the scheduled list', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.userId('othello@zulip.com');
    await hamlet.scheduledMessages.create({ type: 'direct', to: [othello], content: 'on time', scheduled_delivery_timestamp: inSeconds(60) });
    const events = await verifyAction(hamlet, async () => realm.clock.advance(60_000), deliveryState);
    expect(events.map((event) => (event?.type === 'scheduled_messages' ? `scheduled_messages ${event.op}` : event?.type))).toEqual(['message', 'scheduled_messages remove']);
  });

  it('failed delivery: marked failed, then Notification Bot\'s message', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.userId('othello@zulip.com');
    await hamlet.scheduledMessages.create({ type: 'direct', to: [othello], content: 'too late', scheduled_delivery_timestamp: inSeconds(60) });
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: othello });
    const events = await verifyAction(hamlet, async () => realm.clock.advance(60_000), deliveryState);
    expect(events.map((event) => (event?.type === 'scheduled_messages' ? `scheduled_messages ${event.op} ${String(event.op === 'update' && event.scheduled_message.failed)}` : event?.type))).toEqual([
      'scheduled_messages update true',
      'message',
    ]);
  });
});

describe('events acceptance with a push bouncer (registrations for end-to-end encrypted notifications)', () => {
  const registration = (push_account_id: number, bouncer_public_key: string) => ({
    token_kind: 'apns' as const,
    push_account_id,
    push_key: 'MY+paNlyduYJRQFNZva8w7Gv3PkBua9kIj581F9Vr301',
    bouncer_public_key,
    encrypted_push_registration: 'c2VhbGVk',
  });

  it('a registration the bouncer refuses, one it takes, and the refused one registered again', async () => {
    const mock = createMockServer({
      push: { bouncer: { knownTokens: [], registrationKeys: ['key'] } },
      clock: new ManualClock(),
      onExchange: recordExchange,
    });
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const context = { userId: mock.store.userByDeliveryEmail('hamlet@zulip.com')?.id };
    const register = { client_capabilities: { notification_settings_null: true } };
    const refused = await verifyAction(hamlet, () => hamlet.push.registerDevice(registration(1, 'unknown')), register, context);
    const taken = await verifyAction(hamlet, () => hamlet.push.registerDevice(registration(2, 'key')), register, context);
    const again = await verifyAction(hamlet, () => hamlet.push.registerDevice(registration(1, 'key')), register, context);
    expect([...refused, ...taken, ...again].map((event) => (event?.type === 'push_device' ? event.status : event?.type))).toEqual([
      'failed',
      'active',
      'active',
    ]);
  });
});

describe('events acceptance: channel folders', () => {
  const folderEvent = (event: ReturnType<typeof parseEvent>) =>
    event?.type === 'channel_folder' ? `channel_folder ${event.op}` : event?.type === 'stream' && event.op === 'update' ? `stream update ${event.property}` : event?.type;

  it('creating, renaming, redescribing, archiving, unarchiving and reordering: every user is told, guests too', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { channel_folder_id: kept } = await iago.channelFolders.create({ name: 'Kept', description: '' });
    for (const email of ['hamlet@zulip.com', 'polonius@zulip.com']) {
      let added = 0;
      const events = await verifyAction(realm.clientFor(email), async () => {
        ({ channel_folder_id: added } = await iago.channelFolders.create({ name: `New for ${email}`, description: 'with **Markdown**' }));
        await iago.channelFolders.update({ channel_folder_id: added, name: `Renamed for ${email}`, description: '' });
        await iago.channelFolders.update({ channel_folder_id: added, is_archived: true });
        await iago.channelFolders.update({ channel_folder_id: added, is_archived: false });
        // Reversed, with a repeated ID (its last place counts) and an unknown one.
        const reversed = realm.mock.store.tables.channelFolder.all().map((folder) => folder.id).reverse();
        await iago.channelFolders.reorder({ order: [kept, ...reversed, 424242, kept] });
        await iago.channelFolders.create({ name: `After the reorder for ${email}`, description: '' });
      });
      expect(events.map(folderEvent)).toEqual([
        'channel_folder add',
        'channel_folder update',
        'channel_folder update',
        'channel_folder update',
        'channel_folder update',
        'channel_folder reorder',
        'channel_folder add',
      ]);
    }
  });

  it('moving channels between folders: stream update of folder_id, to those who may see the channel', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { channel_folder_id: folder } = await iago.channelFolders.create({ name: 'Folder', description: '' });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const verona = realm.channelId('Verona');
    const moved = await verifyAction(hamlet, async () => {
      await iago.channels.update({ stream_id: verona, folder_id: folder });
      await iago.channels.update({ stream_id: verona, folder_id: folder });
      await iago.channels.update({ stream_id: verona, folder_id: null });
    });
    expect(moved.map(folderEvent)).toEqual(['stream update folder_id', 'stream update folder_id', 'stream update folder_id']);
    await iago.subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true });
    const unseen = await verifyAction(hamlet, () => iago.channels.update({ stream_id: realm.channelId('secret'), folder_id: folder }));
    expect(unseen).toEqual([]);
    const created = await verifyAction(hamlet, () => iago.subscriptions.add({ subscriptions: [{ name: 'filed' }], folder_id: folder, principals: ['hamlet@zulip.com'] }));
    expect(created.map(folderEvent)).toContain('subscription');
  });

  it('a queue that named channel_folders gets the state and no events; one that named channel_folder the reverse (as the server)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const state = await hamlet.events.register({ event_types: ['channel_folders'] });
    const events = await hamlet.events.register({ event_types: ['channel_folder'] });
    expect([state.channel_folders, events.channel_folders]).toEqual([[], undefined]);
    await iago.channelFolders.create({ name: 'Quiet', description: '' });
    const pending = async (queue: typeof state) => (await hamlet.events.get({ queue_id: queue.queue_id ?? '', last_event_id: -1, dont_block: true })).events.map((event) => event.type);
    expect(await pending(state)).toEqual([]);
    expect(await pending(events)).toEqual(['channel_folder']);
  });
});
