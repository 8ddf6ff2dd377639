import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED } from '../mock/index';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const ADMIN_ONLY = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization administrator' };
const INVALID_CHANNEL = { code: 'BAD_REQUEST', status: 400, msg: 'Invalid channel ID' };
const DEFAULTS = { event_types: ['default_streams'] };

describe('default channels (POST and DELETE /default_streams)', () => {
  const realm = useTestRealm();

  it('administrators add and remove public channels; the state and default_streams events agree', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const verona = realm.channelId('Verona');
    const denmark = realm.channelId('Denmark');
    const added = await verifyAction(iago, () => iago.channels.addDefault({ stream_id: denmark }), DEFAULTS);
    expect(added).toEqual([{ type: 'default_streams', default_streams: [denmark], id: 0 }]);
    await verifyAction(iago, () => iago.channels.addDefault({ stream_id: verona }), DEFAULTS);
    expect((await iago.events.register(DEFAULTS)).realm_default_streams).toEqual([verona, denmark].sort((a, b) => a - b));
    // Adding one that is already default changes nothing and tells nobody.
    expect(await verifyAction(iago, () => iago.channels.addDefault({ stream_id: verona }), DEFAULTS)).toEqual([]);
    const removed = await verifyAction(iago, () => iago.channels.removeDefault({ stream_id: verona }), DEFAULTS);
    expect(removed).toEqual([{ type: 'default_streams', default_streams: [denmark], id: 0 }]);
  });

  it('lists the IDs in Python set order, as the server lists its set of them', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const scotland = realm.channelId('Scotland');
    const names = Array.from({ length: 8 }, (_, index) => `wrap ${index}`);
    await iago.subscriptions.add({ subscriptions: names.map((name) => ({ name })) });
    // A later ID that lands in an earlier slot of the set's 8-slot table than Scotland's.
    const wrapped = names.map((name) => realm.channelId(name)).find((id) => id % 8 === 0) ?? 0;
    expect(wrapped > scotland && scotland % 8 > 0).toBe(true);
    await iago.channels.addDefault({ stream_id: scotland });
    const added = await verifyAction(iago, () => iago.channels.addDefault({ stream_id: wrapped }), DEFAULTS);
    expect(added).toEqual([{ type: 'default_streams', default_streams: [wrapped, scotland], id: 0 }]);
    expect((await iago.events.register(DEFAULTS)).realm_default_streams).toEqual([wrapped, scotland]);
  });

  it('GET /streams marks is_default with include_default, which adds no channel of its own', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const denmark = realm.channelId('Denmark');
    await iago.channels.addDefault({ stream_id: denmark });
    const polonius = realm.clientFor('polonius@zulip.com');
    const { streams } = await polonius.channels.list({ include_public: false, include_subscribed: false, include_default: true });
    expect(streams).toEqual([]);
    const own = await polonius.channels.list({ include_default: true });
    expect(own.streams.map((stream) => [stream.name, stream.is_default])).toEqual([['Verona', false]]);
    const all = await iago.channels.list({ include_default: true });
    expect(all.streams.map((stream) => [stream.name, stream.is_default])).toEqual([
      ['Denmark', true],
      ['Scotland', false],
      ['Verona', false],
      ['core team', false],
    ]);
    const plain = await iago.channels.list();
    expect(plain.streams.every((stream) => !('is_default' in stream))).toBe(true);
  });

  it('refuses members, private channels and channels the caller cannot see, with the server errors', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await expectApiError(realm.clientFor('hamlet@zulip.com').channels.addDefault({ stream_id: realm.channelId('Verona') }), ADMIN_ONLY);
    await expectApiError(realm.clientFor('hamlet@zulip.com').channels.removeDefault({ stream_id: realm.channelId('Verona') }), ADMIN_ONLY);
    await iago.subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true });
    await expectApiError(iago.channels.addDefault({ stream_id: realm.channelId('secret') }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Private channels cannot be made default.',
    });
    await expectApiError(iago.channels.addDefault({ stream_id: 999_999 }), INVALID_CHANNEL);
    await expectApiError(iago.channels.removeDefault({ stream_id: 999_999 }), INVALID_CHANNEL);
  });

  it('an archived channel cannot be removed: Invalid channel ID, as access_stream_by_id takes active channels only', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const verona = realm.channelId('Verona');
    await iago.channels.addDefault({ stream_id: verona });
    realm.mock.store.tables.channel.update(verona, { is_archived: true });
    await expectApiError(iago.channels.removeDefault({ stream_id: verona }), INVALID_CHANNEL);
  });

  it('GET /streams with include_web_public lists no archived web-public channel, even with exclude_archived=false', async () => {
    const verona = realm.channelId('Verona');
    realm.mock.store.tables.channel.update(verona, { is_web_public: true, is_archived: true });
    const polonius = realm.clientFor('polonius@zulip.com');
    const listed = await polonius.channels.list({ include_web_public: true, exclude_archived: false, include_subscribed: false });
    expect(listed.streams.map((channel) => channel.stream_id)).not.toContain(verona);
  });

  it('guests are not told: their state lists none and their queues get no default_streams event', async () => {
    const polonius = realm.clientFor('polonius@zulip.com');
    const { queue_id, last_event_id, realm_default_streams } = await polonius.events.register(DEFAULTS);
    expect(realm_default_streams).toEqual([]);
    await realm.clientFor('iago@zulip.com').channels.addDefault({ stream_id: realm.channelId('Verona') });
    expect((await polonius.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true })).events).toEqual([]);
  });

  it('creating a channel with is_default_stream and PATCH is_default_stream change the defaults (administrators only)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await verifyAction(iago, () => iago.subscriptions.add({ subscriptions: [{ name: 'lobby' }], is_default_stream: true }), {
      event_types: ['default_streams', 'stream', 'subscription', 'message', 'update_message_flags'],
    });
    const lobby = realm.channelId('lobby');
    expect((await iago.events.register(DEFAULTS)).realm_default_streams).toEqual([lobby]);
    await expectApiError(iago.channels.update({ stream_id: lobby, is_private: true }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'A default channel cannot be private.',
    });
    await verifyAction(iago, () => iago.channels.update({ stream_id: lobby, is_default_stream: false }), DEFAULTS);
    expect((await iago.events.register(DEFAULTS)).realm_default_streams).toEqual([]);
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'hamlets' }] });
    // Hamlet administers the channel he created, but default channels are the organization administrators'.
    await expectApiError(hamlet.channels.update({ stream_id: realm.channelId('hamlets'), is_default_stream: true }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'You do not have permission to change default channels.',
    });
    // Creating one: the creator's permission first, then administrators only, then never private.
    const insufficient = { code: 'BAD_REQUEST', status: 400, msg: 'Insufficient permission' };
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'hall' }], is_default_stream: true }), insufficient);
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'hall' }], is_default_stream: true, invite_only: true }), insufficient);
    await expectApiError(iago.subscriptions.add({ subscriptions: [{ name: 'hall' }], is_default_stream: true, invite_only: true }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'A default channel cannot be private.',
    });
  });

  it('archiving a default channel removes it from the defaults', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const verona = realm.channelId('Verona');
    await iago.channels.addDefault({ stream_id: verona });
    const events = await verifyAction(iago, () => iago.channels.archive({ stream_id: verona }), { event_types: ['default_streams', 'stream'] });
    expect(events.map((event) => event?.type)).toContain('default_streams');
    expect((await iago.events.register(DEFAULTS)).realm_default_streams).toEqual([]);
  });
});

