import { ApiErrorBase, type ApiErrorInit, numberField, stringField } from './api-error-base';

/**
 * `BAD_REQUEST`: the generic invalid-request error.
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: '   ' }).catch((error: unknown) => error);
 * if (failure instanceof BadRequestError) console.log(failure.message);
 */
export class BadRequestError extends ApiErrorBase<'BAD_REQUEST'> {
  override readonly name: string = 'BadRequestError';

  /**
   * A rejected linkifier's or code playground's problems by field (`pattern`, `url_template`, ...;
   * `__all__` for the whole object), each field's messages in order; `msg` is the first of them.
   */
  readonly errors?: Readonly<Record<string, readonly string[]>>;

  constructor(init: ApiErrorInit) {
    super(init);
    const errors = init.data['errors'];
    if (typeof errors === 'object' && errors !== null && !Array.isArray(errors)) this.errors = errors as Record<string, readonly string[]>;
  }
}

/**
 * `REQUEST_VARIABLE_MISSING`: a required parameter was not sent; `var_name` names it.
 *
 * @example
 * const failure = await client.request('POST', '/messages', { type: 'channel', to: 'Verona', topic: 't' }).catch((error: unknown) => error);
 * if (failure instanceof RequestVariableMissingError) console.log(failure.message);
 */
export class RequestVariableMissingError extends ApiErrorBase<'REQUEST_VARIABLE_MISSING'> {
  override readonly name: string = 'RequestVariableMissingError';

  /** The missing parameter. */
  readonly var_name?: string;

  constructor(init: ApiErrorInit) {
    super(init);
    this.var_name = stringField(init.data, 'var_name');
  }
}

/**
 * `REQUEST_CONFUSING_VAR`: a parameter and its alias were both sent.
 *
 * @example
 * // `subject` is the older name of `topic`: both at once is ambiguous.
 * const failure = await client.request('PATCH', `/messages/${id}`, { topic: 'plans', subject: 'lunch' }).catch((error: unknown) => error);
 * if (failure instanceof RequestConfusingVarError) console.log(failure.message);
 */
export class RequestConfusingVarError extends ApiErrorBase<'REQUEST_CONFUSING_VAR'> {
  override readonly name: string = 'RequestConfusingVarError';

  readonly var_name1?: string;
  readonly var_name2?: string;

  constructor(init: ApiErrorInit) {
    super(init);
    this.var_name1 = stringField(init.data, 'var_name1');
    this.var_name2 = stringField(init.data, 'var_name2');
  }
}

/**
 * `REQUEST_VARIABLE_INVALID`: a parameter's value could not be read as the setting needs (a time
 * limit or retention period); `var_name` names it, and `data.bad_value` echoes the value.
 *
 * @example
 * const failure = await client.realm.update({ message_content_edit_limit_seconds: 0 }).catch((error: unknown) => error);
 * if (failure instanceof RequestVariableInvalidError) console.log(failure.var_name);
 */
export class RequestVariableInvalidError extends ApiErrorBase<'REQUEST_VARIABLE_INVALID'> {
  override readonly name: string = 'RequestVariableInvalidError';

  /** The parameter whose value was refused. */
  readonly var_name?: string;

  constructor(init: ApiErrorInit) {
    super(init);
    this.var_name = stringField(init.data, 'var_name');
  }
}

/**
 * `EXPECTATION_MISMATCH`: the `old` value (or `prev_content_sha256`) a change was made against
 * is no longer current; fetch again and retry.
 *
 * @example
 * const failure = await client.realm.update({ can_resolve_topics_group: { new: 11, old: 12 } }).catch((error: unknown) => error);
 * if (failure instanceof ExpectationMismatchError) console.log(failure.message);
 */
export class ExpectationMismatchError extends ApiErrorBase<'EXPECTATION_MISMATCH'> {
  override readonly name: string = 'ExpectationMismatchError';
}

/**
 * `RATE_LIMIT_HIT` (HTTP 429): `retry_after` seconds to wait.
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof RateLimitError) console.log(failure.message);
 */
export class RateLimitError extends ApiErrorBase<'RATE_LIMIT_HIT'> {
  override readonly name: string = 'RateLimitError';

  /** Seconds to wait before retrying (the envelope's `retry-after`). */
  readonly retry_after?: number;

  constructor(init: ApiErrorInit) {
    super(init);
    this.retry_after = numberField(init.data, 'retry-after');
  }
}

/**
 * `BAD_EVENT_QUEUE_ID`: the event queue is unknown or expired; register a new one.
 *
 * @example
 * const failure = await client.events.get({ queue_id: 'a-queue-the-server-dropped', last_event_id: -1 }).catch((error: unknown) => error);
 * if (failure instanceof BadEventQueueIdError) console.log(failure.message);
 */
export class BadEventQueueIdError extends ApiErrorBase<'BAD_EVENT_QUEUE_ID'> {
  override readonly name: string = 'BadEventQueueIdError';

  readonly queue_id?: string;

  constructor(init: ApiErrorInit) {
    super(init);
    this.queue_id = stringField(init.data, 'queue_id');
  }
}
