import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const withSubscribers = { event_types: ['subscription', 'stream', 'message', 'update_message_flags'], include_subscribers: true };
const typesOf = (events: Awaited<ReturnType<typeof verifyAction>>) => events.map((event) => `${event?.type}:${'op' in (event ?? {}) ? String((event as { op: string }).op) : ''}`);

describe('events acceptance for channels and subscriptions (register, act, apply, register again)', () => {
  it('creating a channel: the creator gets stream create, subscription add and the bot message', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () => hamlet.subscriptions.add({ subscriptions: [{ name: 'fresh', description: 'new' }] }), withSubscribers);
    expect(typesOf(events)).toEqual(['stream:create', 'subscription:add', 'message:']);
  });

  it('others see a new public channel and its first subscriber (create, peer_add)', async () => {
    // Not verifyAction: the server tells non-subscribers nothing of the channel's first message
    // (Notification Bot's), so their `first_message_id` stays null until they fetch again.
    const othello = realm.clientFor('othello@zulip.com');
    const { queue_id, last_event_id } = await othello.events.register(withSubscribers);
    await realm.clientFor('hamlet@zulip.com').subscriptions.add({ subscriptions: [{ name: 'fresh' }] });
    const { events } = await othello.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true });
    const id = realm.channelId('fresh');
    expect(events).toEqual([
      expect.objectContaining({ type: 'stream', op: 'create', streams: [expect.objectContaining({ stream_id: id, name: 'fresh', first_message_id: null })] }),
      expect.objectContaining({ type: 'subscription', op: 'peer_add', stream_ids: [id], user_ids: [realm.userId('hamlet@zulip.com')] }),
    ]);
  });

  it('a private channel created with principals: the added user learns of it by subscription add', async () => {
    for (const include_subscribers of [true, false]) {
      const name = `hidden ${String(include_subscribers)}`;
      await verifyAction(
        realm.clientFor('othello@zulip.com'),
        () => realm.clientFor('hamlet@zulip.com').subscriptions.add({ subscriptions: [{ name }], invite_only: true, principals: ['hamlet@zulip.com', 'othello@zulip.com'] }),
        { ...withSubscribers, include_subscribers },
      );
    }
  });

  it('a newly subscribed user who could not see the channel is first told it exists (stream create, then subscription add)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    // Without messages: Notification Bot's direct messages are no part of this.
    const channelsOnly = { event_types: ['subscription', 'stream'], include_subscribers: true };
    const created = (channelId: number) => ({ id: expect.any(Number), type: 'stream', op: 'create', streams: [expect.objectContaining({ stream_id: channelId })] });
    // A member added to a private channel.
    const coreTeam = realm.channelId('core team');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const member = await verifyAction(cordelia, () => iago.subscriptions.add({ subscriptions: [{ name: 'core team' }], principals: ['cordelia@zulip.com'] }), channelsOnly);
    expect(typesOf(member)).toEqual(['stream:create', 'subscription:add']);
    expect(member[0]).toEqual(created(coreTeam));
    // A guest added to a public channel.
    const polonius = realm.clientFor('polonius@zulip.com');
    const guest = await verifyAction(polonius, () => iago.subscriptions.add({ subscriptions: [{ name: 'Denmark' }], principals: ['polonius@zulip.com'] }), channelsOnly);
    expect(typesOf(guest)).toEqual(['stream:create', 'subscription:add']);
    expect(guest[0]).toEqual(created(realm.channelId('Denmark')));
    // The creator and the principals of a new private channel (its creation told only administrators).
    const othello = realm.clientFor('othello@zulip.com');
    const principal = await verifyAction(othello, () => realm.clientFor('hamlet@zulip.com').subscriptions.add({ subscriptions: [{ name: 'sealed' }], invite_only: true, principals: ['hamlet@zulip.com', 'othello@zulip.com'] }), withSubscribers);
    expect(typesOf(principal)).toEqual(['stream:create', 'subscription:add', 'message:']);
    // Administrators already see private channels: no create.
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const admin = await verifyAction(desdemona, () => realm.clientFor('hamlet@zulip.com').subscriptions.add({ subscriptions: [{ name: 'sealed' }], principals: ['desdemona@zulip.com'] }), channelsOnly);
    expect(typesOf(admin)).toEqual(['subscription:add']);
  });

  it('subscribing and unsubscribing oneself and others (add/remove, peer_add/peer_remove)', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    await verifyAction(othello, () => othello.subscriptions.remove({ subscriptions: ['Denmark'] }), withSubscribers);
    // Rejoining brings back no unread message: leaving marked them read.
    await verifyAction(othello, () => othello.subscriptions.add({ subscriptions: [{ name: 'Denmark' }] }), withSubscribers);
    const peerEvents = await verifyAction(othello, () => iago.subscriptions.add({ subscriptions: [{ name: 'Denmark' }], principals: ['prospero@zulip.com'] }), withSubscribers);
    expect(typesOf(peerEvents)).toEqual(['subscription:peer_add']);
    await verifyAction(othello, () => iago.subscriptions.remove({ subscriptions: ['Denmark'], principals: ['prospero@zulip.com'] }), withSubscribers);
    // Leaving a private channel one no longer sees: out of subscriptions and streams, not into unsubscribed.
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await verifyAction(hamlet, () => hamlet.subscriptions.remove({ subscriptions: ['core team'] }), withSubscribers);
    // A subscriber of the private channel sees the others leave.
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await verifyAction(desdemona, () => iago.subscriptions.add({ subscriptions: [{ name: 'core team' }], principals: ['shiva@zulip.com'] }), withSubscribers);
    await verifyAction(desdemona, () => iago.subscriptions.update({ delete: ['core team'] }), withSubscribers);
    // Removed together, each removed user gets only its own remove, no peer_remove of the other, as
    // from the server (whose clients so keep the other in that channel's list: no acceptance test).
    await iago.subscriptions.add({ subscriptions: [{ name: 'Denmark' }], principals: ['prospero@zulip.com', 'othello@zulip.com'] });
    const queue = await othello.events.register(withSubscribers);
    await iago.subscriptions.remove({ subscriptions: ['Denmark'], principals: ['prospero@zulip.com', 'othello@zulip.com'] });
    const { events } = await othello.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(events.map((event) => `${event.type}:${String(event.op)}`)).toEqual(['subscription:remove']);
  });

  it('peer_add and peer_remove split as send_peer_subscriber_events: each private channel; per changed users, each public channel with a guest, then the web-public ones, then the rest', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'private two' }], invite_only: true, principals: ['hamlet@zulip.com', 'iago@zulip.com'] });
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'public one' }, { name: 'public two' }, { name: 'guests too' }] });
    await iago.subscriptions.add({ subscriptions: [{ name: 'guests too' }], principals: ['polonius@zulip.com'] });
    await realm.clientFor('desdemona@zulip.com').subscriptions.add({ subscriptions: [{ name: 'open one' }, { name: 'open two' }], is_web_public: true });
    const names = ['core team', 'public one', 'open one', 'guests too', 'private two', 'public two', 'open two'];
    const id = (name: string) => realm.channelId(name);
    const newcomers = [realm.userId('othello@zulip.com'), realm.userId('prospero@zulip.com')];
    const peer = (op: string, stream_ids: number[]) => ({ id: expect.any(Number), type: 'subscription', op, stream_ids, user_ids: newcomers });
    const channelsOnly = { event_types: ['subscription'], include_subscribers: true };
    for (const op of ['peer_add', 'peer_remove']) {
      const act = () =>
        op === 'peer_add'
          ? iago.subscriptions.add({ subscriptions: names.map((name) => ({ name })), principals: newcomers })
          : iago.subscriptions.remove({ subscriptions: names, principals: newcomers });
      const forHamlet = realm.clientFor('hamlet@zulip.com');
      const forGuest = realm.clientFor('polonius@zulip.com');
      const guestQueue = await forGuest.events.register(channelsOnly);
      expect(await verifyAction(forHamlet, act, channelsOnly)).toEqual([
        peer(op, [id('core team')]),
        peer(op, [id('private two')]),
        peer(op, [id('guests too')]),
        peer(op, [id('open one'), id('open two')].sort((a, b) => a - b)),
        peer(op, [id('public one'), id('public two')].sort((a, b) => a - b)),
      ]);
      // The guest sees the subscribers of the web-public channels and of its own.
      const { events } = await forGuest.events.get({ queue_id: guestQueue.queue_id ?? '', last_event_id: guestQueue.last_event_id, dont_block: true });
      expect(events).toEqual([peer(op, [id('guests too')]), peer(op, [id('open one'), id('open two')].sort((a, b) => a - b))]);
    }
  });

  it('leaving a channel one may no longer see: remove, then stream delete, and not listed as unsubscribed (as the server filters former subscriptions)', async () => {
    const coreTeam = realm.channelId('core team');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const left = await verifyAction(hamlet, () => hamlet.subscriptions.remove({ subscriptions: ['core team'] }), withSubscribers);
    expect(left).toEqual([
      { id: expect.any(Number), type: 'subscription', op: 'remove', subscriptions: [{ name: 'core team', stream_id: coreTeam }] },
      { id: expect.any(Number), type: 'stream', op: 'delete', streams: [{ stream_id: coreTeam }], stream_ids: [coreTeam] },
      // The server's deferred work marks the unread messages of a channel left as read.
      { id: expect.any(Number), type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [expect.any(Number)], all: false },
    ]);
    const { unsubscribed, never_subscribed } = await hamlet.events.register(withSubscribers);
    expect([...(unsubscribed ?? []), ...(never_subscribed ?? [])].map((entry) => entry.name)).not.toContain('core team');
    // A guest leaving a public channel loses sight of it too.
    const polonius = realm.clientFor('polonius@zulip.com');
    const verona = realm.channelId('Verona');
    const guestLeft = await verifyAction(polonius, () => polonius.subscriptions.remove({ subscriptions: ['Verona'] }), withSubscribers);
    expect(typesOf(guestLeft)).toEqual(['subscription:remove', 'stream:delete', 'update_message_flags:add']);
    expect(guestLeft[1]).toMatchObject({ stream_ids: [verona] });
    // An administrator still sees the private channel: no delete, and it stays as unsubscribed.
    const iago = realm.clientFor('iago@zulip.com');
    expect(typesOf(await verifyAction(iago, () => iago.subscriptions.remove({ subscriptions: ['core team'] }), withSubscribers))).toEqual([
      'subscription:remove',
      'update_message_flags:add',
    ]);
    expect((await iago.events.register(withSubscribers)).unsubscribed?.map((entry) => entry.name)).toEqual(['core team']);
  });

  it('changing personal settings (subscription update, the deprecated in_home_view then is_muted)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const stream_id = realm.channelId('Denmark');
    const events = await verifyAction(hamlet, () =>
      hamlet.subscriptions.updateSettings({
        subscription_data: [
          { stream_id, property: 'in_home_view', value: false },
          { stream_id, property: 'color', value: '#000000' },
          { stream_id, property: 'wildcard_mentions_notify', value: true },
        ],
      }),
    );
    expect(events.map((event) => (event as { property?: string }).property)).toEqual(['in_home_view', 'is_muted', 'color', 'wildcard_mentions_notify']);
  });

  it('an anonymous setting given in any order is stored and sent ascending (acceptance test)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const members = [realm.userId('othello@zulip.com'), realm.userId('hamlet@zulip.com')];
    const events = await verifyAction(hamlet, () => iago.channels.update({ stream_id: realm.channelId('Denmark'), can_administer_channel_group: { new: { direct_members: members, direct_subgroups: [] } } }), withSubscribers);
    expect(events).toContainEqual(expect.objectContaining({ type: 'stream', value: { direct_members: [...members].sort((a, b) => a - b), direct_subgroups: [] } }));
    await verifyAction(hamlet, () => realm.clientFor('desdemona@zulip.com').realm.update({ can_create_groups: { new: { direct_members: members, direct_subgroups: [] } } }));
  });

  it('updating a channel: rename, description, privacy, settings (stream update; gained and lost sight)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const scotland = realm.channelId('Scotland');
    for (const email of ['hamlet@zulip.com', 'cordelia@zulip.com']) {
      await verifyAction(realm.clientFor(email), () => iago.channels.update({ stream_id: scotland, new_name: `Alba ${email}` }), withSubscribers);
    }
    await verifyAction(realm.clientFor('hamlet@zulip.com'), () => iago.channels.update({ stream_id: scotland, description: 'Highlands' }), withSubscribers);
    // Cordelia is not subscribed: she loses sight of the channel without being told (as from the
    // server, which sends its privacy change only to those who see it after), then sees it again.
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const queue = await cordelia.events.register(withSubscribers);
    await iago.channels.update({ stream_id: scotland, is_private: true });
    const lost = await cordelia.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(lost.events).toEqual([]);
    const gained = await verifyAction(cordelia, () => iago.channels.update({ stream_id: scotland, is_private: false }), withSubscribers);
    expect(typesOf(gained).slice(0, 2)).toEqual(['stream:create', 'subscription:peer_add']);
    await verifyAction(realm.clientFor('hamlet@zulip.com'), () =>
      iago.channels.update({ stream_id: scotland, can_send_message_group: { new: realm.groupId('role:administrators') }, topics_policy: 'disable_empty_topic' }),
      withSubscribers,
    );
  });

  it("a web-public channel's events reach only the guests subscribed to it, as the server's can_access_stream_metadata_user_ids", async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const polonius = realm.clientFor('polonius@zulip.com');
    const denmark = realm.channelId('Denmark');
    const queue = await polonius.events.register(withSubscribers);
    const eventsOfPolonius = async () => (await polonius.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true })).events;
    await desdemona.channels.update({ stream_id: denmark, is_web_public: true });
    await desdemona.channels.update({ stream_id: denmark, description: 'Now on the web', new_name: 'Danmark' });
    expect(await eventsOfPolonius()).toEqual([]);
    // Verona, which Polonius is subscribed to, tells him.
    const verona = realm.channelId('Verona');
    const told = await verifyAction(polonius, () => desdemona.channels.update({ stream_id: verona, is_web_public: true, description: 'open' }), withSubscribers);
    expect(typesOf(told)).toEqual(['stream:update', 'message:', 'stream:update', 'message:']);
  });

  it('gaining sight of a private channel without subscribers by a setting: peer_add lists nobody, as the server sends it', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true });
    await iago.subscriptions.remove({ subscriptions: ['secret'] });
    const secret = realm.channelId('secret');
    const othello = realm.userId('othello@zulip.com');
    const gained = await verifyAction(realm.clientFor('othello@zulip.com'), () =>
      iago.channels.update({ stream_id: secret, can_administer_channel_group: { new: { direct_members: [othello], direct_subgroups: [] } } }),
      withSubscribers,
    );
    expect(gained.slice(1)).toEqual([{ id: expect.any(Number), type: 'subscription', op: 'peer_add', stream_ids: [secret], user_ids: [] }]);
  });

  it('archiving a channel: delete for old clients, is_archived update with archived_channels', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    const stream_id = realm.channelId('Denmark');
    const capabilities = { client_capabilities: { notification_settings_null: true, archived_channels: true } };
    const events = await verifyAction(hamlet, () => iago.channels.archive({ stream_id }), { ...withSubscribers, ...capabilities });
    expect(typesOf(events)).toEqual(['stream:update', 'message:']);
    const scotland = realm.channelId('Scotland');
    const old = await verifyAction(hamlet, () => iago.channels.archive({ stream_id: scotland }), withSubscribers);
    expect(typesOf(old)).toEqual(['stream:delete', 'message:']);
  });

  it('a first message in a new channel sets first_message_id without an event of its own', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const channel = realm.mock.store.channelByName('Scotland');
    realm.mock.store.tables.channel.update(channel?.id ?? -1, { first_message_id: null });
    await verifyAction(hamlet, () => hamlet.messages.send({ type: 'stream', to: 'Scotland', topic: 't', content: 'first' }), withSubscribers);
  });
});

