import { describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../mock/index';
import { ManualClock } from '../mock/domain/clock';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

type Event = Awaited<ReturnType<typeof verifyAction>>[number];

/** The subscription and realm_user events, in order, as `[op, stream_ids, user_ids]` or `[is_active, user_id]`. */
function peerAndUserEvents(events: Event[]): unknown[] {
  return events.flatMap((event): unknown[] => {
    if (event?.type === 'subscription' && event.op === 'peer_remove') return [['peer_remove', event.stream_ids, event.user_ids]];
    if (event?.type === 'realm_user' && event.op === 'update' && 'is_active' in event.person) return [['realm_user', event.person.user_id]];
    return [];
  });
}

/** The channels a user is subscribed to, archived ones included (which `GET /users/me/subscriptions` leaves out). */
function subscribedChannelIds(mock: MockServer, userId: number): number[] {
  return mock.store.subscriptionsOfUser(userId).flatMap((sub) => (sub.active ? [sub.channel_id] : [])).sort((a, b) => a - b);
}

/**
 * The peer_remove events of a user leaving these channels, split as the server's
 * send_peer_subscriber_events splits them: each private channel alone, then each public channel
 * with a guest subscriber alone, then the other public channels together (the seed has no
 * web-public channel). Channels in ID order, as the seed's small IDs iterate.
 */
function peerRemoves(mock: MockServer, channelIds: readonly number[], userId: number): unknown[] {
  const channel = (id: number) => mock.store.tables.channel.get(id);
  const isActiveGuest = (userId: number) => mock.store.tables.user.get(userId)?.role === 600 && mock.store.tables.user.get(userId)?.is_active === true;
  const hasGuest = (id: number) => [...mock.store.subscriberIds(id)].some(isActiveGuest);
  const privateOnes = channelIds.filter((id) => channel(id)?.invite_only);
  const publicOnes = channelIds.filter((id) => !channel(id)?.invite_only);
  const alone = [...privateOnes, ...publicOnes.filter(hasGuest)];
  const together = publicOnes.filter((id) => !hasGuest(id));
  return [...alone.map((id) => ['peer_remove', [id], [userId]]), ...(together.length > 0 ? [['peer_remove', together, [userId]]] : [])];
}

describe('deactivating a user tells the peers of their channels (peer_remove before the realm_user update)', () => {
  it('a peer_remove for each channel the user and each of their bots was subscribed to, archived ones included (acceptance test)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    const botId = realm.userId('default-bot@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'Denmark' }], principals: [botId] });
    const botChannels = subscribedChannelIds(realm.mock, botId);
    const archived = realm.channelId('Scotland');
    await iago.channels.archive({ stream_id: archived });
    const hamletChannels = subscribedChannelIds(realm.mock, hamletId);
    expect(hamletChannels).toContain(archived);
    const events = await verifyAction(iago, () => iago.users.deactivate({ user_id: hamletId }), { include_subscribers: true });
    expect(peerAndUserEvents(events)).toEqual([
      ...peerRemoves(realm.mock, botChannels, botId),
      ['realm_user', botId],
      ...peerRemoves(realm.mock, hamletChannels, hamletId),
      ['realm_user', hamletId],
    ]);
  });

  it('DELETE /users/me too', async () => {
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const channels = subscribedChannelIds(realm.mock, realm.userId('cordelia@zulip.com'));
    const events = await verifyAction(realm.clientFor('iago@zulip.com'), () => cordelia.users.deactivateMe(), { include_subscribers: true });
    const cordeliaId = realm.userId('cordelia@zulip.com');
    expect(peerAndUserEvents(events)).toEqual([...peerRemoves(realm.mock, channels, cordeliaId), ['realm_user', cordeliaId]]);
  });

  it('not for archived channels before level 428, not at all before level 377', async () => {
    for (const [featureLevel, expected] of [[427, 'unarchived'], [376, 'none']] as const) {
      const mock = createMockServer({ featureLevel, clock: new ManualClock() });
      const iago = mock.clientFor('iago@zulip.com');
      const hamletId = mock.store.userByDeliveryEmail('hamlet@zulip.com')?.id ?? 0;
      const scotland = mock.store.channelByName('Scotland')?.id ?? 0;
      const channels = subscribedChannelIds(mock, hamletId).filter((id) => id !== scotland);
      await iago.channels.archive({ stream_id: scotland });
      const context = { userId: mock.store.userByDeliveryEmail('iago@zulip.com')?.id, clientGravatar: true, clientCapabilities: { notification_settings_null: true } };
      const events = await verifyAction(iago, () => iago.users.deactivate({ user_id: hamletId }), { include_subscribers: true }, context);
      const peers = peerAndUserEvents(events).filter((entry) => Array.isArray(entry) && entry[0] === 'peer_remove' && Array.isArray(entry[2]) && entry[2].includes(hamletId));
      expect(peers).toEqual(expected === 'none' ? [] : peerRemoves(mock, channels, hamletId));
    }
  });
});
