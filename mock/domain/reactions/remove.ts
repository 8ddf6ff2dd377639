import type { UserRecord } from '../../store/store';
import { emojiByName } from '../emoji/lookup';
import { normalizeReactionType, ReactionType } from '../emoji/reaction-types';
import { ApiFailure, badRequest } from '../errors';
import type { MockState } from '../state';
import { reactableMessageOrFail } from './access';

/** What remove-reaction receives after parameter decoding. */
export interface RemoveReactionInput {
  readonly message_id: number;
  readonly emoji_name?: string | undefined;
  readonly emoji_code?: string | undefined;
  readonly reaction_type?: string | undefined;
}

/** `REACTION_DOES_NOT_EXIST`: the user has no reaction with this emoji on the message. */
function reactionDoesNotExist(): ApiFailure {
  return new ApiFailure("Reaction doesn't exist.", 'REACTION_DOES_NOT_EXIST', 400);
}

/**
 * Removes the user's reaction. As on the server, `reaction_type` defaults to `unicode_emoji`
 * (a custom emoji is removed with `reaction_type: 'realm_emoji'`), a name without a code is
 * looked up, and the emoji is not re-validated: a reaction with a since-deactivated custom
 * emoji can still be removed.
 */
export function removeReaction(state: MockState, user: UserRecord, input: RemoveReactionInput): void {
  const message = reactableMessageOrFail(state, user, input.message_id);
  let emojiCode = input.emoji_code;
  if (emojiCode === undefined) {
    if (input.emoji_name === undefined) {
      throw badRequest('At least one of the following arguments must be present: emoji_name, emoji_code');
    }
    emojiCode = emojiByName(state, input.emoji_name).emojiCode;
  }
  const reactionType = normalizeReactionType(input.reaction_type ?? ReactionType.UNICODE);
  const reaction = state.store.reactions.remove(message.id, user.id, emojiCode, reactionType);
  if (!reaction) throw reactionDoesNotExist();
  state.events.record({ kind: 'reaction_changed', op: 'remove', messageId: message.id, reaction });
}
