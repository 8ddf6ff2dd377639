import { badRequest } from './errors';

/** Django's message for a required text field left empty. */
export const BLANK_FIELD = 'This field cannot be blank.';

/** The key of the errors that concern the whole object rather than one field. */
export const WHOLE_OBJECT = '__all__';

/**
 * The errors of a model's `full_clean`, gathered as Django gathers them: each field's check in
 * field order, then the model's own `clean` (under `__all__`, and run even when a field failed),
 * then uniqueness (skipped for fields that failed). The server's `ValidationFailureError` answers
 * the first message as `msg` and all of them as `errors`.
 *
 * @example
 * const pattern = '';
 * const errors = new ModelErrors();
 * if (pattern === '') errors.add('pattern', BLANK_FIELD);
 * errors.throwIfAny(); // throws ApiFailure: { msg: 'This field cannot be blank.', errors: { pattern: [...] } }
 */
export class ModelErrors {
  readonly #byField: Record<string, string[]> = {};

  /** Records a message for a field, or for the whole object under {@link WHOLE_OBJECT}. */
  add(field: string, message: string): void {
    (this.#byField[field] ??= []).push(message);
  }

  /** Whether a field has failed (uniqueness checks leave such fields out). */
  has(field: string): boolean {
    return Object.hasOwn(this.#byField, field);
  }

  /** Throws the server's answer when anything failed: BAD_REQUEST, the first message, and `errors`. */
  throwIfAny(): void {
    const first = Object.values(this.#byField)[0]?.[0];
    if (first !== undefined) throw badRequest(first, { errors: this.#byField });
  }
}
