import { ApiFailure, badRequest } from '../errors';
import { pythonStrip } from '../python-strip';

/**
 * One validated narrow term. Operands keep their wire type: the operator decides what it accepts.
 * A boolean stands where an integer may, since Python's `bool` is an `int` (`true` is ID 1).
 */
export interface NarrowTerm {
  readonly operator: string;
  readonly operand: string | number | boolean | readonly (number | boolean)[];
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

/**
 * Operators whose operand may be a string or an integer (a name or an ID), as the server lists
 * them (`operators_supporting_id`): `near` and the underscore spellings take strings only.
 */
const STRING_OR_INT = new Set(['channel', 'stream', 'id', 'sender', 'group-pm-with', 'dm-including', 'with']);
/** Operators whose operand may be a string (emails) or a list of user IDs. */
const STRING_OR_INT_LIST = new Set(['dm', 'pm-with']);

/** Whether Python's `isinstance(value, int)` holds: an integer, or a boolean. */
const isInteger = (value: unknown): value is number | boolean =>
  typeof value === 'boolean' || (typeof value === 'number' && Number.isInteger(value));

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
    return operand as (number | boolean)[];
  }
  if (typeof operand !== 'string') throw badRequest('operand is not a string');
  if (operator === 'search' && pythonStrip(operand) === '') throw badRequest('operand cannot be blank.');
  return operand;
}

function invalidTerm(index: number, detail: string): ApiFailure {
  return badRequest(`Invalid narrow[${index}]: Value error, ${detail}`);
}

/** A term as the server's model reads it before its own checks: a failure, or the raw fields. */
type ModelRead = { readonly failure: ApiFailure } | { readonly operator: string; readonly operand: unknown; readonly negated: boolean };

/**
 * The server's model validation of one term: the legacy pair or the object form, then the
 * strictly typed fields (`operator` a string, `negated` a boolean) in declaration order.
 */
function readTerm(element: unknown, index: number): ModelRead {
  if (Array.isArray(element)) {
    const [operator, operand] = element as unknown[];
    if (element.length !== 2 || typeof operator !== 'string' || typeof operand !== 'string') {
      return { failure: invalidTerm(index, 'element is not a string pair') };
    }
    return { operator, operand, negated: false };
  }
  if (element === null || typeof element !== 'object') return { failure: invalidTerm(index, 'dict or list required') };
  const fields = element as Record<string, unknown>;
  const { operator, operand } = fields;
  if (operand === undefined || operand === null) return { failure: invalidTerm(index, 'operand is missing') };
  if (operator === undefined || operator === null) return { failure: invalidTerm(index, 'operator is missing') };
  if (typeof operator !== 'string') return { failure: badRequest(`narrow[${index}]["operator"] is not a string`) };
  const negated = Object.hasOwn(fields, 'negated') ? fields.negated : false;
  if (typeof negated !== 'boolean') return { failure: badRequest(`narrow[${index}]["negated"] is not a boolean`) };
  return { operator, operand, negated };
}

/**
 * Validates the terms of a `narrow` parameter (already a JSON list), as the server does before
 * anything else: the object form `{operator, operand, negated}` or the legacy `[operator, operand]`
 * pair, with the operand type each operator accepts. Whether operators and operands exist is
 * checked later, in term order, with `BAD_NARROW`.
 */
export function parseNarrow(elements: readonly unknown[]): NarrowTerm[] {
  // The model's failures are collected and the first reported at the end, but an operand check
  // (the model's after-validator) fails at once: a bad operand in a later term wins.
  let firstFailure: ApiFailure | undefined;
  const terms: NarrowTerm[] = [];
  for (let index = 0; index < elements.length; index++) {
    const read = readTerm(elements[index], index);
    if ('failure' in read) {
      firstFailure ??= read.failure;
      continue;
    }
    terms.push({ operator: read.operator, operand: checkOperand(read.operator, read.operand), negated: read.negated });
  }
  if (firstFailure) throw firstFailure;
  return terms;
}
