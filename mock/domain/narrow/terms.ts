import { ApiFailure, badRequest } from '../errors';

/** One validated narrow term. Operands keep their wire type: the operator decides what it accepts. */
export interface NarrowTerm {
  readonly operator: string;
  readonly operand: string | number | readonly number[];
  readonly negated: boolean;
}

/** `BAD_NARROW` with the server's wording: `Invalid narrow operator: <desc>`. */
export function badNarrow(desc: string): ApiFailure {
  return new ApiFailure(`Invalid narrow operator: ${desc}`, 'BAD_NARROW', 400, { desc });
}

/** `BAD_NARROW` for terms that cannot go together: `Invalid narrow operator combination: <desc>`. */
export function badNarrowCombination(desc: string): ApiFailure {
  return new ApiFailure(`Invalid narrow operator combination: ${desc}`, 'BAD_NARROW', 400, { desc });
}

/** Operators whose operand may be a string or an integer (a name or an ID). */
const STRING_OR_INT = new Set([
  'channel',
  'stream',
  'id',
  'sender',
  'group-pm-with',
  'group_pm_with',
  'dm-including',
  'with',
  'near',
]);
/** Operators whose operand may be a string (emails) or a list of user IDs. */
const STRING_OR_INT_LIST = new Set(['dm', 'pm-with', 'pm_with']);

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

function checkOperand(operator: string, operand: unknown): NarrowTerm['operand'] {
  if (STRING_OR_INT.has(operator)) {
    if (typeof operand === 'string' || isInteger(operand)) return operand;
    throw badRequest('operand is not a string or integer');
  }
  if (STRING_OR_INT_LIST.has(operator)) {
    if (typeof operand === 'string') return operand;
    if (!Array.isArray(operand)) throw badRequest('operand is not a string or an integer list');
    const index = operand.findIndex((item) => !isInteger(item));
    if (index >= 0) throw badRequest(`operand[${index}] is not an integer`);
    return operand as number[];
  }
  if (typeof operand !== 'string') throw badRequest('operand is not a string');
  if (operator === 'search' && operand.trim() === '') throw badRequest('operand cannot be blank.');
  return operand;
}

function invalidTerm(index: number, detail: string): ApiFailure {
  return badRequest(`Invalid narrow[${index}]: Value error, ${detail}`);
}

function parseTerm(element: unknown, index: number): NarrowTerm {
  if (Array.isArray(element)) {
    const [operator, operand] = element as unknown[];
    if (element.length !== 2 || typeof operator !== 'string' || typeof operand !== 'string') {
      throw invalidTerm(index, 'element is not a string pair');
    }
    return { operator, operand: checkOperand(operator, operand), negated: false };
  }
  if (element === null || typeof element !== 'object') throw invalidTerm(index, 'dict or list required');
  const { operator, operand, negated = false } = element as Record<string, unknown>;
  if (operand === undefined || operand === null) throw invalidTerm(index, 'operand is missing');
  if (operator === undefined || operator === null) throw invalidTerm(index, 'operator is missing');
  const checked = checkOperand(String(operator), operand);
  if (typeof operator !== 'string') throw badRequest('operator is not a string');
  if (typeof negated !== 'boolean') throw badRequest('negated is not a boolean');
  return { operator, operand: checked, negated };
}

/**
 * Validates the terms of a `narrow` parameter (already a JSON list), as the server does before
 * anything else: the object form `{operator, operand, negated}` or the legacy `[operator, operand]`
 * pair, with the operand type each operator accepts. Whether operators and operands exist is
 * checked later, in term order, with `BAD_NARROW`.
 */
export function parseNarrow(elements: readonly unknown[]): NarrowTerm[] {
  return elements.map(parseTerm);
}
