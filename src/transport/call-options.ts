/** Options of one call, overriding the client's defaults. */
export interface CallOptions {
  /** Aborts the call; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /** Milliseconds for each attempt, body included. @default the client's `timeout` */
  readonly timeout?: number | undefined;
  /** Retries of a retry-safe call. @default the client's `maxRetries` */
  readonly maxRetries?: number | undefined;
  /**
   * Extra request headers, set over the client's own (`User-Agent`, `Accept`, `Authorization`).
   * @default undefined
   */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}
