import * as z from 'zod/mini';

/** An operand: a name, email or search text; an ID; or (for `dm`) a list of user IDs. */
export type NarrowOperand = string | number | readonly number[];

/** A narrow term in the object form the API documents. */
export interface NarrowTermObject {
  readonly operator: string;
  readonly operand: NarrowOperand;
  /** Whether the term excludes what it matches. @default false */
  readonly negated?: boolean;
}

/** A narrow term: the object form, or the legacy `[operator, operand]` pair. */
export type NarrowTermInput = NarrowTermObject | readonly [string, string];

/**
 * The `narrow` parameter: a list of terms. Terms pass through unchecked on the SDK side; the
 * server validates them with its own messages (`Invalid narrow[0]: ...`, `BAD_NARROW`).
 */
export const NarrowParam = z.array(z.custom<NarrowTermInput>());
