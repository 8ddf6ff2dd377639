import { describe, expect, it } from 'vitest';
import { strictUserAccessFor } from '../mock/domain/accounts/user-access';
import { serializeMessage } from '../mock/domain/messages/serialize';
import { narrow } from '../src/index';
import { useTestRealm } from './support/mock';

const realm = useTestRealm({ rateLimits: false });

const HAMLET = 'hamlet@zulip.com';
const OTHELLO = 'othello@zulip.com';
const IAGO = 'iago@zulip.com';

/**
 * A page of history read again after each write that changes what a reader sees: every message
 * in it must be the message as the mock's serializer builds it afresh, and as `GET /messages/{id}`
 * shows it, for the reader who wrote and for another reader with other flags. Both answer a
 * channel message built before as it was when nothing it shows changed; this proves the reuse exact.
 */
describe('GET /messages and GET /messages/{id} after writes: each message as built afresh', () => {
  it('stays exact under edits, moves, reactions, flags, submessages, renames, linkifiers and realm settings', async () => {
    const iago = realm.clientFor(IAGO);
    const hamlet = realm.clientFor(HAMLET);
    const othello = realm.clientFor(OTHELLO);
    const ids: number[] = [];
    for (const content of ['one', 'two **bold**', 'three ZUL-12', '/poll Lunch?\nPizza\nSushi']) {
      ids.push((await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'remembered ZUL-7', content })).id);
    }
    const [first, second, third, poll] = ids as [number, number, number, number];
    const pageNarrow = narrow().channel(realm.channelId('Verona'));
    // Each check ends as it starts (the first reader, default options), so that the read right
    // after a write is the one that could reuse what the read before it built.
    const readings = [
      { reader: hamlet, options: {} },
      { reader: othello, options: {} },
      { reader: hamlet, options: { apply_markdown: false } },
      { reader: hamlet, options: {} },
    ];
    const check = async (step: string) => {
      for (const { reader, options } of readings) {
        const page = await reader.messages.list({ narrow: pageNarrow, anchor: 'newest', num_before: 50, ...options });
        const shown = page.messages.filter((message) => ids.includes(message.id));
        expect(shown.length, step).toBeGreaterThan(0);
        for (const message of shown) {
          const { state } = realm.mock;
          const viewer = state.store.tables.user.get(realm.userId(reader === hamlet ? HAMLET : OTHELLO));
          const record = state.store.tables.message.get(message.id);
          if (!viewer || !record) throw new Error('no such user or message');
          const fresh = serializeMessage(state, viewer, record, {
            applyMarkdown: options.apply_markdown ?? true,
            allowEmptyTopicName: false,
            clientGravatar: true,
            canAccessSender: strictUserAccessFor(state, viewer),
          });
          expect(message, `${step}: message ${message.id}`).toEqual(fresh);
          const single = await reader.messages.get({ message_id: message.id, ...options });
          expect(single.message, `${step}: GET /messages/${message.id}`).toEqual(fresh);
        }
      }
    };
    await check('first read');
    await check('read again');
    await hamlet.messages.update({ message_id: first, content: 'one, edited' });
    await check('content edited');
    await hamlet.messages.update({ message_id: second, topic: 'moved', propagate_mode: 'change_one' });
    await check('topic moved');
    await hamlet.reactions.add({ message_id: third, emoji_name: 'smile' });
    await check('reaction added');
    await othello.reactions.add({ message_id: third, emoji_name: 'smile' });
    await hamlet.reactions.remove({ message_id: third, emoji_name: 'smile' });
    await check('reactions changed');
    await hamlet.flags.update({ messages: [first, third], op: 'add', flag: 'starred' });
    await check('starred by one reader');
    await othello.flags.update({ messages: [third], op: 'remove', flag: 'read' });
    await check('unread for the other');
    await othello.messages.addSubmessage({ message_id: poll, msg_type: 'widget', content: '{"type": "vote", "key": "canned,0", "vote": 1}' });
    await check('submessage added');
    await iago.channels.update({ stream_id: realm.channelId('Verona'), new_name: 'Verona renamed' });
    await check('channel renamed');
    await iago.users.update({ user_id: realm.userId(HAMLET), full_name: 'Hamlet Renamed' });
    await check('sender renamed');
    await iago.linkifiers.add({ pattern: 'ZUL-(?P<id>[0-9]+)', url_template: 'https://trac.example.com/ticket/{id}' });
    await check('linkifier added');
    realm.mock.realm.message_edit_history_visibility_policy = 'none';
    await check('edit history hidden');
    realm.mock.realm.message_edit_history_visibility_policy = 'all';
    await check('edit history shown');
  });

  it('answers the text JSON.stringify writes, in the envelope\'s order, when messages are answered again (a page, one message)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'text', content: 'a "quoted" \\ line\nand ü' });
    const params = new URLSearchParams({ anchor: 'newest', num_before: '5', num_after: '0', narrow: JSON.stringify([{ operator: 'topic', operand: 'text' }]) });
    const authorization = `Basic ${btoa(`${HAMLET}:${realm.mock.apiKeyOf(HAMLET)}`)}`;
    for (let reading = 0; reading < 2; reading++) {
      const response = await realm.mock.fetch(new Request(`http://chat.test/api/v1/messages?${params}`, { headers: { authorization } }));
      const text = await response.text();
      expect(text).toBe(JSON.stringify(JSON.parse(text)));
      expect(Object.keys(JSON.parse(text))).toEqual(['result', 'msg', 'messages', 'anchor', 'found_anchor', 'found_oldest', 'found_newest', 'history_limited']);
      const single = await (await realm.mock.fetch(new Request(`http://chat.test/api/v1/messages/${id}`, { headers: { authorization } }))).text();
      expect(single).toBe(JSON.stringify(JSON.parse(single)));
      expect(Object.keys(JSON.parse(single))).toEqual(['result', 'msg', 'message', 'raw_content']);
    }
  });

  it('a message with an empty topic shows the realm display name of the moment', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: '', content: 'no topic' });
    const read = async () => (await hamlet.messages.list({ narrow: narrow().channel('Verona'), anchor: id, num_before: 0, num_after: 0 })).messages[0];
    expect((await read())?.subject).toBe(realm.mock.realm.empty_topic_display_name);
    realm.mock.realm.empty_topic_display_name = 'no subject here';
    expect((await read())?.subject).toBe('no subject here');
  });
});
