import type { MessageRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';

/** Operators a queue's narrow may use (semantics §9.5). */
const QUEUE_NARROW_OPERATORS = new Set(['channel', 'stream', 'topic', 'sender', 'is']);
const QUEUE_NARROW_IS_OPERANDS = new Set(['dm', 'private', 'starred', 'unread', 'alerted', 'mentioned', 'resolved']);

/** Refuses what the server refuses in a queue's narrow. */
export function checkQueueNarrow(narrow: readonly (readonly [string, string])[]): void {
  for (const [operator, operand] of narrow) {
    if (!QUEUE_NARROW_OPERATORS.has(operator)) throw badRequest(`Operator ${operator} not supported.`);
    if (operator === 'is' && !QUEUE_NARROW_IS_OPERANDS.has(operand)) {
      throw badRequest(`Operand ${operand} not supported.`);
    }
  }
}

/** The channel a narrow names, if any: such a queue receives that public channel's messages. */
export function narrowChannelName(narrow: readonly (readonly [string, string])[]): string | undefined {
  return narrow.find(([operator]) => operator === 'channel' || operator === 'stream')?.[1];
}

const RESOLVED_PREFIX = '✔ ';

/** Whether a message matches every term of a queue's narrow, for the user holding `flags`. */
export function matchesQueueNarrow(
  state: MockState,
  message: MessageRecord,
  flags: readonly string[],
  narrow: readonly (readonly [string, string])[],
): boolean {
  return narrow.every(([operator, operand]) => {
    const wanted = operand.toLowerCase();
    switch (operator) {
      case 'channel':
      case 'stream': {
        const channel = message.channel_id === null ? undefined : state.store.tables.channel.get(message.channel_id);
        return channel?.name.toLowerCase() === wanted;
      }
      case 'topic':
        return message.type === 'stream' && message.topic.toLowerCase() === wanted;
      case 'sender':
        return state.store.tables.user.get(message.sender_id)?.email.toLowerCase() === wanted;
      default:
        return matchesIs(message, flags, operand);
    }
  });
}

function matchesIs(message: MessageRecord, flags: readonly string[], operand: string): boolean {
  switch (operand) {
    case 'dm':
    case 'private':
      return message.type === 'private';
    case 'starred':
      return flags.includes('starred');
    case 'unread':
      return !flags.includes('read');
    case 'alerted':
    case 'mentioned':
      return flags.includes('mentioned');
    default:
      return message.type === 'stream' && message.topic.startsWith(RESOLVED_PREFIX);
  }
}
