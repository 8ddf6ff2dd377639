import { badRequest } from '../errors';
import { hasLevel, LEVEL } from '../feature-levels';
import { RESOLVED_TOPIC_PREFIX } from '../messages/edit/request';
import type { MockState } from '../state';

/** Operators a queue's narrow may use (semantics §9.5); `channel` from level 250. */
const QUEUE_NARROW_OPERATORS = new Set(['channel', 'stream', 'topic', 'sender', 'is']);
const REFUSED_IS_OPERANDS = new Set(['followed']);

/** Refuses what the server refuses in a queue's narrow. */
export function checkQueueNarrow(state: Pick<MockState, 'featureLevel'>, narrow: readonly (readonly [string, string])[]): void {
  for (const [operator, operand] of narrow) {
    const known = QUEUE_NARROW_OPERATORS.has(operator) && (operator !== 'channel' || hasLevel(state, LEVEL.channelNarrows));
    if (!known) throw badRequest(`Operator ${operator} not supported.`);
    // Before level 265 the event filter did not know `is:followed`, and tested nothing for it.
    if (operator === 'is' && REFUSED_IS_OPERANDS.has(operand) && hasLevel(state, LEVEL.followedNarrow)) throw badRequest(`Operand ${operand} not supported.`);
  }
}

/** The fields of a `message` event's payload that a queue's narrow reads. */
export interface NarrowedPayload {
  readonly type: string;
  readonly display_recipient: unknown;
  readonly subject: string;
  readonly sender_email: string;
}

const sameText = (operand: string, value: unknown) => typeof value === 'string' && operand.toLowerCase() === value.toLowerCase();

function satisfies(operator: string, operand: string, message: NarrowedPayload, flags: readonly string[], level: number): boolean {
  const inChannel = message.type === 'stream';
  switch (operator) {
    case 'channel':
    case 'stream':
      return inChannel && sameText(operand, message.display_recipient);
    case 'topic':
      return inChannel && sameText(operand, message.subject);
    case 'sender':
      // Unlike a history narrow, which looks the user up (trimming the address), the event filter
      // compares the operand as given.
      return sameText(operand, message.sender_email);
    case 'is':
      // Below level 177 the filter knew `is:private` alone: `is:dm` tested nothing.
      if (operand === 'private' || (operand === 'dm' && level >= LEVEL.dmNarrows)) return !inChannel;
      if (operand === 'starred') return flags.includes('starred');
      if (operand === 'unread') return !flags.includes('read');
      if (operand === 'alerted' || operand === 'mentioned') return flags.includes('mentioned');
      if (operand === 'resolved') return inChannel && message.subject.startsWith(RESOLVED_TOPIC_PREFIX);
      // Any other `is:` operand the event filter does not test.
      return true;
    default:
      return true;
  }
}

/**
 * Whether a `message` event matches every term of a queue's narrow: the server's event filter,
 * which reads the payload as that queue receives it (so the empty topic is "general chat" to a
 * queue without `empty_topic_name`, and a hidden sender goes by the placeholder address), case-
 * insensitively, and a channel or sender that does not exist simply matches nothing.
 */
export function matchesQueueNarrow(
  state: Pick<MockState, 'featureLevel'>,
  message: NarrowedPayload,
  flags: readonly string[],
  narrow: readonly (readonly [string, string])[],
): boolean {
  return narrow.every(([operator, operand]) => satisfies(operator, operand, message, flags, state.featureLevel));
}
