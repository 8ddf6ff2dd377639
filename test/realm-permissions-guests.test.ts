import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const POLONIUS = 'polonius@zulip.com';
const badRequest = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

/** A group-setting value naming Polonius (a guest) directly. */
const poloniusOnly = () => ({ direct_members: [realm.userId(POLONIUS)], direct_subgroups: [] });

async function sendInVerona(email: string, topic = 'guests'): Promise<number> {
  return (await realm.clientFor(email).messages.send({ type: 'channel', to: 'Verona', topic, content: 'm' })).id;
}

describe("a guest named in a realm setting that may not be everyone still lacks it (the server's allow_everyone_group=False)", () => {
  it('can_delete_any_message_group: a guest in it may not delete others\' messages', async () => {
    realm.mock.realm.can_delete_any_message_group = poloniusOnly();
    const id = await sendInVerona('hamlet@zulip.com');
    await expectApiError(realm.clientFor(POLONIUS).messages.delete({ message_id: id }), badRequest("You don't have permission to delete this message"));
    expect(realm.mock.store.tables.message.get(id)).toBeDefined();
  });

  it('can_move_messages_between_channels_group: a guest in it may not move messages between channels', async () => {
    realm.mock.realm.can_move_messages_between_channels_group = poloniusOnly();
    const id = await sendInVerona(POLONIUS);
    // A guest reaches only channels they are subscribed to.
    await realm.clientFor('iago@zulip.com').subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: [POLONIUS] });
    await expectApiError(
      realm.clientFor(POLONIUS).messages.update({ message_id: id, stream_id: realm.channelId('Scotland') }),
      badRequest("You don't have permission to move this message"),
    );
  });

  it('settings that may be everyone keep a guest who is in them: can_resolve_topics_group', async () => {
    realm.mock.realm.can_resolve_topics_group = poloniusOnly();
    const id = await sendInVerona(POLONIUS, 'to resolve');
    await realm.clientFor(POLONIUS).messages.update({ message_id: id, topic: '✔ to resolve', propagate_mode: 'change_all' });
    expect(realm.mock.store.tables.message.get(id)?.topic).toBe('✔ to resolve');
  });
});
