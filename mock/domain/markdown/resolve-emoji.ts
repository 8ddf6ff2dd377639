import { EXTRA_EMOJI_NAME } from '../emoji/reaction-types';
import { isUnicodeEmojiCode, unicodeEmojiCode, unicodeEmojiName } from '../emoji/unicode';
import { customEmojiUrl } from '../emoji/custom-emoji-urls';
import type { MockState } from '../state';
import type { EmojiMarkup } from './plugins/emoji-syntax';

/** Where the server serves its one extra emoji's image. */
const EXTRA_EMOJI_SRC = '/static/generated/emoji/images/emoji/unicode/zulip.png';

/** What `:name:` means in this realm, in the server's order: custom emoji, `zulip`, unicode. */
export function resolveEmojiName(state: MockState, name: string): EmojiMarkup | undefined {
  const custom = state.store.activeRealmEmojiByName(name);
  if (custom) return { kind: 'image', name, src: customEmojiUrl(state, custom) };
  if (name === EXTRA_EMOJI_NAME) return { kind: 'image', name, src: EXTRA_EMOJI_SRC };
  const code = unicodeEmojiCode(name);
  return code === undefined ? undefined : { kind: 'unicode', code, name };
}

/**
 * The emoji an emoticon (`<3`) stands for: always the unicode emoji of that name, even where a
 * custom emoji of the realm takes the name (the server's `EmoticonTranslation` looks the name up
 * among unicode emoji only).
 */
export function resolveEmoticonName(name: string): EmojiMarkup | undefined {
  const code = unicodeEmojiCode(name);
  return code === undefined ? undefined : { kind: 'unicode', code, name };
}

/** A unicode emoji typed in text, shown under the server's name for it. */
export function resolveEmojiCode(code: string): EmojiMarkup | undefined {
  if (!isUnicodeEmojiCode(code)) return undefined;
  const name = unicodeEmojiName(code);
  return name === undefined ? undefined : { kind: 'unicode', code, name };
}
