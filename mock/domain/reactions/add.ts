import type { ReactionRecord } from '../../store/reactions';
import type { MessageRecord, UserRecord } from '../../store/store';
import { checkEmojiRequest, type EmojiRef, emojiByName } from '../emoji/lookup';
import { normalizeReactionType } from '../emoji/reaction-types';
import { ApiFailure } from '../errors';
import type { MockState } from '../state';
import { reactableMessageOrFail } from './access';
import { applyParticipationPolicy } from './participation';

/** What add-reaction receives after parameter decoding. */
export interface AddReactionInput {
  readonly message_id: number;
  readonly emoji_name: string;
  readonly emoji_code?: string | undefined;
  readonly reaction_type?: string | undefined;
}

/** `REACTION_ALREADY_EXISTS`: the user already reacted with this emoji. */
function reactionAlreadyExists(): ApiFailure {
  return new ApiFailure('Reaction already exists.', 'REACTION_ALREADY_EXISTS', 400);
}

/** The emoji a request names: what it gave, the rest looked up by name. */
function requestedEmoji(state: MockState, input: AddReactionInput): EmojiRef {
  const type = input.reaction_type === undefined ? undefined : normalizeReactionType(input.reaction_type);
  if (input.emoji_code !== undefined && type !== undefined) return { emojiCode: input.emoji_code, reactionType: type };
  const byName = emojiByName(state, input.emoji_name);
  return { emojiCode: input.emoji_code ?? byName.emojiCode, reactionType: type ?? byName.reactionType };
}

/**
 * Adds the user's reaction, as the server does: an emoji someone already reacted with counts as
 * a vote for that reaction and keeps its name (even a since-deactivated custom emoji); a new
 * emoji must be valid in the realm. Reacting to a public channel message the user never received
 * gives them a copy (read, historical). Participation may then follow the topic.
 */
export function addReaction(state: MockState, user: UserRecord, input: AddReactionInput): void {
  const message = reactableMessageOrFail(state, user, input.message_id);
  const reaction = storeReaction(state, user, message, input);
  applyParticipationPolicy(state, user, message);
  state.events.record({ kind: 'reaction_changed', op: 'add', messageId: message.id, reaction });
}

/**
 * The store side of {@link addReaction}, for a message the user may react to: checks the emoji
 * and that the user has not reacted with it yet, gives a copy to a user without one, and stores
 * the reaction. No participation, no event: what a seed stores.
 *
 * @example
 * import { reactableMessageOrFail } from './access';
 * const hamlet = store.userByApiEmail('hamlet@zulip.com')!;
 * const reaction = storeReaction(state, hamlet, reactableMessageOrFail(state, hamlet, id), { message_id: id, emoji_name: 'octopus' });
 */
export function storeReaction(state: MockState, user: UserRecord, message: MessageRecord, input: AddReactionInput): ReactionRecord {
  const emoji = requestedEmoji(state, input);
  const { reactions, userMessages } = state.store;
  if (reactions.find(message.id, user.id, emoji.emojiCode, emoji.reactionType)) throw reactionAlreadyExists();
  const existing = reactions.firstWithEmoji(message.id, emoji.emojiCode, emoji.reactionType);
  const reactionType = existing?.reaction_type ?? checkEmojiRequest(state, input.emoji_name, emoji);
  if (!userMessages.has(user.id, message.id)) userMessages.add(user.id, message.id, ['read', 'historical']);
  return reactions.add(message.id, {
    user_id: user.id,
    emoji_name: existing?.emoji_name ?? input.emoji_name,
    emoji_code: emoji.emojiCode,
    reaction_type: reactionType,
  });
}
