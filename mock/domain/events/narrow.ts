import type { MessageRecord, UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { compileNarrow } from '../narrow/compile';
import type { MockState } from '../state';

/** Operators a queue's narrow may use (semantics §9.5). */
const QUEUE_NARROW_OPERATORS = new Set(['channel', 'stream', 'topic', 'sender', 'is']);
/** The `is:` operands the server's event filter tests; any other but `followed` matches everything. */
const QUEUE_NARROW_IS_OPERANDS = new Set(['dm', 'private', 'starred', 'unread', 'alerted', 'mentioned', 'resolved']);
const REFUSED_IS_OPERANDS = new Set(['followed']);

/** Refuses what the server refuses in a queue's narrow. */
export function checkQueueNarrow(narrow: readonly (readonly [string, string])[]): void {
  for (const [operator, operand] of narrow) {
    if (!QUEUE_NARROW_OPERATORS.has(operator)) throw badRequest(`Operator ${operator} not supported.`);
    if (operator === 'is' && REFUSED_IS_OPERANDS.has(operand)) throw badRequest(`Operand ${operand} not supported.`);
  }
}

/**
 * Whether a message matches every term of a queue's narrow, for the user holding `flags`: the
 * narrow engine with the server's event-filter semantics (channels by name, `is:alerted` as
 * `is:mentioned`, a channel or sender that does not exist matches nothing).
 */
export function matchesQueueNarrow(
  state: MockState,
  viewer: UserRecord,
  message: MessageRecord,
  flags: readonly string[],
  narrow: readonly (readonly [string, string])[],
): boolean {
  const terms = narrow
    .filter(([operator, operand]) => operator !== 'is' || QUEUE_NARROW_IS_OPERANDS.has(operand))
    .map(([operator, operand]) => ({ operator, operand, negated: false }));
  const compiled = compileNarrow(state, viewer, terms, 'events');
  return compiled.matches(message, (flag) => flags.includes(flag));
}
