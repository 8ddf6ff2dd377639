import { ApiFailure } from '../domain/errors';
import type { MockLogger } from '../domain/state';
import { FileRefused } from '../domain/uploads/serve';
import { fileRefusalResponse } from './file-pages';

/**
 * A JSON response. `Response.json` costs about half again as much in Node's fetch (it validates
 * and serializes through WebIDL), and every answer of the mock goes through here.
 */
export function jsonResponse(body: object, status: number, headers?: HeadersInit): Response {
  const text = JSON.stringify(body);
  const response = new Response(text, { status, headers: headers ?? JSON_HEADERS });
  if (headers) response.headers.set('content-type', 'application/json');
  JSON_TEXTS.set(response, text);
  return response;
}

/** The JSON text of each envelope, so a server adapter can write it without reading the body's stream. */
const JSON_TEXTS = new WeakMap<Response, string>();

/** An envelope's JSON text, known without reading its body (undefined for other responses). */
export function jsonTextOf(response: Response): string | undefined {
  return JSON_TEXTS.get(response);
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A success envelope: `result`, empty `msg`, then the payload. */
export function successResponse(payload: object): Response {
  return jsonResponse({ result: 'success', msg: '', ...payload }, 200);
}

/**
 * The one place that turns a thrown error into the wire envelope and status: an
 * {@link ApiFailure} keeps its code, message, extra fields and headers; anything else is a
 * bug in the mock, logged and answered like the real server's 500.
 */
export function errorResponse(error: unknown, logger: MockLogger): Response {
  if (error instanceof FileRefused) return fileRefusalResponse(error.refusal, '');
  if (error instanceof ApiFailure) {
    return jsonResponse({ result: 'error', msg: error.msg, code: error.code, ...error.extra }, error.status, error.headers);
  }
  logger.error('[teamchat-mock] unexpected error while handling a request', error);
  return jsonResponse({ result: 'error', msg: 'Internal server error' }, 500);
}
