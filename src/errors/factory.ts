import type { ErrorEnvelope } from '../schemas/common';
import { API_ERROR_CLASSES, type ApiError, UnrecognizedApiError } from './api-errors';

/** The code reported when an error envelope has none (HTTP 405, 500). */
export const UNKNOWN_ERROR_CODE = 'UNKNOWN';

/**
 * The one place that turns an error envelope into an error instance: the class is chosen
 * by `code`, and every extra envelope field is kept in `data`.
 *
 * @example
 * const error = createApiError({ result: 'error', msg: 'Invalid message(s)', code: 'BAD_REQUEST' }, { status: 400 }, 'get-message');
 * error instanceof BadRequestError; // true
 */
export function createApiError(
  envelope: ErrorEnvelope,
  response: { readonly status: number; readonly headers?: Headers },
  operation: string,
): ApiError {
  const { result: _result, msg, code, ...data } = envelope;
  const { status, headers = new Headers() } = response;
  const init = { operation, status, headers, code: code ?? UNKNOWN_ERROR_CODE, msg, data };
  const ErrorClass = Object.hasOwn(API_ERROR_CLASSES, init.code)
    ? API_ERROR_CLASSES[init.code as keyof typeof API_ERROR_CLASSES]
    : UnrecognizedApiError;
  return new ErrorClass(init);
}
