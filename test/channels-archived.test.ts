import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { UnsupportedFeatureError } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const withArchived = {
  event_types: ['subscription', 'stream', 'message', 'realm'],
  include_subscribers: true,
  client_capabilities: { notification_settings_null: true, archived_channels: true },
};

const lastMessageIn = (channelId: number) => {
  const id = [...realm.mock.store.channelMessageIds(channelId)].at(-1) ?? 0;
  return realm.mock.store.tables.message.get(id);
};

describe('archived channels', () => {
  it('GET /streams/{id}, its members and subscription status answer "Invalid channel ID"', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const scotland = realm.channelId('Scotland');
    await iago.channels.archive({ stream_id: scotland });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.channels.get({ stream_id: scotland }), bad('Invalid channel ID'));
    await expectApiError(hamlet.channels.subscribers({ stream_id: scotland }), bad('Invalid channel ID'));
    await expectApiError(
      hamlet.subscriptions.status({ user_id: realm.userId('othello@zulip.com'), stream_id: scotland }),
      bad('Invalid channel ID'),
    );
  });

  it('archiving the announcements channel clears it for everyone (realm update_dict with -1)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const verona = realm.channelId('Verona');
    realm.mock.realm.new_stream_announcements_stream_id = verona;
    const events = await verifyAction(realm.clientFor('cordelia@zulip.com'), () => iago.channels.archive({ stream_id: verona }), withArchived);
    expect(events[0]).toEqual({ type: 'realm', op: 'update_dict', property: 'default', data: { new_stream_announcements_stream_id: -1 }, id: 0 });
    expect(realm.mock.realm.new_stream_announcements_stream_id).toBeNull();
  });

  it('joining an archived channel changes nothing for a client without archived_channels, as a fresh registration shows', async () => {
    await realm.clientFor('iago@zulip.com').channels.archive({ stream_id: realm.channelId('Scotland') });
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const events = await verifyAction(cordelia, () => cordelia.subscriptions.add({ subscriptions: [{ name: 'Scotland' }] }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'subscription', op: 'add', subscriptions: [expect.objectContaining({ name: 'Scotland', is_archived: true })] }));
    await verifyAction(cordelia, () => cordelia.subscriptions.remove({ subscriptions: ['Scotland'] }));
  });

  it('PATCH renames, describes and makes private an archived channel, and is_archived: false unarchives it', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const scotland = realm.channelId('Scotland');
    await iago.channels.archive({ stream_id: scotland });
    await iago.channels.update({ stream_id: scotland, new_name: 'Alba', description: 'Highlands', is_private: true });
    expect(realm.mock.store.tables.channel.get(scotland)).toMatchObject({ name: 'Alba', description: 'Highlands', invite_only: true, is_archived: true });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () => iago.channels.update({ stream_id: scotland, is_archived: false }), withArchived);
    expect(events[0]).toMatchObject({ type: 'stream', op: 'update', stream_id: scotland, property: 'is_archived', value: false });
    expect(realm.mock.store.tables.channel.get(scotland)?.is_archived).toBe(false);
    expect(lastMessageIn(scotland)?.content).toBe('Channel #**Alba** has been unarchived.');
    await expectApiError(iago.channels.update({ stream_id: scotland, is_archived: false }), bad('Channel is not currently deactivated'));
    // Clients without archived_channels learn of it again by stream create.
    await iago.channels.archive({ stream_id: scotland });
    const { queue_id, last_event_id } = await hamlet.events.register({ event_types: ['stream'] });
    await iago.channels.update({ stream_id: scotland, is_archived: false });
    const { events: old } = await hamlet.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true });
    expect(old).toEqual([expect.objectContaining({ type: 'stream', op: 'create', streams: [expect.objectContaining({ stream_id: scotland, is_archived: false })] })]);
  });

  it('close the history from before joining to subscribers (private, shared history) and guests, not to other members of a public one', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const send = async (to: string, content: string) => (await iago.messages.send({ type: 'channel', to, topic: 't', content })).id;
    await iago.subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true, history_public_to_subscribers: true });
    await iago.subscriptions.add({ subscriptions: [{ name: 'open' }] });
    const [before, beforeOpen] = [await send('secret', 'before'), await send('open', 'before')];
    await iago.subscriptions.add({ subscriptions: [{ name: 'secret' }, { name: 'open' }], principals: ['cordelia@zulip.com', 'polonius@zulip.com'] });
    const [after, afterOpen] = [await send('secret', 'after'), await send('open', 'after')];
    const history = async (email: string, channel: string) => {
      const { messages } = await realm
        .clientFor(email)
        .messages.list({ narrow: [{ operator: 'channel', operand: realm.channelId(channel) }], anchor: 'newest', num_before: 10, num_after: 0 });
      return messages.filter((message) => message.sender_email === 'iago@zulip.com').map((message) => [message.id, message.flags]);
    };
    expect(await history('cordelia@zulip.com', 'secret')).toEqual([[before, ['read', 'historical']], [after, []]]);
    expect(await history('polonius@zulip.com', 'open')).toEqual([[beforeOpen, ['read', 'historical']], [afterOpen, []]]);
    await iago.channels.archive({ stream_id: realm.channelId('secret') });
    await iago.channels.archive({ stream_id: realm.channelId('open') });
    // The server's history check goes through its channel access, which refuses archived channels.
    expect(await history('cordelia@zulip.com', 'secret')).toEqual([[after, []]]);
    expect(await history('polonius@zulip.com', 'open')).toEqual([[afterOpen, []]]);
    // A public channel's history is open to non-guests before that check.
    expect(await history('hamlet@zulip.com', 'open')).toEqual([[beforeOpen, ['read', 'historical']], [afterOpen, ['read', 'historical']]]);
    // Reading one message does not go through that check (the server refuses archived channels only to changes).
    const single = await realm.clientFor('cordelia@zulip.com').messages.get({ message_id: before });
    expect(single.message.flags).toEqual(['read', 'historical']);
  });

  it('unarchiving tells whom archiving told: not the guests who are not subscribed to a web-public channel', async () => {
    // The server's do_unarchive_stream sends both events to can_access_stream_metadata_user_ids:
    // for a public channel, web-public or not, the non-guests and the subscribed guests.
    const iago = realm.clientFor('iago@zulip.com');
    const { id: channel } = await realm.clientFor('desdemona@zulip.com').channels.create({ name: 'open house', is_web_public: true, subscribers: [] });
    expect(realm.mock.store.tables.channel.get(channel)?.is_web_public).toBe(true);
    const register = async (email: string, archived_channels: boolean) => {
      const client = realm.clientFor(email);
      const options = { event_types: ['stream'], client_capabilities: { notification_settings_null: true, archived_channels } };
      const { queue_id, last_event_id } = await client.events.register(options);
      let last = last_event_id;
      // The queue's events since the last call.
      return async () => {
        const { events } = await client.events.get({ queue_id: queue_id ?? '', last_event_id: last, dont_block: true });
        last = Math.max(last, ...events.map((event) => event.id));
        return events;
      };
    };
    const queues = {
      guest: await register('polonius@zulip.com', true),
      guestOld: await register('polonius@zulip.com', false),
      member: await register('hamlet@zulip.com', true),
      memberOld: await register('hamlet@zulip.com', false),
    };
    /** The queues an action sent events to, and those events by queue. */
    const told = async (action: () => Promise<unknown>) => {
      await action();
      const events = Object.fromEntries(await Promise.all(Object.entries(queues).map(async ([name, next]) => [name, await next()] as const)));
      return { queues: Object.keys(events).filter((name) => (events[name]?.length ?? 0) > 0), events };
    };
    const archiving = await told(() => iago.channels.archive({ stream_id: channel }));
    expect(archiving.queues).toEqual(['member', 'memberOld']);
    expect(archiving.events.member).toEqual([
      expect.objectContaining({ type: 'stream', op: 'update', stream_id: channel, property: 'is_archived', value: true }),
    ]);
    const unarchiving = await told(() => iago.channels.update({ stream_id: channel, is_archived: false }));
    expect(unarchiving.queues).toEqual(archiving.queues);
    expect(unarchiving.events.member).toEqual([
      expect.objectContaining({ type: 'stream', op: 'update', stream_id: channel, property: 'is_archived', value: false }),
    ]);
  });

  it('unarchiving, for a client without archived_channels that asked for subscribers: a stream create without them and no peer_add (as do_unarchive_stream sends)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const scotland = realm.channelId('Scotland');
    await iago.channels.archive({ stream_id: scotland });
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const options = { event_types: ['stream', 'subscription'], include_subscribers: true, client_capabilities: { notification_settings_null: true } };
    const queue = await cordelia.events.register(options);
    await iago.channels.update({ stream_id: scotland, is_archived: false });
    const { events } = await cordelia.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(events).toEqual([{ id: 0, type: 'stream', op: 'create', streams: [expect.objectContaining({ stream_id: scotland, is_archived: false })] }]);
    expect(events[0]?.streams).toEqual([expect.not.objectContaining({ subscribers: expect.anything() })]);
    // A fresh registration lists the subscribers that no event brought.
    const fresh = await cordelia.events.register(options);
    expect(fresh.never_subscribed?.find((channel) => channel.stream_id === scotland)?.subscribers).toEqual(
      ['iago@zulip.com', 'shiva@zulip.com', 'hamlet@zulip.com', 'othello@zulip.com'].map((email) => realm.userId(email)),
    );
  });

  it('a private channel without subscribers cannot be unarchived', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true });
    const secret = realm.channelId('secret');
    await iago.subscriptions.remove({ subscriptions: ['secret'] });
    await iago.channels.archive({ stream_id: secret });
    await expectApiError(iago.channels.update({ stream_id: secret, is_archived: false }), bad('Channel is private and have no subscribers'));
  });

  it('older servers: no edits of archived channels before level 362, no unarchiving before 388', async () => {
    const before362 = createMockServer({ featureLevel: 361 });
    const denmark = before362.store.channelByName('Denmark')?.id ?? 0;
    const iago = before362.clientFor('iago@zulip.com');
    await iago.channels.archive({ stream_id: denmark });
    await expectApiError(iago.channels.update({ stream_id: denmark, description: 'x' }), bad('Invalid channel ID'));
    const before388 = createMockServer({ featureLevel: 387 });
    const verona = before388.store.channelByName('Verona')?.id ?? 0;
    await before388.clientFor('iago@zulip.com').channels.archive({ stream_id: verona });
    // The old server would ignore `is_archived`, so the SDK refuses to send it below 388.
    await expect(before388.clientFor('iago@zulip.com').channels.update({ stream_id: verona, is_archived: false })).rejects.toBeInstanceOf(
      UnsupportedFeatureError,
    );
    expect(before388.store.tables.channel.get(verona)?.is_archived).toBe(true);
  });
});
