import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const OTHELLO = 'othello@zulip.com';
const badRequest = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

async function send(topic = 'a', to = 'Denmark'): Promise<number> {
  return (await realm.clientFor(HAMLET).messages.send({ type: 'channel', to, topic, content: 'm' })).id;
}

/** Makes Othello an administrator of the channel (its `can_administer_channel_group`). */
function administer(channel: string): void {
  realm.mock.store.tables.channel.update(realm.channelId(channel), {
    can_administer_channel_group: { direct_members: [realm.userId(OTHELLO)], direct_subgroups: [] },
  });
}

describe('who may move messages when the realm lets nobody (the server\'s can_edit_topic and can_move_messages_out_of_channel)', () => {
  it('organization administrators still rename topics and move messages out of a channel', async () => {
    realm.mock.realm.can_move_messages_between_topics_group = realm.groupId('role:nobody');
    realm.mock.realm.can_move_messages_between_channels_group = realm.groupId('role:nobody');
    const id = await send();
    const iago = realm.clientFor('iago@zulip.com');
    await iago.messages.update({ message_id: id, topic: 'renamed' });
    await iago.messages.update({ message_id: id, stream_id: realm.channelId('Verona') });
    expect(realm.mock.store.tables.message.get(id)).toMatchObject({ topic: 'renamed', channel_id: realm.channelId('Verona') });
    await expectApiError(realm.clientFor(HAMLET).messages.update({ message_id: id, topic: 'again' }), badRequest("You don't have permission to edit this message"));
  });

  it("a channel's administrators rename its topics and move its messages out; elsewhere they may not", async () => {
    realm.mock.realm.can_move_messages_between_topics_group = realm.groupId('role:nobody');
    realm.mock.realm.can_move_messages_between_channels_group = realm.groupId('role:nobody');
    administer('Verona');
    const othello = realm.clientFor(OTHELLO);
    const inDenmark = await send('a', 'Denmark');
    await expectApiError(othello.messages.update({ message_id: inDenmark, topic: 'b' }), badRequest("You don't have permission to edit this message"));
    await expectApiError(
      othello.messages.update({ message_id: inDenmark, stream_id: realm.channelId('Verona') }),
      badRequest("You don't have permission to move this message"),
    );
    const inVerona = await send('a', 'Verona');
    await othello.messages.update({ message_id: inVerona, topic: 'b' });
    await othello.messages.update({ message_id: inVerona, stream_id: realm.channelId('Denmark') });
    expect(realm.mock.store.tables.message.get(inVerona)).toMatchObject({ topic: 'b', channel_id: realm.channelId('Denmark') });
  });

  it('a topic move into a channel one administers counts too (the target channel)', async () => {
    realm.mock.realm.can_move_messages_between_topics_group = realm.groupId('role:nobody');
    administer('Verona');
    const id = await send('a', 'Denmark');
    // Othello may move out of Denmark by the realm's default channel-move group (members), and
    // rename the topic on the way because he administers the target channel.
    await realm.clientFor(OTHELLO).messages.update({ message_id: id, stream_id: realm.channelId('Verona'), topic: 'b' });
    expect(realm.mock.store.tables.message.get(id)).toMatchObject({ topic: 'b', channel_id: realm.channelId('Verona') });
  });

  it('resolving is refused with the message that names the channel', async () => {
    realm.mock.realm.can_resolve_topics_group = realm.groupId('role:nobody');
    const id = await send();
    await expectApiError(
      realm.clientFor('iago@zulip.com').messages.update({ message_id: id, topic: '✔ a', propagate_mode: 'change_all' }),
      badRequest("You don't have permission to resolve topics in this channel."),
    );
  });

  it('a server older than channel-level move permissions (level 395) gives administrators no way around the realm groups', async () => {
    const older = createMockServer({ featureLevel: 395, baseUrl: 'http://old.test' });
    older.realm.can_move_messages_between_topics_group = older.realm.system_groups['role:nobody'];
    older.realm.can_resolve_topics_group = older.realm.system_groups['role:nobody'];
    const hamlet = older.clientFor(HAMLET);
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 'a', content: 'm' });
    const iago = older.clientFor('iago@zulip.com');
    await expectApiError(iago.messages.update({ message_id: id, topic: 'b' }), badRequest("You don't have permission to edit this message"));
    await expectApiError(
      iago.messages.update({ message_id: id, topic: '✔ a', propagate_mode: 'change_all' }),
      badRequest("You don't have permission to resolve topics."),
    );
  });
});
