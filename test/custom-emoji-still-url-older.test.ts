import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { gif, png } from './support/image-bytes';

const IAGO = 'iago@zulip.com';

/** A realm at `level` with a still and an animated emoji: what `GET /realm/emoji`, register and the `realm_emoji` event say of each. */
async function emojiAt(level: number) {
  const mock = createMockServer({ featureLevel: level });
  const iago = mock.clientFor(IAGO, { validate: 'off' });
  const queue = await iago.events.register({ event_types: ['realm_emoji'] });
  await iago.customEmoji.upload({ emoji_name: 'still', content: png(8, 8), filename: 'still.png', contentType: 'image/png' });
  await iago.customEmoji.upload({ emoji_name: 'spinner', content: gif(8, 8, 2), filename: 'spinner.gif', contentType: 'image/gif' });
  const { events } = await iago.events.get({ queue_id: queue.queue_id!, last_event_id: queue.last_event_id, dont_block: true });
  const byName = (emoji: Record<string, { name: string }>) => Object.fromEntries(Object.values(emoji).map((one) => [one.name, one]));
  const realmEmojiEvent = events.at(-1) as unknown as { realm_emoji: Record<string, { name: string }> };
  return {
    listed: byName((await iago.customEmoji.list()).emoji),
    registered: byName((await iago.events.register({ event_types: ['realm_emoji'] })).realm_emoji!),
    event: byName(realmEmojiEvent.realm_emoji),
  };
}

describe('custom emoji still_url before feature level 113', () => {
  it('below 97 no emoji has still_url (8c31e6f96e added still images at 97)', async () => {
    for (const view of Object.values(await emojiAt(96))) {
      expect('still_url' in view['still']!).toBe(false);
      expect('still_url' in view['spinner']!).toBe(false);
    }
  });

  it('from 97 to 112 only an animated emoji has it (get_realm_emoji_dicts before c04a8097f3)', async () => {
    for (const level of [97, 112]) {
      for (const view of Object.values(await emojiAt(level))) {
        expect('still_url' in view['still']!, `level ${level}`).toBe(false);
        expect(view['spinner']).toMatchObject({ still_url: expect.stringMatching(/\/still\/[0-9a-f]{8}\.png$/) });
      }
    }
  });

  it('from 113 every emoji has it, null for one that is not animated (the changelog\'s 113)', async () => {
    for (const view of Object.values(await emojiAt(113))) {
      expect(view['still']).toMatchObject({ still_url: null });
      expect(view['spinner']).toMatchObject({ still_url: expect.stringMatching(/\/still\/[0-9a-f]{8}\.png$/) });
    }
  });
});
