import { describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../mock/index';
import { UnsupportedFeatureError } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const SITE = 'http://localhost:9991';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const INSUFFICIENT = bad('Insufficient permission');
const STREAM_EVENTS = { event_types: ['stream', 'subscription', 'message'] };

/** The channel settings of levels 396, 402 and 407, which requests could not set before. */
const NEWER_SETTINGS = [
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_resolve_topics_group',
] as const;

/** Lets `emails` administer a channel (as a channel administrator, not a realm one). */
function letAdminister(channelId: number, emails: string[]): void {
  realm.mock.store.tables.channel.update(channelId, {
    can_administer_channel_group: { direct_members: emails.map((email) => realm.userId(email)), direct_subgroups: [] },
  });
}

async function raw(mock: MockServer, email: string, method: string, path: string, params: Record<string, string>) {
  const response = await mock.fetch(`${SITE}/api/v1${path}`, {
    method,
    headers: { authorization: `Basic ${btoa(`${email}:${mock.apiKeyOf(email)}`)}` },
    body: new URLSearchParams(params),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('PATCH /streams/{stream_id}: the move, resolve and delete groups', () => {
  it('an administrator sets each (role:everyone allowed), with a stream update event per setting in the server order (acceptance test)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const verona = realm.channelId('Verona');
    const members = realm.groupId('role:members');
    const everyone = realm.groupId('role:everyone');
    const anonymous = { direct_members: [realm.userId('hamlet@zulip.com')], direct_subgroups: [realm.groupId('role:moderators')] };
    const events = await verifyAction(
      iago,
      () =>
        iago.channels.update({
          stream_id: verona,
          can_resolve_topics_group: { new: everyone },
          can_move_messages_within_channel_group: { new: members },
          can_move_messages_out_of_channel_group: { new: anonymous, old: realm.groupId('role:nobody') },
          can_delete_own_message_group: { new: everyone },
          can_delete_any_message_group: { new: realm.groupId('role:moderators') },
        }),
      STREAM_EVENTS,
    );
    expect(events.map((event) => event && 'property' in event && [event.property, event.value])).toEqual([
      ['can_delete_any_message_group', realm.groupId('role:moderators')],
      ['can_delete_own_message_group', everyone],
      ['can_move_messages_out_of_channel_group', anonymous],
      ['can_move_messages_within_channel_group', members],
      ['can_resolve_topics_group', everyone],
    ]);
    const { stream } = await iago.channels.get({ stream_id: verona });
    expect(stream).toMatchObject({
      can_delete_any_message_group: realm.groupId('role:moderators'),
      can_delete_own_message_group: everyone,
      can_move_messages_out_of_channel_group: anonymous,
      can_move_messages_within_channel_group: members,
      can_resolve_topics_group: everyone,
    });
    const { subscriptions } = await realm.clientFor('hamlet@zulip.com').subscriptions.list();
    expect(subscriptions.find((subscription) => subscription.stream_id === verona)).toMatchObject({ can_resolve_topics_group: everyone });
  });

  it("the values the server refuses: role:internet, an unknown group, a stale old value", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const verona = realm.channelId('Verona');
    for (const setting of NEWER_SETTINGS) {
      await expectApiError(
        iago.channels.update({ stream_id: verona, [setting]: { new: realm.groupId('role:internet') } }),
        bad(`'${setting}' setting cannot be set to 'role:internet' group.`),
      );
      await expectApiError(iago.channels.update({ stream_id: verona, [setting]: { new: 999_999 } }), bad('Invalid user group'));
    }
    await expectApiError(
      iago.channels.update({ stream_id: verona, can_resolve_topics_group: { new: realm.groupId('role:members'), old: realm.groupId('role:everyone') } }),
      { code: 'EXPECTATION_MISMATCH', status: 400, msg: "'old' value does not match the expected value." },
    );
  });

  it('the delete groups need the realm can_set_delete_message_policy_group (moderators), even unchanged, checked before the description', async () => {
    const verona = realm.channelId('Verona');
    letAdminister(verona, ['hamlet@zulip.com', 'shiva@zulip.com']);
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const nobody = realm.groupId('role:nobody');
    await expectApiError(hamlet.channels.update({ stream_id: verona, description: 'changed?', can_delete_any_message_group: { new: nobody } }), INSUFFICIENT);
    await expectApiError(hamlet.channels.update({ stream_id: verona, can_delete_own_message_group: { new: realm.groupId('role:members') } }), INSUFFICIENT);
    expect(realm.mock.store.tables.channel.get(verona)?.description).not.toBe('changed?');
    // Changes made before the check stay, as the server has no transaction around them.
    await expectApiError(hamlet.channels.update({ stream_id: verona, topics_policy: 'allow_empty_topic', can_delete_any_message_group: { new: nobody } }), INSUFFICIENT);
    expect(realm.mock.store.tables.channel.get(verona)?.topics_policy).toBe('allow_empty_topic');
    // The other new settings need only channel administration.
    await hamlet.channels.update({ stream_id: verona, can_move_messages_within_channel_group: { new: realm.groupId('role:members') }, can_resolve_topics_group: { new: realm.groupId('role:members') } });
    await realm.clientFor('shiva@zulip.com').channels.update({ stream_id: verona, can_delete_own_message_group: { new: realm.groupId('role:members') } });
    realm.mock.realm.can_set_delete_message_policy_group = realm.groupId('role:members');
    await hamlet.channels.update({ stream_id: verona, can_delete_any_message_group: { new: realm.groupId('role:moderators') } });
    expect(realm.mock.store.tables.channel.get(verona)).toMatchObject({
      can_delete_own_message_group: realm.groupId('role:members'),
      can_delete_any_message_group: realm.groupId('role:moderators'),
      can_move_messages_within_channel_group: realm.groupId('role:members'),
      can_resolve_topics_group: realm.groupId('role:members'),
    });
    // Without channel administration, nothing is set.
    await expectApiError(
      realm.clientFor('othello@zulip.com').channels.update({ stream_id: verona, can_resolve_topics_group: { new: nobody } }),
      bad('You do not have permission to administer this channel.'),
    );
  });
});

describe('a user group in use by the new settings', () => {
  it('cannot be deactivated; the objection names the settings in the server order', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { group_id: group = 0 } = await hamlet.userGroups.create({ name: 'resolvers', description: '', members: [realm.userId('hamlet@zulip.com')] });
    const verona = realm.channelId('Verona');
    const iago = realm.clientFor('iago@zulip.com');
    await iago.channels.update({
      stream_id: verona,
      can_resolve_topics_group: { new: group },
      can_move_messages_within_channel_group: { new: { direct_members: [], direct_subgroups: [group, realm.groupId('role:moderators')] } },
      can_delete_own_message_group: { new: group },
    });
    await expectApiError(hamlet.userGroups.deactivate({ user_group_id: group }), {
      code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
      status: 400,
      msg: 'Cannot deactivate user group in use.',
      objections: [
        { type: 'channel', channel_id: verona, settings: ['can_delete_own_message_group', 'can_move_messages_within_channel_group', 'can_resolve_topics_group'] },
      ],
    });
  });
});

describe('POST /users/me/subscriptions: the move, resolve and delete groups of a new channel', () => {
  it('are role:nobody by default and take the given values (acceptance test)', async () => {
    const shiva = realm.clientFor('shiva@zulip.com');
    const members = realm.groupId('role:members');
    await verifyAction(
      shiva,
      () =>
        shiva.subscriptions.add({
          subscriptions: [{ name: 'governed' }],
          can_delete_any_message_group: realm.groupId('role:moderators'),
          can_delete_own_message_group: realm.groupId('role:everyone'),
          can_move_messages_out_of_channel_group: members,
          can_move_messages_within_channel_group: { direct_members: [realm.userId('hamlet@zulip.com')], direct_subgroups: [] },
          can_resolve_topics_group: members,
        }),
      STREAM_EVENTS,
    );
    const { stream } = await shiva.channels.get({ stream_id: realm.channelId('governed') });
    expect(stream).toMatchObject({
      can_delete_any_message_group: realm.groupId('role:moderators'),
      can_delete_own_message_group: realm.groupId('role:everyone'),
      can_move_messages_out_of_channel_group: members,
      can_move_messages_within_channel_group: { direct_members: [realm.userId('hamlet@zulip.com')], direct_subgroups: [] },
      can_resolve_topics_group: members,
    });
    await realm.clientFor('hamlet@zulip.com').subscriptions.add({ subscriptions: [{ name: 'plain' }] });
    const { stream: plain } = await shiva.channels.get({ stream_id: realm.channelId('plain') });
    const nobody = realm.groupId('role:nobody');
    expect(plain).toMatchObject(Object.fromEntries(NEWER_SETTINGS.map((setting) => [setting, nobody])));
  });

  it('a delete group other than nobody needs can_set_delete_message_policy_group; nobody (or an empty group) does not', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'mine' }], can_delete_own_message_group: realm.groupId('role:members') }), INSUFFICIENT);
    await expectApiError(
      hamlet.subscriptions.add({ subscriptions: [{ name: 'mine' }], can_delete_any_message_group: { direct_members: [realm.userId('hamlet@zulip.com')], direct_subgroups: [] } }),
      INSUFFICIENT,
    );
    expect(realm.mock.store.channelByName('mine')).toBeUndefined();
    // The value is checked first: an invalid one is refused for what it is.
    await expectApiError(
      hamlet.subscriptions.add({ subscriptions: [{ name: 'mine' }], can_delete_any_message_group: realm.groupId('role:internet') }),
      bad("'can_delete_any_message_group' setting cannot be set to 'role:internet' group."),
    );
    await hamlet.subscriptions.add({
      subscriptions: [{ name: 'mine' }],
      can_delete_any_message_group: { direct_members: [], direct_subgroups: [] },
      can_delete_own_message_group: realm.groupId('role:nobody'),
      can_resolve_topics_group: realm.groupId('role:everyone'),
    });
    expect(realm.mock.store.channelByName('mine')).toMatchObject({
      can_delete_any_message_group: realm.groupId('role:nobody'),
      can_resolve_topics_group: realm.groupId('role:everyone'),
    });
    // Existing channels only are subscribed to: the settings are not read.
    await realm.clientFor('othello@zulip.com').subscriptions.add({ subscriptions: [{ name: 'mine' }], can_delete_own_message_group: realm.groupId('role:members') });
  });
});

