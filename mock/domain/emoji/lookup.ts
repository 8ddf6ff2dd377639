import type { ReactionTypeName } from '../../store/reactions';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { EXTRA_EMOJI_NAME, ReactionType } from './reaction-types';
import { isUnicodeEmojiCode, unicodeEmojiCode } from './unicode';

/** An emoji as a request refers to it (its type not yet checked). */
export interface EmojiRef {
  readonly emojiCode: string;
  readonly reactionType: string;
}

/**
 * What a name means in this realm, in the server's order: an active custom emoji, then the
 * extra emoji `zulip`, then a unicode emoji; otherwise "Emoji '…' does not exist".
 */
export function emojiByName(state: MockState, name: string): EmojiRef {
  const custom = state.store.activeRealmEmojiByName(name);
  if (custom) return { emojiCode: String(custom.id), reactionType: ReactionType.REALM };
  if (name === EXTRA_EMOJI_NAME) return { emojiCode: name, reactionType: ReactionType.EXTRA };
  const code = unicodeEmojiCode(name);
  if (code !== undefined) return { emojiCode: code, reactionType: ReactionType.UNICODE };
  throw badRequest(`Emoji '${name}' does not exist`);
}

function checkRealmEmoji(state: MockState, name: string, code: string): void {
  // Codes are the IDs as text, compared as text: `007` is no emoji's code.
  const candidate = /^\d+$/.test(code) ? state.store.tables.realmEmoji.get(Number(code)) : undefined;
  const custom = candidate && String(candidate.id) === code ? candidate : undefined;
  if (!custom) throw badRequest('Invalid custom emoji.');
  if (custom.name !== name) throw badRequest('Invalid custom emoji name.');
  if (custom.deactivated) throw badRequest('This custom emoji has been deactivated.');
}

/**
 * Checks that a name, code and type agree and may be used for a new reaction, as the server
 * does; returns the type, now known to be one of the three.
 */
export function checkEmojiRequest(state: MockState, name: string, emoji: EmojiRef): ReactionTypeName {
  const { emojiCode, reactionType } = emoji;
  switch (reactionType) {
    case ReactionType.REALM:
      checkRealmEmoji(state, name, emojiCode);
      return ReactionType.REALM;
    case ReactionType.EXTRA:
      if (emojiCode !== EXTRA_EMOJI_NAME) throw badRequest('Invalid emoji code.');
      if (name !== emojiCode) throw badRequest('Invalid emoji name.');
      return ReactionType.EXTRA;
    case ReactionType.UNICODE:
      if (!isUnicodeEmojiCode(emojiCode)) throw badRequest('Invalid emoji code.');
      if (unicodeEmojiCode(name) !== emojiCode) throw badRequest('Invalid emoji name.');
      return ReactionType.UNICODE;
    default:
      throw badRequest('Invalid emoji type.');
  }
}
