import type { ApiErrorInit } from './api-error-base';
import { UnrecognizedApiError } from './api-errors';

/** What the error factory hands {@link ServerError} beyond an API error's fields. */
export interface ServerErrorInit extends ApiErrorInit {
  /** The response's `Content-Type`. */
  readonly contentType?: string | null | undefined;
  /** The response body's text. */
  readonly body?: string | undefined;
  /** The request's method and URL, without the query string. */
  readonly request?: string | undefined;
  /** Requests sent for the call, retries included. */
  readonly attempts?: number | undefined;
  /** The body is not the API's envelope (a proxy's page): `msg` holds its text. */
  readonly page?: boolean | undefined;
}

/** The text of an HTML page (its title and heading come first), tags left out, at most 200 characters. */
export function pageText(body: string): string {
  return body.replace(/(<[^>]*>|\s)+/g, ' ').trim().slice(0, 200);
}

/**
 * The server failed: the last answer to the call (after the retries a retry-safe call gets) had
 * an HTTP 5xx status and no error code this SDK knows. That is the server's own
 * `{"result":"error","msg":"Internal server error"}` (no code), an envelope with a code newer than
 * this SDK, and a page that is not the API's envelope at all: nginx's 502/503/504 page while the
 * server restarts, a proxy's page, an empty body. Nothing says the request was wrong, and
 * trying again later may succeed. A 5xx whose envelope has a known code keeps that code's class.
 *
 * It extends {@link UnrecognizedApiError} (so `ApiError`, with `code` `UNKNOWN` when the server sent
 * none): `msg` is the envelope's message, or a page's text (tags left out); `bodySnippet` the
 * body's first 200 characters as they came; `attempts` how many requests the call sent. A
 * non-retry-safe call (`messages.send`) is not sent again after a 5xx (only after a 429, which
 * comes before the server acts): it may have taken effect.
 *
 * @example
 * const failure = await client.users.me().catch((error: unknown) => error);
 * if (failure instanceof ServerError) console.log(failure.status, failure.attempts, failure.bodySnippet);
 * // get-own-user: server error: "Zulip is restarting Something went wrong." (HTTP 502, text/html) from GET https://chat.example.com/api/v1/users/me, after 3 attempts
 */
export class ServerError extends UnrecognizedApiError {
  override readonly name: string = 'ServerError';

  /** The response's `Content-Type`, if any. */
  readonly contentType: string | null;
  /** The first 200 characters of the body as it came (a JSON body read after retries is re-serialized). */
  readonly bodySnippet: string;
  /** Requests the call sent, retries included (1 when it was not retried, or when not known). */
  readonly attempts: number;

  constructor(init: ServerErrorInit) {
    super(init);
    this.contentType = init.contentType ?? null;
    this.bodySnippet = (init.body ?? '').slice(0, 200);
    this.attempts = init.attempts ?? 1;
    const what = init.page
      ? `${JSON.stringify(init.msg)} (HTTP ${init.status}, ${this.contentType ?? 'no content type'})`
      : `${init.msg} (${init.code}, HTTP ${init.status})`;
    const from = init.request ? ` from ${init.request}` : '';
    const tries = init.attempts === undefined ? '' : init.attempts === 1 ? ', not retried' : `, after ${init.attempts} attempts`;
    this.message = `${init.operation}: server error: ${what}${from}${tries}`;
  }
}
