import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../src/index';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

/**
 * What the user whose role changes follows: the channels, their subscribers, the users and the
 * groups; the realm and its groups too, so that the reducer can recompute the user's own
 * `can_create_*` flags.
 */
const WATCHING = { event_types: ['stream', 'subscription', 'realm_user', 'user_group', 'realm_user_groups', 'realm'] };

const ROLE = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;

type Setting = 'can_administer_channel_group' | 'can_subscribe_group';

/** iago creates a channel that only he is subscribed to; its ID. */
async function iagosChannel(name: string, options: { invite_only?: boolean; setting?: Setting; group?: string } = {}): Promise<number> {
  const { setting, group, invite_only = false } = options;
  await realm.clientFor('iago@zulip.com').subscriptions.add({
    subscriptions: [{ name }],
    invite_only,
    ...(setting && group ? { [setting]: realm.groupId(group) } : {}),
  });
  return realm.channelId(name);
}

const withoutIds = (events: readonly unknown[]) => events.map((event) => ({ ...(event as object), id: undefined }));

const roleUpdate = (email: string, role: number) => ({ type: 'realm_user', op: 'update', person: { user_id: realm.userId(email), role } });
const members = (op: 'add_members' | 'remove_members', group: string, email: string) => ({
  type: 'user_group',
  op,
  group_id: realm.groupId(group),
  user_ids: [realm.userId(email)],
});
const created = (...names: string[]) => ({
  type: 'stream',
  op: 'create',
  streams: names.map((name) => expect.objectContaining({ stream_id: realm.channelId(name), name })),
});
const deleted = (...names: string[]) => {
  const ids = names.map((name) => realm.channelId(name));
  return { type: 'stream', op: 'delete', streams: ids.map((stream_id) => ({ stream_id })), stream_ids: ids };
};
const peers = (name: string, emails: string[]) => ({
  type: 'subscription',
  op: 'peer_add',
  stream_ids: [realm.channelId(name)],
  user_ids: emails.map((email) => realm.userId(email)).sort((a, b) => a - b),
});

/** Registers queues for the clients, runs the action and returns what each queue received. */
async function observed(clients: ChatClient[], action: () => Promise<unknown>): Promise<unknown[][]> {
  const queues = await Promise.all(clients.map((client) => client.events.register(WATCHING)));
  await action();
  return Promise.all(
    clients.map(async (client, index) => {
      const queue = queues[index];
      const { events } = await client.events.get({ queue_id: queue?.queue_id ?? '', last_event_id: queue?.last_event_id ?? -1, dont_block: true });
      return withoutIds(events);
    }),
  );
}