describe('default channels from the seed, and new users', () => {
  const seed = {
    ...DEFAULT_SEED,
    channels: (DEFAULT_SEED.channels ?? []).map((channel) => (channel.name === 'Verona' ? { ...channel, is_default: true } : channel)),
  };
  const realm = useTestRealm({ seed });

  it('a user created through the API joins the default channels', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    expect((await iago.events.register(DEFAULTS)).realm_default_streams).toEqual([realm.channelId('Verona')]);
    const { user_id } = await iago.users.create({ email: 'newbie@zulip.com', password: 'secret-pass', full_name: 'New User' });
    const { subscriptions } = await realm.clientFor('newbie@zulip.com').subscriptions.list();
    expect(subscriptions.map((subscription) => subscription.name)).toEqual(['Verona']);
    const { subscribers } = await iago.channels.subscribers({ stream_id: realm.channelId('Verona') });
    expect(subscribers).toContain(user_id);
  });
});

describe('default channels over HTTP', () => {
  const http = useHttpMock();

  it('adds and removes through the standalone server', async () => {
    const iago = http.clientFor('iago@zulip.com');
    const verona = http.running.mock.store.channelByName('Verona')?.id ?? 0;
    expect(await iago.channels.addDefault({ stream_id: verona })).toEqual({});
    expect(http.running.mock.state.realm.default_channel_ids).toEqual([verona]);
    expect(await iago.channels.removeDefault({ stream_id: verona })).toEqual({});
    expect(http.running.mock.state.realm.default_channel_ids).toEqual([]);
  });
});
