import { type NarrowInput, toNarrowTerms } from '../narrow';
import type { NarrowTermInput, NarrowTermObject } from '../schemas/narrow';

/** One term of an event queue's narrow: the `[operator, operand]` pair `POST /register` takes. */
export type QueueNarrowPair = [operator: string, operand: string];

const WHAT = "an event queue's narrow (POST /register)";

function partsOf(term: NarrowTermInput): [operator: unknown, operand: unknown, negated: boolean] {
  if (Array.isArray(term)) return [term[0], term[1], false];
  const object = term as NarrowTermObject;
  return [object.operator, object.operand, object.negated === true];
}

/**
 * An event queue's narrow as `POST /register` takes it: a `Narrow` or terms in either form,
 * as `messages.list` takes them, turned into `[operator, operand]` string pairs. That form has no
 * negation, and the server takes only string operands (a channel by name, a sender by email), so
 * a negated term or another operand is a `TypeError`, thrown before any request: sent as text,
 * `channel` 12 would match only a channel named "12".
 *
 * @example
 * toQueueNarrow(narrow().channel('Verona').topic('lunch')); // [['channel', 'Verona'], ['topic', 'lunch']]
 * toQueueNarrow([{ operator: 'is', operand: 'dm' }, ['sender', 'iago@zulip.com']]); // [['is', 'dm'], ['sender', 'iago@zulip.com']]
 */
export function toQueueNarrow(input: NarrowInput): QueueNarrowPair[] {
  return toNarrowTerms(input).map((term, index) => {
    const [operator, operand, negated] = partsOf(term);
    const shown = `narrow[${index}] (${negated ? 'not ' : ''}${String(operator)} ${JSON.stringify(operand)})`;
    if (negated) throw new TypeError(`${shown}: ${WHAT} cannot negate; skip those messages in the loop instead`);
    if (typeof operator !== 'string' || typeof operand !== 'string') {
      throw new TypeError(`${shown}: ${WHAT} takes strings only (a channel by name, a sender by email)`);
    }
    return [operator, operand];
  });
}
