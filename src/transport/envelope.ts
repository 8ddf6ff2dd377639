import { createApiError, UNKNOWN_ERROR_CODE } from '../errors/factory';
import { pageText, ServerError } from '../errors/server-error';
import { UnexpectedResponseError } from '../errors/transport-errors';
import { ErrorEnvelope } from '../schemas/common';

/** What the envelope reader needs of an HTTP response. */
export interface RawResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;
  readonly contentType: string | null;
  readonly text: string;
  /** Requests the call sent, retries included. */
  readonly attempts?: number;
}

/** A success body: the envelope without `result` and `msg`. */
export type SuccessBody = Record<string, unknown>;

/** The JSON value of a text, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An answer that is not the envelope: the server failed (5xx), or this is not the API. */
function notTheEnvelope(response: RawResponse, operation: string, request: string): Error {
  const { status, headers, contentType, text, attempts } = response;
  if (status < 500) return new UnexpectedResponseError(operation, status, contentType, text, request);
  const init = { operation, status, headers, code: UNKNOWN_ERROR_CODE, msg: pageText(text), data: {} };
  return new ServerError({ ...init, contentType, body: text, request, attempts, page: true });
}

/**
 * Reads a response as the API's envelope: returns the success body, throws the matching
 * API error for `result: "error"` (whatever the HTTP status; a 5xx without a known code is a
 * {@link ServerError}), a {@link ServerError} for a 5xx that is not the envelope (nginx's 502
 * page), and {@link UnexpectedResponseError} for anything else that is not the envelope (a wrong
 * site's page), naming `request` (method and URL without the query).
 */
export function readEnvelope(response: RawResponse, operation: string, request: string): SuccessBody {
  const parsed = parseJson(response.text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw notTheEnvelope(response, operation, request);
  const body = parsed as Record<string, unknown>;
  if (body.result === 'success' && response.ok) {
    const { result: _result, msg: _msg, ...rest } = body;
    return rest;
  }
  const envelope = ErrorEnvelope.safeParse(body);
  if (envelope.success) throw createApiError(envelope.data, response, operation, request);
  throw notTheEnvelope(response, operation, request);
}
