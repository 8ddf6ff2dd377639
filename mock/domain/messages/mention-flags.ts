import type { MessageFlag } from '../../store/user-messages';
import type { Mentions } from '../markdown/render';
import type { MockState } from '../state';
import { mentionedUserIds, topicParticipantIds } from './mentions';

const NO_USERS: ReadonlySet<number> = new Set();

/** What decides the mention flags of each copy of a message. */
export interface MentionFlagContext {
  readonly mentions: Mentions;
  readonly senderId: number;
  /** Topic wildcards only count in channel messages. */
  readonly isChannelMessage: boolean;
  /** Users mentioned directly or through a group. */
  readonly mentioned: ReadonlySet<number>;
  /** Who had taken part in the topic (never anyone for direct messages). */
  readonly topicParticipants: ReadonlySet<number>;
}

/** The context for a message's mentions, sent or edited, to a channel topic or not. */
export function mentionFlagContext(
  state: MockState,
  senderId: number,
  mentions: Mentions,
  where: { readonly channelId: number; readonly topic: string } | undefined,
): MentionFlagContext {
  return {
    mentions,
    senderId,
    isChannelMessage: where !== undefined,
    mentioned: mentionedUserIds(state, mentions),
    // Only a topic wildcard asks who took part, so other messages skip the lookup.
    topicParticipants:
      where && mentions.topicWildcard ? topicParticipantIds(state, where.channelId, where.topic) : NO_USERS,
  };
}

/**
 * The mention flags of one user's copy, in the server's order: `mentioned` for users mentioned
 * directly or through a group, `stream_wildcard_mentioned` for everyone, and
 * `topic_wildcard_mentioned` for the topic's participants (the sender included).
 */
export function mentionFlags(context: MentionFlagContext, userId: number): MessageFlag[] {
  const flags: MessageFlag[] = [];
  if (context.mentioned.has(userId)) flags.push('mentioned');
  if (context.mentions.channelWildcard) flags.push('stream_wildcard_mentioned');
  const isParticipant = userId === context.senderId || context.topicParticipants.has(userId);
  if (context.isChannelMessage && context.mentions.topicWildcard && isParticipant) flags.push('topic_wildcard_mentioned');
  return flags;
}

/** The flags whose value follows from the content: recomputed when the content changes. */
export const MENTION_FLAGS: readonly MessageFlag[] = ['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned'];