describe('notification settings null or filled (the notification_settings_null capability)', () => {
  const notifications = (subscription: Record<string, unknown> | undefined) => ({
    desktop_notifications: subscription?.desktop_notifications,
    audible_notifications: subscription?.audible_notifications,
    push_notifications: subscription?.push_notifications,
    email_notifications: subscription?.email_notifications,
    wildcard_mentions_notify: subscription?.wildcard_mentions_notify,
  });

  it("without it, the state fills inherited settings from the user's enable_stream_* defaults; events keep null", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.settings.update({ enable_stream_push_notifications: true, enable_stream_audible_notifications: true });
    await hamlet.subscriptions.updateSettings({ subscription_data: [{ stream_id: realm.channelId('Denmark'), property: 'desktop_notifications', value: true }] });
    await hamlet.subscriptions.remove({ subscriptions: ['Scotland'] });
    // The server's default, as a client that declares no capabilities gets it.
    const response = await realm.raw('hamlet@zulip.com', 'POST', '/register', new URLSearchParams({ event_types: '["subscription"]' }));
    const state = (await response.json()) as { queue_id: string; subscriptions: Record<string, unknown>[]; unsubscribed: Record<string, unknown>[] };
    const filled = { desktop_notifications: false, audible_notifications: true, push_notifications: true, email_notifications: false, wildcard_mentions_notify: null };
    expect(notifications(state.subscriptions.find((subscription) => subscription.name === 'Denmark'))).toEqual({ ...filled, desktop_notifications: true });
    expect(notifications(state.subscriptions.find((subscription) => subscription.name === 'Verona'))).toEqual(filled);
    expect(notifications(state.unsubscribed.find((subscription) => subscription.name === 'Scotland'))).toEqual(filled);
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'Scotland' }] });
    const { events } = await hamlet.events.get({ queue_id: state.queue_id, last_event_id: -1, dont_block: true });
    const added = events.find((event) => event.type === 'subscription' && event.op === 'add') as { subscriptions: Record<string, unknown>[] } | undefined;
    expect(notifications(added?.subscriptions[0])).toEqual({
      desktop_notifications: null,
      audible_notifications: null,
      push_notifications: null,
      email_notifications: null,
      wildcard_mentions_notify: null,
    });
  });

  it("without it, applyEvent fills a joined channel's inherited settings from the user's defaults in the state (events acceptance)", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.settings.update({ enable_stream_push_notifications: true, enable_stream_audible_notifications: true });
    await hamlet.subscriptions.remove({ subscriptions: ['Scotland'] });
    // The defaults as user_settings holds them, and as the top-level keys of a client without that object.
    for (const register of [
      { event_types: ['subscription', 'message', 'user_settings'], client_capabilities: { notification_settings_null: false, user_settings_object: true } },
      { event_types: ['subscription', 'message', 'update_global_notifications'], client_capabilities: { notification_settings_null: false } },
    ]) {
      await verifyAction(hamlet, () => hamlet.subscriptions.add({ subscriptions: [{ name: 'Scotland' }, { name: 'fresh' }] }), register);
      await hamlet.subscriptions.remove({ subscriptions: ['Scotland', 'fresh'] });
    }
  });

  it('the SDK declares it when given no capabilities: null in the state as in events', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.settings.update({ enable_stream_push_notifications: true });
    const state = await hamlet.events.register({ event_types: ['subscription'] });
    expect(notifications(state.subscriptions?.find((subscription) => subscription.name === 'Verona'))).toEqual({
      desktop_notifications: null,
      audible_notifications: null,
      push_notifications: null,
      email_notifications: null,
      wildcard_mentions_notify: null,
    });
  });
});
