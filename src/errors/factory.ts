import type { ErrorEnvelope } from '../schemas/common';
import { API_ERROR_CLASSES, type ApiError, UnrecognizedApiError } from './api-errors';
import { ServerError } from './server-error';

/** The code reported when an error envelope has none (HTTP 405, 500). */
export const UNKNOWN_ERROR_CODE = 'UNKNOWN';

/** What the error factory reads of the response an envelope came in. */
export interface ErrorResponse {
  readonly status: number;
  readonly headers?: Headers;
  /** For a {@link ServerError}: the `Content-Type`, the body's text and the requests sent. */
  readonly contentType?: string | null;
  readonly text?: string;
  readonly attempts?: number;
}

/**
 * The one place that turns an error envelope into an error instance: the class is chosen
 * by `code`, and every extra envelope field is kept in `data`. A code this SDK does not know (or
 * none) is an {@link UnrecognizedApiError}, and with a 5xx status a {@link ServerError}.
 * `request` (method and URL, without the query) is named by a `ServerError`.
 *
 * @example
 * const error = createApiError({ result: 'error', msg: 'Invalid message(s)', code: 'BAD_REQUEST' }, { status: 400 }, 'get-message');
 * error instanceof BadRequestError; // true
 * createApiError({ result: 'error', msg: 'Internal server error' }, { status: 500 }, 'get-message') instanceof ServerError; // true
 */
export function createApiError(envelope: ErrorEnvelope, response: ErrorResponse, operation: string, request?: string): ApiError {
  const { result: _result, msg, code, ...data } = envelope;
  const { status, headers = new Headers() } = response;
  const init = { operation, status, headers, code: code ?? UNKNOWN_ERROR_CODE, msg, data };
  if (Object.hasOwn(API_ERROR_CLASSES, init.code)) return new API_ERROR_CLASSES[init.code as keyof typeof API_ERROR_CLASSES](init);
  if (status < 500) return new UnrecognizedApiError(init);
  return new ServerError({ ...init, contentType: response.contentType, body: response.text, attempts: response.attempts, request });
}
