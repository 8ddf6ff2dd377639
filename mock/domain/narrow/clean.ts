import type { MessageRecord, UserRecord } from '../../store/store';
import { canRead } from '../messages/access';
import type { MockState } from '../state';
import { parsePythonInt } from '../python-int';
import { badNarrow, badNarrowCombination, type NarrowTerm } from './terms';
import { hasLevel, LEVEL } from '../feature-levels';

/** A `topic` operand naming the empty topic by its display name reads as `""`, as when sending. */
export function withEmptyTopicNames(state: MockState, terms: readonly NarrowTerm[]): NarrowTerm[] {
  return terms.map((term) =>
    term.operator === 'topic' && term.operand === state.realm.empty_topic_display_name ? { ...term, operand: '' } : term,
  );
}

const CONVERSATION_OPERATORS = new Set(['channel', 'stream', 'topic', 'dm', 'pm-with']);

function definesConversation(terms: readonly NarrowTerm[]): boolean {
  const operators = new Set(terms.map((term) => term.operator));
  const channel = operators.has('channel') || operators.has('stream');
  return (channel && operators.has('topic')) || operators.has('dm') || operators.has('pm-with');
}

/**
 * The `dm` operand the server puts in place of a `with` term naming a direct message: a group's
 * members, but for a 1:1 message only its recipient (the message's `Recipient` names one user). So
 * for the user who received that message the narrow is their own self-conversation, as on the
 * server (newest code included).
 */
function withDmOperand(message: MessageRecord): readonly number[] {
  if (message.dm_user_ids.length !== 2) return message.dm_user_ids;
  return message.dm_user_ids.filter((id) => id !== message.sender_id);
}

/**
 * Resolves a `with` term (GET /messages only): the narrow becomes the conversation that now holds
 * that message, plus the other terms that do not name a conversation. When the viewer cannot read
 * the message, the other terms stand if they define a conversation themselves.
 */
export function resolveWithTerm(state: MockState, viewer: UserRecord, terms: readonly NarrowTerm[]): NarrowTerm[] {
  // Before level 271 `with` is an operator like any the server does not know.
  if (!hasLevel(state, LEVEL.withNarrow)) return [...terms];
  const withTerms = terms.filter((term) => term.operator === 'with');
  if (withTerms.length > 1) throw badNarrowCombination("Duplicate 'with' operators.");
  const [withTerm] = withTerms;
  if (!withTerm) return [...terms];
  const others = terms.filter((term) => term !== withTerm);
  const messageId = typeof withTerm.operand === 'string' ? parsePythonInt(withTerm.operand) : Number(withTerm.operand);
  if (messageId === undefined) throw badNarrow("Invalid 'with' operator");
  const message = state.store.tables.message.get(messageId);
  if (!message || !canRead(state, viewer, message)) {
    if (definesConversation(others)) return others;
    throw badNarrow("Invalid 'with' operator");
  }
  const rest = others.filter((term) => !CONVERSATION_OPERATORS.has(term.operator));
  const conversation: NarrowTerm[] =
    message.channel_id === null
      ? [{ operator: 'dm', operand: withDmOperand(message), negated: false }]
      : [
          { operator: 'channel', operand: message.channel_id, negated: false },
          { operator: 'topic', operand: message.topic, negated: false },
        ];
  return [...conversation, ...rest];
}
