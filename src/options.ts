import type { ValidationMode } from './transport/call-options';
import type { ClientLogger, LogLevel } from './transport/logger';

/** Who is told about parameters the server ignored. */
export interface IgnoredParametersInfo {
  /** The operation (`send-message`, or `METHOD /path` for `client.request`). */
  readonly operation: string;
  /** The names the server listed in `ignored_parameters_unsupported`. */
  readonly parameters: readonly string[];
}

/** Options of {@link ChatClient}. */
export interface ChatClientOptions {
  /**
   * The server's address, e.g. `https://chat.example.com`, read as the reference Python client
   * reads it: a bare host means https (one starting with `localhost` http), trailing slashes go,
   * and `/api/v1` is appended (`/v1` to a site already ending in `/api`, nothing to one ending in
   * `/api/v1`). A bare host whose server
   * speaks plain HTTP fails the TLS handshake: the `NetworkError` then says to write `http://`.
   */
  readonly site: string;
  /**
   * The account's API email address (the HTTP Basic user name). Not needed for unauthenticated
   * operations; given with `apiKey` or not at all.
   */
  readonly email?: string | undefined;
  /** The account's API key. Never printed: errors, logs and `toString()` redact it. */
  readonly apiKey?: string | undefined;
  /**
   * Milliseconds each attempt may take, from sending the request to the last byte of the
   * response body. An attempt that takes longer fails with `TimeoutError` (and is retried when
   * the operation is retry-safe). One beyond 2^31 - 1 ms (about 24.8 days, the longest a timer
   * waits), `Infinity` included, waits that long.
   * @default 30000
   */
  readonly timeout?: number | undefined;
  /**
   * Retries of an operation declared retry-safe (`endpoint.retrySafe`: reads and idempotent
   * writes) after a network error, a timeout, or HTTP 408, 429, 500, 502, 503 or 504, with
   * exponential backoff (0.3 s, 0.6 s, ...) and the server's wait when it names one
   * (`Retry-After`, `X-RateLimit-Reset`, the envelope's `retry-after`). Other operations, such as
   * `messages.send`, and `client.request()` are retried only after a 429, which the server sends
   * before acting on the request.
   * @default 2
   */
  readonly maxRetries?: number | undefined;
  /**
   * The longest wait, in milliseconds, the server may ask for before a retry. When it asks for
   * more (a `Retry-After` of an hour), the call fails at once with the error, whose
   * `retry_after` says how long the server wants.
   * @default 60000
   */
  readonly maxRetryWait?: number | undefined;
  /**
   * Text appended to the `User-Agent` header (e.g. your bot's name and version). The server
   * derives the client name from the first word of the header.
   * @default undefined
   */
  readonly userAgent?: string | undefined;
  /**
   * The fetch implementation, e.g. to route requests through a proxy or a test double.
   * @default globalThis.fetch
   */
  readonly fetch?: typeof globalThis.fetch | undefined;
  /**
   * Called whenever a success response lists `ignored_parameters_unsupported`. The list also
   * stays in the returned body. Default: no callback.
   * @default undefined
   */
  readonly onIgnoredParameters?: ((info: IgnoredParametersInfo) => void) | undefined;
  /**
   * Pace requests by the server's rate limit: when the last response said no requests are left
   * (`X-RateLimit-Remaining: 0`), wait until its `X-RateLimit-Reset` before sending the next.
   * Only the caller's main budget paces: the event queue's long-polls and logins
   * (`server.fetchApiKey`) are counted in budgets of their own and are neither paced nor read.
   * Without it, the server refuses a request beyond the budget (429 `RATE_LIMIT_HIT`, before it
   * acts): every call waits the server's `retry_after` and is sent again when `maxRetries` and
   * `maxRetryWait` allow, returning late, and fails with `RateLimitError` otherwise.
   * @default false
   */
  readonly paceRequests?: boolean | undefined;
  /**
   * What a response that does not match the operation's schema does: `strict` throws
   * `ResponseValidationError`, `warn` logs a warning through `logger` and returns the body as
   * received, `off` skips the check. Unknown fields are kept in every mode. Per call: `{ validate }`.
   * @default 'strict'
   */
  readonly validate?: ValidationMode | undefined;
  /**
   * Where the client logs: any console-like object (`console`, pino, ...). At `debug`, every
   * attempt of every call (operation, method, path, attempt, status, milliseconds); at `warn`,
   * responses that fail validation in `warn` mode. Headers, parameters and bodies are never
   * logged, so neither are credentials.
   * @default undefined (nothing is logged)
   */
  readonly logger?: ClientLogger | undefined;
  /**
   * The least severe level passed to `logger`.
   * @default 'warn'
   */
  readonly logLevel?: LogLevel | undefined;
  /**
   * The server's feature level, when you know it. Without it the client learns the level from
   * the first `POST /register` or `GET /server_settings` response, or asks `GET /server_settings`
   * once, when a call's encoding first depends on it.
   * @default undefined (learned from the server)
   */
  readonly featureLevel?: number | undefined;
}
