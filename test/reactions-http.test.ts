import { describe, expect, it } from 'vitest';
import { ReactionDoesNotExistError } from '../src/index';
import { png } from './support/image-bytes';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('reactions, render and read receipts over real HTTP', () => {
  it('adds and removes a reaction (DELETE with a form body), seen in the message', async () => {
    const iago = http.clientFor('iago@zulip.com');
    const hamlet = http.clientFor('hamlet@zulip.com');
    const { id } = await iago.messages.send({ type: 'channel', to: 'Denmark', topic: 'http reactions', content: 'hi' });
    await hamlet.reactions.add({ message_id: id, emoji_name: 'octopus' });
    await iago.reactions.add({ message_id: id, emoji_name: 'green_tick' });
    expect((await iago.messages.get({ message_id: id })).message.reactions).toEqual([
      { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: expect.any(Number) },
      { emoji_name: 'green_tick', emoji_code: expect.stringMatching(/^\d+$/), reaction_type: 'realm_emoji', user_id: expect.any(Number) },
    ]);
    await hamlet.reactions.remove({ message_id: id, emoji_name: 'octopus' });
    await expect(hamlet.reactions.remove({ message_id: id, emoji_name: 'octopus' })).rejects.toBeInstanceOf(
      ReactionDoesNotExistError,
    );
    expect((await iago.messages.get({ message_id: id })).message.reactions.map((r) => r.emoji_name)).toEqual(['green_tick']);
  });

  it('renders a preview and lists read receipts', async () => {
    const iago = http.clientFor('iago@zulip.com');
    expect(await iago.messages.render({ content: '*hi*' })).toEqual({ rendered: '<p><em>hi</em></p>' });
    const { id } = await iago.messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'read?' });
    expect(await iago.messages.readReceipts({ message_id: id })).toEqual({ user_ids: [] });
  });

  it('uploads a custom emoji as multipart, lists and deactivates it', async () => {
    const iago = http.clientFor('iago@zulip.com');
    await iago.customEmoji.upload({ emoji_name: 'over_http', content: png(8, 8), filename: 'e.png', contentType: 'image/png' });
    const listed = Object.values((await iago.customEmoji.list()).emoji).find((entry) => entry.name === 'over_http');
    expect(listed).toMatchObject({ deactivated: false, author_id: expect.any(Number) });
    await iago.customEmoji.deactivate({ emoji_name: 'over_http' });
    expect(Object.values((await iago.customEmoji.list()).emoji).find((entry) => entry.name === 'over_http')?.deactivated).toBe(true);
  });
});
