import { describe, expect, it, vi } from 'vitest';
import { createMockServer } from '../mock/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const channelsOnly = { event_types: ['stream', 'subscription'], include_subscribers: true };
const lastMessageIn = (channelId: number) => realm.mock.store.tables.message.get([...realm.mock.store.channelMessageIds(channelId)].at(-1) ?? 0);

describe('PATCH /streams/{stream_id} makes its changes one at a time, as the server (no transaction around them)', () => {
  it('a later failure keeps the earlier changes, their events and notices', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const scotland = realm.channelId('Scotland');
    const before = realm.mock.store.channelMessageIds(scotland).size;
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(
      hamlet,
      () =>
        expectApiError(iago.channels.update({ stream_id: scotland, is_private: true, message_retention_days: 30 }), {
          code: 'UNAUTHORIZED_PRINCIPAL',
          status: 400,
          msg: 'Must be an organization owner',
        }),
      channelsOnly,
    );
    expect(events.map((event) => `${event?.type}:${String((event as { property?: string }).property)}`)).toEqual(['stream:invite_only']);
    expect(realm.mock.store.tables.channel.get(scotland)).toMatchObject({ invite_only: true, message_retention_days: null });
    expect(realm.mock.store.channelMessageIds(scotland).size).toBe(before + 1);
    expect(lastMessageIn(scotland)?.content).toContain('changed the [access permissions](/help/channel-permissions) for this channel from **Public** to **Private, protected history**.');
  });

  it('the description is kept when the new name is taken (CHANNEL_ALREADY_EXISTS)', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const scotland = realm.channelId('Scotland');
    await expectApiError(desdemona.channels.update({ stream_id: scotland, description: 'Highlands', new_name: 'Denmark' }), {
      code: 'CHANNEL_ALREADY_EXISTS',
      status: 409,
      msg: "Channel 'Denmark' already exists",
      channel_name: 'Denmark',
    });
    expect(realm.mock.store.tables.channel.get(scotland)).toMatchObject({ name: 'Scotland', description: 'Highlands' });
  });

  it('renaming to a taken name at level 372 is 10.2\'s 400 "Channel name is already in use.", the description kept', async () => {
    const older = createMockServer({ featureLevel: 372 });
    const scotland = older.store.channelByName('Scotland')?.id ?? 0;
    await expectApiError(older.clientFor('desdemona@zulip.com').channels.update({ stream_id: scotland, description: 'Highlands', new_name: ' denmark ' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Channel name is already in use.',
    });
    expect(older.store.tables.channel.get(scotland)).toMatchObject({ name: 'Scotland', description: 'Highlands' });
  });

  it('the topics policy is set first: kept when a later change fails', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const verona = realm.channelId('Verona');
    await expectApiError(iago.channels.update({ stream_id: verona, topics_policy: 'disable_empty_topic', message_retention_days: 30 }), {
      code: 'UNAUTHORIZED_PRINCIPAL',
      status: 400,
      msg: 'Must be an organization owner',
    });
    expect(realm.mock.store.tables.channel.get(verona)?.topics_policy).toBe('disable_empty_topic');
  });

  it('empty_topic_only only when every message is in the empty topic', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const verona = realm.channelId('Verona');
    await expectApiError(iago.channels.update({ stream_id: verona, topics_policy: 'empty_topic_only' }), {
      ...bad('To enable this configuration, all messages in this channel must be in the general chat topic. Consider renaming or deleting other topics.'),
      empty_topic_display_name: 'general chat',
    });
    expect(realm.mock.store.tables.channel.get(verona)?.topics_policy).toBe('inherit');
    // A new channel's first message is Notification Bot's: in the empty topic when only that one is allowed.
    await iago.subscriptions.add({ subscriptions: [{ name: 'chat only' }], topics_policy: 'empty_topic_only' });
    const chat = realm.channelId('chat only');
    expect(lastMessageIn(chat)?.topic).toBe('');
    await iago.channels.update({ stream_id: chat, topics_policy: 'empty_topic_only' });
    // Leaving the policy posts its notice in "channel events": a named topic, so no way back.
    await iago.channels.update({ stream_id: chat, topics_policy: 'inherit' });
    expect(lastMessageIn(chat)?.topic).toBe('channel events');
    await expectApiError(iago.channels.update({ stream_id: chat, topics_policy: 'empty_topic_only' }), {
      code: 'BAD_REQUEST',
      status: 400,
      empty_topic_display_name: 'general chat',
    });
  });
});

describe('the topics policy check reads the channel\'s topic index', () => {
  it('reads none of the channel\'s messages, however many it has', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'chat only' }], topics_policy: 'empty_topic_only' });
    const chat = realm.channelId('chat only');
    const { store } = realm.mock;
    const template = lastMessageIn(chat);
    if (!template) throw new Error('no message in chat only');
    for (let index = 0; index < 1_000; index++) store.tables.message.insert({ ...template, id: store.ids.next('message') });
    const reads = vi.spyOn(store.tables.message, 'get');
    try {
      await iago.channels.update({ stream_id: chat, topics_policy: 'empty_topic_only' });
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
    // A named topic among them still refuses the policy.
    store.tables.message.insert({ ...template, id: store.ids.next('message'), topic: 'named' });
    await expectApiError(iago.channels.update({ stream_id: chat, topics_policy: 'empty_topic_only' }), {
      ...bad('To enable this configuration, all messages in this channel must be in the general chat topic. Consider renaming or deleting other topics.'),
      empty_topic_display_name: 'general chat',
    });
  });
});

describe('web-public channels need spectator access (web_public_streams_enabled), checked before the permission', () => {
  it('creating and updating with is_web_public: true', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await desdemona.realm.update({ enable_spectator_access: false });
    const disabled = bad('Web-public channels are not enabled.');
    await expectApiError(desdemona.subscriptions.add({ subscriptions: [{ name: 'open' }], is_web_public: true }), disabled);
    await expectApiError(desdemona.channels.update({ stream_id: realm.channelId('Verona'), is_web_public: true }), disabled);
    // Before the permission: a member who may not create web-public channels is told the same.
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'open' }], is_web_public: true }), disabled);
  });
});

describe('subscribing: what the server reads before the names', () => {
  it('the retention value, even when every channel exists', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const badZero = { code: 'REQUEST_VARIABLE_INVALID', status: 400, msg: "Bad value for 'message_retention_days': 0" };
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'Verona' }], message_retention_days: 0 }), badZero);
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'fresh' }], is_default_stream: true, message_retention_days: 0 }), badZero);
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: '' }], message_retention_days: 0 }), badZero);
  });

  it('channel names are stripped as Python strips them; descriptions lose only their \\n', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: '\u001cfoo' }, { name: 'bar\u0085' }, { name: '\ufeffbaz', description: 'a\r\nb' }] });
    expect(['foo', 'bar', '\ufeffbaz'].map((name) => realm.mock.store.channelByName(name)?.name)).toEqual(['foo', 'bar', '\ufeffbaz']);
    expect(realm.mock.store.channelByName('\ufeffbaz')?.description).toBe('a\r b');
    await iago.channels.update({ stream_id: realm.channelId('foo'), description: 'c\r\nd', new_name: '\u001ffoo two\u0085' });
    expect(realm.mock.store.tables.channel.get(realm.channelId('foo two'))?.description).toBe('c\r d');
  });
});
