import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

// The server strips topics, channel names and recipient emails with Python's str.strip, whose
// whitespace is not JavaScript's: U+001C..U+001F and U+0085 go, U+FEFF (a BOM) stays.
const realm = useTestRealm();
const hamlet = () => realm.clientFor('hamlet@zulip.com');
const storedTopic = (id: number) => realm.mock.store.tables.message.get(id)?.topic;

describe('send strips as Python does', () => {
  it('a topic loses U+001C and U+0085 around it but keeps a leading U+FEFF, with its event', async () => {
    let ids: number[] = [];
    await verifyAction(hamlet(), async () => {
      ids = [
        (await hamlet().messages.send({ type: 'channel', to: 'Denmark', topic: '\u001ctopicA', content: 'x' })).id,
        (await hamlet().messages.send({ type: 'channel', to: 'Denmark', topic: 'topicB\u0085', content: 'x' })).id,
        (await hamlet().messages.send({ type: 'channel', to: 'Denmark', topic: '\ufefftopicC', content: 'x' })).id,
      ];
    });
    expect(ids.map(storedTopic)).toEqual(['topicA', 'topicB', '\ufefftopicC']);
  });

  it('a bot sending to a missing channel named with U+FEFF: the owner is told of that name, BOM kept', async () => {
    const bot = realm.clientFor('default-bot@zulip.com');
    await expect(bot.messages.send({ type: 'channel', to: '\ufeffNope\u001c', topic: 't', content: 'x' })).rejects.toMatchObject({
      code: 'STREAM_DOES_NOT_EXIST',
      status: 400,
      msg: "Channel '\ufeffNope' does not exist",
    });
    const { messages } = await hamlet().messages.list({ anchor: 'newest', num_before: 1, apply_markdown: false });
    expect(messages.at(-1)?.content).toBe(
      'Your bot `default-bot@zulip.com` tried to send a message to channel #**\ufeffNope**, but that channel does not exist. Click [here](#channels/new) to create it.',
    );
  });

  it('recipient emails lose Python whitespace around them', async () => {
    const { id } = await hamlet().request('POST', '/messages', { type: 'direct', to: '\u001cothello@zulip.com\u0085', content: 'x' });
    expect(realm.mock.store.tables.message.get(id as number)?.dm_user_ids).toContain(realm.userId('othello@zulip.com'));
  });
});
