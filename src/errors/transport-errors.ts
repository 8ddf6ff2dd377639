import { TeamChatError } from './base';
import { pageText } from './server-error';

/**
 * The request never got an HTTP response: DNS, refused connection, reset, CORS, abort.
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof NetworkError) console.log(failure.message);
 */
export class NetworkError extends TeamChatError {
  override readonly name: string = 'NetworkError';

  /**
   * Requests sent, retries included: more than 1 when the call was retried (a retry-safe call
   * after failures, a send after a 429). A send is never sent again after a network error, which
   * may have reached the server, whatever this count: look before sending it again.
   */
  readonly attempts: number;

  /** `attempts`: the requests the call sent, retries included. */
  constructor(message: string, operation: string, options?: ErrorOptions, attempts = 1) {
    super(message, operation, options);
    this.attempts = attempts;
  }
}

/**
 * No response arrived within the client's `timeout`. A retried call's message says how many
 * attempts were made and how long they took in all, retry waits included:
 * `get-events: no response within 30000 ms, 3 attempts over 90.9 s`.
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof TimeoutError) console.log(failure.message);
 */
export class TimeoutError extends TeamChatError {
  override readonly name: string = 'TimeoutError';

  /** The timeout that elapsed, in milliseconds: each attempt's, not the call's. */
  readonly timeoutMs: number;
  /** Requests sent: more than 1 when the call was retried (after timeouts, or answers it may retry). */
  readonly attempts: number;

  /** `elapsedMs`: the whole call's duration, named in the message when there was more than one attempt. */
  constructor(operation: string, timeoutMs: number, options?: ErrorOptions, attempts = 1, elapsedMs = timeoutMs) {
    const over = attempts > 1 ? `, ${attempts} attempts over ${(elapsedMs / 1000).toFixed(1)} s` : '';
    super(`${operation}: no response within ${timeoutMs} ms${over}`, operation, options);
    this.timeoutMs = timeoutMs;
    this.attempts = attempts;
  }
}

/**
 * The server answered with something that is not the API's JSON envelope, with a status below
 * 500: another site's page (a wrong `site`), nginx's 413 page for a body over its limit, a 200
 * that is not JSON. (Such an answer with a 5xx status is a {@link ServerError}.) The
 * message names the request's method and URL (without its query string) and the start of the
 * body's text, tags left out.
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof UnexpectedResponseError) console.log(failure.message);
 * // send-message: expected a JSON envelope but got HTTP 404 (text/html) from POST https://chat.example.com/api/v1/messages: "404 Not Found 404 Not Found nginx"
 */
export class UnexpectedResponseError extends TeamChatError {
  override readonly name: string = 'UnexpectedResponseError';

  /** HTTP status of the response. */
  readonly status: number;
  /** The response's `Content-Type`, if any. */
  readonly contentType: string | null;
  /** The first 200 characters of the body, to help diagnose it. */
  readonly bodySnippet: string;

  /** `request` is the method and URL, without the query string (which may carry parameters). */
  constructor(operation: string, status: number, contentType: string | null, body: string, request: string) {
    const snippet = body.slice(0, 200);
    // An HTML page's text, not its markup, fits the message: its title and heading come first.
    const text = pageText(body);
    super(
      `${operation}: expected a JSON envelope but got HTTP ${status}` +
        ` (${contentType ?? 'no content type'}) from ${request}: ${JSON.stringify(text)}`,
      operation,
    );
    this.status = status;
    this.contentType = contentType;
    this.bodySnippet = snippet;
  }
}

/**
 * A success response did not match the operation's response schema (a required field is missing).
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof ResponseValidationError) console.log(failure.message);
 */
export class ResponseValidationError extends TeamChatError {
  override readonly name: string = 'ResponseValidationError';

  /** The schema issues, as zod reports them. */
  readonly issues: readonly { path: readonly PropertyKey[]; message: string }[];

  constructor(operation: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const summary = issues
      .slice(0, 3)
      .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
      .join('; ');
    super(`${operation}: the response does not match its schema: ${summary}`, operation);
    this.issues = issues;
  }
}
