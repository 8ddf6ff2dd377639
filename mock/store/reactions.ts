/** The namespaces of `emoji_code`: unicode code points, custom emoji IDs, the server's extra emoji. */
export type ReactionTypeName = 'unicode_emoji' | 'realm_emoji' | 'service_extra_emoji';

/** One user's emoji reaction on a message, as stored (frozen). */
export interface ReactionRecord {
  readonly user_id: number;
  readonly emoji_name: string;
  /** Unique within its `reaction_type`: code points, a realm emoji's ID, or an extra emoji's name. */
  readonly emoji_code: string;
  readonly reaction_type: ReactionTypeName;
}

const NONE: readonly ReactionRecord[] = Object.freeze([]);

function sameEmoji(reaction: ReactionRecord, emojiCode: string, reactionType: string): boolean {
  return reaction.emoji_code === emojiCode && reaction.reaction_type === reactionType;
}

/**
 * The reactions of every message, kept per message in the order they were added (the Message
 * object lists them oldest first). Lookups are by message ID; a message has few reactions.
 */
export class MessageReactions {
  readonly #byMessage = new Map<number, readonly ReactionRecord[]>();

  /** A message's reactions, oldest first (a frozen snapshot). */
  of(messageId: number): readonly ReactionRecord[] {
    return this.#byMessage.get(messageId) ?? NONE;
  }

  /** The user's reaction with this emoji on the message, if any. */
  find(messageId: number, userId: number, emojiCode: string, reactionType: string): ReactionRecord | undefined {
    return this.of(messageId).find((reaction) => reaction.user_id === userId && sameEmoji(reaction, emojiCode, reactionType));
  }

  /** The oldest reaction with this emoji on the message, by anyone. */
  firstWithEmoji(messageId: number, emojiCode: string, reactionType: string): ReactionRecord | undefined {
    return this.of(messageId).find((reaction) => sameEmoji(reaction, emojiCode, reactionType));
  }

  /** Adds a reaction after the message's existing ones; returns the stored record. */
  add(messageId: number, reaction: ReactionRecord): ReactionRecord {
    const stored = Object.freeze({ ...reaction });
    this.#byMessage.set(messageId, Object.freeze([...this.of(messageId), stored]));
    return stored;
  }

  /** Removes the user's reaction with this emoji; returns it, or undefined when there was none. */
  remove(messageId: number, userId: number, emojiCode: string, reactionType: string): ReactionRecord | undefined {
    const removed = this.find(messageId, userId, emojiCode, reactionType);
    if (!removed) return undefined;
    const rest = this.of(messageId).filter((reaction) => reaction !== removed);
    if (rest.length === 0) this.#byMessage.delete(messageId);
    else this.#byMessage.set(messageId, Object.freeze(rest));
    return removed;
  }

  /** Drops every reaction of a deleted message. */
  removeMessage(messageId: number): void {
    this.#byMessage.delete(messageId);
  }
}
