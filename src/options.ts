/** Who is told about parameters the server ignored. */
export interface IgnoredParametersInfo {
  /** The operation (`send-message`, or `METHOD /path` for `client.request`). */
  readonly operation: string;
  /** The names the server listed in `ignored_parameters_unsupported`. */
  readonly parameters: readonly string[];
}

/** Options of {@link ChatClient}. */
export interface ChatClientOptions {
  /** The server's address, e.g. `https://chat.example.com`; `/api/v1` is appended. */
  readonly site: string;
  /** The account's API email address (the HTTP Basic user name). Not needed for unauthenticated operations. */
  readonly email?: string;
  /** The account's API key. Never printed: errors, logs and `toString()` redact it. */
  readonly apiKey?: string;
  /**
   * Milliseconds to wait for each attempt's response.
   * @default 30000
   */
  readonly timeout?: number;
  /**
   * Retries of an operation marked retry-safe after a network error, a timeout, HTTP 429 or 5xx.
   * Other operations are never retried.
   * @default 2
   */
  readonly maxRetries?: number;
  /**
   * Text appended to the `User-Agent` header (e.g. your bot's name and version). The server
   * derives the client name from the first word of the header.
   * @default undefined
   */
  readonly userAgent?: string;
  /**
   * The fetch implementation, e.g. to route requests through a proxy or a test double.
   * @default globalThis.fetch
   */
  readonly fetch?: typeof globalThis.fetch;
  /**
   * Called whenever a success response lists `ignored_parameters_unsupported`. The list also
   * stays in the returned body. Default: no callback.
   * @default undefined
   */
  readonly onIgnoredParameters?: (info: IgnoredParametersInfo) => void;
}
