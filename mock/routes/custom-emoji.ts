import type { customEmoji } from '../../src/endpoints/index';
import { allCustomEmoji, deactivateCustomEmoji, uploadCustomEmoji } from '../domain/emoji/custom-emoji';
import type { Implementation } from '../http/operation';

/** The organization's custom emoji: decode → domain → payload. */
export const customEmojiRoutes = {
  getCustomEmoji: ({ state }) => ({ emoji: allCustomEmoji(state) }),
  uploadCustomEmoji: async ({ state, user, params, files }) => {
    await uploadCustomEmoji(state, user, params.emoji_name, files);
    return {};
  },
  deactivateCustomEmoji: ({ state, user, params }) => {
    deactivateCustomEmoji(state, user, params.emoji_name);
    return {};
  },
} satisfies { [Name in keyof typeof customEmoji]: Implementation<(typeof customEmoji)[Name]> };