describe('older servers ignore the settings they do not know, and do not send them', () => {
  it('level 406: the delete groups are ignored and absent; 395: the move groups; 401: the resolve group', async () => {
    for (const [level, unknown, known] of [
      [406, ['can_delete_any_message_group', 'can_delete_own_message_group'], 'can_resolve_topics_group'],
      [401, ['can_resolve_topics_group'], 'can_move_messages_within_channel_group'],
      [395, ['can_move_messages_out_of_channel_group', 'can_move_messages_within_channel_group'], 'can_subscribe_group'],
    ] as const) {
      const older = createMockServer({ featureLevel: level });
      const verona = older.store.channelByName('Verona')?.id ?? 0;
      const members = String(older.realm.system_groups['role:members']);
      const patch = await raw(older, 'iago@zulip.com', 'PATCH', `/streams/${verona}`, Object.fromEntries(unknown.map((name) => [name, `{"new":${members}}`])));
      expect(patch).toEqual({ status: 200, body: { result: 'success', msg: '', ignored_parameters_unsupported: [...unknown].sort() } });
      const create = await raw(older, 'iago@zulip.com', 'POST', '/users/me/subscriptions', {
        subscriptions: '[{"name":"newch"}]',
        ...Object.fromEntries(unknown.map((name) => [name, members])),
      });
      expect(create.body['ignored_parameters_unsupported']).toEqual([...unknown].sort());
      const { stream } = await older.clientFor('iago@zulip.com').channels.get({ stream_id: verona });
      for (const name of unknown) expect(stream).not.toHaveProperty(name);
      expect(stream).toHaveProperty(known);
      // The SDK refuses to send what the server would ignore.
      await expect(older.clientFor('iago@zulip.com').channels.update({ stream_id: verona, [unknown[0]]: { new: Number(members) } })).rejects.toBeInstanceOf(
        UnsupportedFeatureError,
      );
    }
  });
});