// The server's do_change_user_role ends with send_stream_events_for_role_update: the user whose
// role changed (and nobody else) is told about the active channels they now see, or no longer see.
describe('a role change tells its user which channels they gained or lost sight of', () => {
  it('member -> moderator with a private channel administered by role:moderators: create and its subscribers; moderator -> member: delete', async () => {
    await iagosChannel('secret', { invite_only: true, setting: 'can_administer_channel_group', group: 'role:moderators' });
    const iago = realm.clientFor('iago@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');

    const promoted = await verifyAction(othello, () => iago.users.update({ user_id: othelloId, role: ROLE.moderator }), WATCHING);
    expect(withoutIds(promoted)).toEqual(
      withoutIds([
        roleUpdate('othello@zulip.com', ROLE.moderator),
        members('remove_members', 'role:members', 'othello@zulip.com'),
        members('add_members', 'role:moderators', 'othello@zulip.com'),
        members('remove_members', 'role:fullmembers', 'othello@zulip.com'),
        created('secret'),
        peers('secret', ['iago@zulip.com']),
      ]),
    );

    const demoted = await verifyAction(othello, () => iago.users.update({ user_id: othelloId, role: ROLE.member }), WATCHING);
    expect(withoutIds(demoted)).toEqual(
      withoutIds([
        roleUpdate('othello@zulip.com', ROLE.member),
        members('remove_members', 'role:moderators', 'othello@zulip.com'),
        members('add_members', 'role:members', 'othello@zulip.com'),
        members('add_members', 'role:fullmembers', 'othello@zulip.com'),
        deleted('secret'),
      ]),
    );
  });

  it("nobody else hears of the channels: the channel's subscribers and other users get the role and group events only", async () => {
    await iagosChannel('secret', { invite_only: true, setting: 'can_administer_channel_group', group: 'role:moderators' });
    const iago = realm.clientFor('iago@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const groupEvents = [
      members('remove_members', 'role:members', 'othello@zulip.com'),
      members('add_members', 'role:moderators', 'othello@zulip.com'),
      members('remove_members', 'role:fullmembers', 'othello@zulip.com'),
    ];
    const [ofIago, ofHamlet, ofShiva] = await observed(
      [iago, realm.clientFor('hamlet@zulip.com'), realm.clientFor('shiva@zulip.com')],
      () => iago.users.update({ user_id: othelloId, role: ROLE.moderator }),
    );
    const expected = withoutIds([roleUpdate('othello@zulip.com', ROLE.moderator), ...groupEvents]);
    expect(ofIago).toEqual(expected);
    expect(ofHamlet).toEqual(expected);
    // shiva, a moderator who sees the channel already, is not told of it again.
    expect(ofShiva).toEqual(expected);
  });

  it('member -> guest: public channels not subscribed to (unsubscribed ones too) and private ones seen through groups go in one delete; web-public ones stay', async () => {
    await realm.clientFor('othello@zulip.com').subscriptions.remove({ subscriptions: ['Scotland'] });
    await iagosChannel('lobby');
    await realm.clientFor('desdemona@zulip.com').subscriptions.add({ subscriptions: [{ name: 'plaza' }], is_web_public: true });
    await iagosChannel('secret', { invite_only: true, setting: 'can_subscribe_group', group: 'role:members' });
    const iago = realm.clientFor('iago@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const events = await verifyAction(realm.clientFor('othello@zulip.com'), () => iago.users.update({ user_id: othelloId, role: ROLE.guest }), WATCHING);
    expect(withoutIds(events)).toEqual(
      withoutIds([
        roleUpdate('othello@zulip.com', ROLE.guest),
        members('remove_members', 'role:members', 'othello@zulip.com'),
        members('add_members', 'role:everyone', 'othello@zulip.com'),
        members('remove_members', 'role:fullmembers', 'othello@zulip.com'),
        deleted('Scotland', 'lobby', 'secret'),
      ]),
    );
  });

  it('guest -> member: one create for every channel gained, then the subscribers of each, private channels first in the order Python iterates their set', async () => {
    await iagosChannel('lobby');
    await realm.clientFor('desdemona@zulip.com').subscriptions.add({ subscriptions: [{ name: 'plaza' }], is_web_public: true });
    await iagosChannel('secret', { invite_only: true, setting: 'can_subscribe_group', group: 'role:members' });
    await iagosChannel('inner', { invite_only: true, setting: 'can_subscribe_group', group: 'role:fullmembers' });
    const ids = ['Denmark', 'Scotland', 'lobby', 'plaza', 'secret', 'inner'].map((name) => realm.channelId(name));
    // {2007, 2008} iterates 2008 first (slot 0 before slot 7): the peer_add order below depends on it.
    expect(ids).toEqual([2002, 2003, 2005, 2006, 2007, 2008]);
    const iago = realm.clientFor('iago@zulip.com');
    const poloniusId = realm.userId('polonius@zulip.com');
    const everyone = ['desdemona@zulip.com', 'iago@zulip.com', 'hamlet@zulip.com', 'cordelia@zulip.com', 'othello@zulip.com'];
    const events = await verifyAction(realm.clientFor('polonius@zulip.com'), () => iago.users.update({ user_id: poloniusId, role: ROLE.member }), WATCHING);
    expect(withoutIds(events)).toEqual(
      withoutIds([
        roleUpdate('polonius@zulip.com', ROLE.member),
        members('remove_members', 'role:everyone', 'polonius@zulip.com'),
        members('add_members', 'role:members', 'polonius@zulip.com'),
        members('add_members', 'role:fullmembers', 'polonius@zulip.com'),
        // Joining role:fullmembers opens inner (bulk_add_members_to_user_groups tells it)...
        created('inner'),
        peers('inner', ['iago@zulip.com']),
        // ...and the role's own account names it again, as the server does.
        created('Denmark', 'Scotland', 'lobby', 'secret', 'inner'),
        peers('inner', ['iago@zulip.com']),
        peers('secret', ['iago@zulip.com']),
        peers('Denmark', everyone),
        peers('Scotland', ['iago@zulip.com', 'shiva@zulip.com', 'hamlet@zulip.com', 'othello@zulip.com']),
        peers('lobby', ['iago@zulip.com']),
      ]),
    );
  });

  it('moderator -> member with a private channel opened to role:fullmembers: joining full members announces it again, though the user saw it all along', async () => {
    await iagosChannel('inner', { invite_only: true, setting: 'can_subscribe_group', group: 'role:fullmembers' });
    const shiva = realm.clientFor('shiva@zulip.com');
    const shivaId = realm.userId('shiva@zulip.com');
    // The server's update_users_in_full_members_system_group adds the new member to role:fullmembers
    // with bulk_add_members_to_user_groups, which compares with the moment before that join (a
    // member outside role:fullmembers does not see inner), not with the moderator before.
    const events = await verifyAction(shiva, () => realm.clientFor('iago@zulip.com').users.update({ user_id: shivaId, role: ROLE.member }), WATCHING);
    expect(withoutIds(events)).toEqual(
      withoutIds([
        roleUpdate('shiva@zulip.com', ROLE.member),
        members('remove_members', 'role:moderators', 'shiva@zulip.com'),
        members('add_members', 'role:members', 'shiva@zulip.com'),
        members('add_members', 'role:fullmembers', 'shiva@zulip.com'),
        created('inner'),
        peers('inner', ['iago@zulip.com']),
      ]),
    );
  });

  it('member -> administrator (and owner) shows every private channel; back to member hides them', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const coreTeam = ['desdemona@zulip.com', 'iago@zulip.com', 'hamlet@zulip.com'];
    for (const [role, by] of [
      [ROLE.administrator, 'iago@zulip.com'],
      [ROLE.owner, 'desdemona@zulip.com'],
    ] as const) {
      const changer = realm.clientFor(by);
      const promoted = await verifyAction(othello, () => changer.users.update({ user_id: othelloId, role }), WATCHING);
      expect(withoutIds(promoted.slice(4))).toEqual(withoutIds([created('core team'), peers('core team', coreTeam)]));
      const demoted = await verifyAction(othello, () => changer.users.update({ user_id: othelloId, role: ROLE.member }), WATCHING);
      expect(withoutIds(demoted.slice(4))).toEqual(withoutIds([deleted('core team')]));
    }
  });

  it("a bot's role changed through PATCH /bots/{bot_id} is told the same way", async () => {
    const bot = realm.clientFor('default-bot@zulip.com');
    const botId = realm.userId('default-bot@zulip.com');
    const events = await verifyAction(bot, () => realm.clientFor('iago@zulip.com').bots.update({ bot_id: botId, role: ROLE.guest }), WATCHING);
    expect(withoutIds(events.slice(4))).toEqual(withoutIds([deleted('Denmark', 'Scotland')]));
  });
});
