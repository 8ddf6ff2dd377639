/** Options of one call, overriding the client's defaults. */
export interface CallOptions {
  /** Aborts the call; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /** Milliseconds for each attempt, body included (at most 2^31 - 1, about 24.8 days). @default the client's `timeout` */
  readonly timeout?: number | undefined;
  /** Retries of a retry-safe call, and of any call after a 429. @default the client's `maxRetries` */
  readonly maxRetries?: number | undefined;
  /**
   * Extra request headers, set over the client's own (`User-Agent`, `Accept`, `Authorization`).
   * @default undefined
   */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** How to treat a response that does not match its schema. @default the client's `validate` */
  readonly validate?: ValidationMode | undefined;
}

/**
 * What a response that does not match the operation's schema does: `strict` throws
 * `ResponseValidationError`, `warn` logs a warning and returns the body as received, `off`
 * returns the body without checking it. Unknown fields are kept in every mode.
 */
export type ValidationMode = 'strict' | 'warn' | 'off';
