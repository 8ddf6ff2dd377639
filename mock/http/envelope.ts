import { ApiFailure } from '../domain/errors';
import type { MockLogger } from '../domain/state';

/** A success envelope: `result`, empty `msg`, then the payload. */
export function successResponse(payload: object): Response {
  return Response.json({ result: 'success', msg: '', ...payload }, { status: 200 });
}

/**
 * The one place that turns a thrown error into the wire envelope and status: an
 * {@link ApiFailure} keeps its code, message, extra fields and headers; anything else is a
 * bug in the mock, logged and answered like the real server's 500.
 */
export function errorResponse(error: unknown, logger: MockLogger): Response {
  if (error instanceof ApiFailure) {
    return Response.json(
      { result: 'error', msg: error.msg, code: error.code, ...error.extra },
      { status: error.status, headers: error.headers },
    );
  }
  logger.error('[teamchat-mock] unexpected error while handling a request', error);
  return Response.json({ result: 'error', msg: 'Internal server error' }, { status: 500 });
}