describe('the checks that read the channel groups', () => {
  async function send(channel: string, topic = 'moving'): Promise<number> {
    const { id } = await realm.clientFor('hamlet@zulip.com').messages.send({ type: 'channel', to: channel, topic, content: 'm' });
    return id;
  }

  it("moving between topics: the channel's can_move_messages_within_channel_group, of the origin or the target channel", async () => {
    realm.mock.realm.can_move_messages_between_topics_group = realm.groupId('role:administrators');
    const othello = realm.clientFor('othello@zulip.com');
    const inVerona = await send('Verona');
    const inDenmark = await send('Denmark');
    const refused = bad("You don't have permission to edit this message");
    await expectApiError(othello.messages.update({ message_id: inVerona, topic: 'moved' }), refused);
    await realm.clientFor('iago@zulip.com').channels.update({ stream_id: realm.channelId('Verona'), can_move_messages_within_channel_group: { new: realm.groupId('role:members') } });
    await othello.messages.update({ message_id: inVerona, topic: 'moved' });
    await expectApiError(othello.messages.update({ message_id: inDenmark, topic: 'moved' }), refused);
  });

  it("moving out of a channel: its can_move_messages_out_of_channel_group, not the target's", async () => {
    realm.mock.realm.can_move_messages_between_channels_group = realm.groupId('role:administrators');
    const othello = realm.clientFor('othello@zulip.com');
    const inVerona = await send('Verona');
    const inDenmark = await send('Denmark');
    const refused = bad("You don't have permission to move this message");
    await expectApiError(othello.messages.update({ message_id: inVerona, stream_id: realm.channelId('Denmark') }), refused);
    await realm.clientFor('iago@zulip.com').channels.update({ stream_id: realm.channelId('Verona'), can_move_messages_out_of_channel_group: { new: realm.groupId('role:members') } });
    await othello.messages.update({ message_id: inVerona, stream_id: realm.channelId('Denmark') });
    expect(realm.mock.store.tables.message.get(inVerona)?.channel_id).toBe(realm.channelId('Denmark'));
    await expectApiError(othello.messages.update({ message_id: inDenmark, stream_id: realm.channelId('Verona') }), refused);
  });

  it("resolving: the channel's can_resolve_topics_group, of the origin or the target channel", async () => {
    realm.mock.realm.can_resolve_topics_group = realm.groupId('role:administrators');
    const othello = realm.clientFor('othello@zulip.com');
    const inVerona = await send('Verona', 'issue');
    const inDenmark = await send('Denmark', 'issue');
    const refused = bad("You don't have permission to resolve topics in this channel.");
    await expectApiError(othello.messages.update({ message_id: inVerona, topic: '✔ issue', propagate_mode: 'change_all' }), refused);
    await realm.clientFor('iago@zulip.com').channels.update({ stream_id: realm.channelId('Verona'), can_resolve_topics_group: { new: realm.groupId('role:members') } });
    await othello.messages.update({ message_id: inVerona, topic: '✔ issue', propagate_mode: 'change_all' });
    await expectApiError(othello.messages.update({ message_id: inDenmark, topic: '✔ issue', propagate_mode: 'change_all' }), refused);
    // Resolving while moving into Verona: the target's group suffices (the move out of Denmark is the realm's members' right).
    await othello.messages.update({ message_id: inDenmark, stream_id: realm.channelId('Verona'), topic: '✔ issue', propagate_mode: 'change_all' });
  });

  it("deleting: an anonymous can_delete_own_message_group set through the API lets its members delete their own messages there", async () => {
    realm.mock.realm.can_delete_own_message_group = realm.groupId('role:administrators');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const inVerona = await send('Verona');
    const refused = bad("You don't have permission to delete this message");
    await expectApiError(hamlet.messages.delete({ message_id: inVerona }), refused);
    await realm.clientFor('iago@zulip.com').channels.update({
      stream_id: realm.channelId('Verona'),
      can_delete_own_message_group: { new: { direct_members: [realm.userId('hamlet@zulip.com')], direct_subgroups: [] } },
    });
    await hamlet.messages.delete({ message_id: inVerona });
  });
});
