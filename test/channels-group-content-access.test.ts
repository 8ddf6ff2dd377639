import { describe, expect, it } from 'vitest';
import { narrow } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const INVALID_MESSAGE = { code: 'BAD_REQUEST', status: 400, msg: 'Invalid message(s)' };

/** A message in the private channel `core team`, which Othello and Polonius (a guest) are not subscribed to. */
async function privateMessage(): Promise<number> {
  return (await realm.clientFor('iago@zulip.com').messages.send({ type: 'channel', to: 'core team', topic: 'plans', content: 'secret' })).id;
}

/** Puts users in `core team`'s can_subscribe_group (an anonymous group naming them). */
function grantSubscribe(historyPublic: boolean, ...emails: string[]): void {
  realm.mock.store.tables.channel.update(realm.channelId('core team'), {
    history_public_to_subscribers: historyPublic,
    can_subscribe_group: { direct_members: emails.map((email) => realm.userId(email)), direct_subgroups: [] },
  });
}

describe("content access through a private channel's groups (the server's is_user_in_groups_granting_content_access)", () => {
  it('a non-guest in can_subscribe_group reads a shared-history private channel without subscribing', async () => {
    const id = await privateMessage();
    const othello = realm.clientFor('othello@zulip.com');
    await expectApiError(othello.messages.get({ message_id: id }), INVALID_MESSAGE);
    grantSubscribe(true, 'othello@zulip.com');
    expect((await othello.messages.get({ message_id: id })).message.content).toBe('<p>secret</p>');
    const page = await othello.messages.list({ narrow: narrow().channel('core team'), anchor: 'newest', num_before: 10 });
    expect(page.messages.map((message) => message.id)).toContain(id);
    await othello.reactions.add({ message_id: id, emoji_name: 'smile' });
    // And may move his own messages there, as the server's access_stream_by_id_for_message allows.
    const { id: own } = await othello.messages.send({ type: 'channel', to: 'Denmark', topic: 'moving', content: 'm' });
    await othello.messages.update({ message_id: own, stream_id: realm.channelId('core team') });
    expect(realm.mock.store.tables.message.get(own)?.channel_id).toBe(realm.channelId('core team'));
  });

  it("the same through can_add_subscribers_group; never for a guest; and not for protected history", async () => {
    const id = await privateMessage();
    realm.mock.store.tables.channel.update(realm.channelId('core team'), {
      history_public_to_subscribers: true,
      can_add_subscribers_group: { direct_members: [realm.userId('cordelia@zulip.com')], direct_subgroups: [] },
    });
    expect((await realm.clientFor('cordelia@zulip.com').messages.get({ message_id: id })).message.id).toBe(id);
    grantSubscribe(true, 'polonius@zulip.com');
    await expectApiError(realm.clientFor('polonius@zulip.com').messages.get({ message_id: id }), INVALID_MESSAGE);
    grantSubscribe(false, 'othello@zulip.com');
    await expectApiError(realm.clientFor('othello@zulip.com').messages.get({ message_id: id }), INVALID_MESSAGE);
  });
});
