import { createApiError } from '../errors/factory';
import { UnexpectedResponseError } from '../errors/transport-errors';
import { ErrorEnvelope } from '../schemas/common';

/** What the envelope reader needs of an HTTP response. */
export interface RawResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;
  readonly contentType: string | null;
  readonly text: string;
}

/** A success body: the envelope without `result` and `msg`. */
export type SuccessBody = Record<string, unknown>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads a response as the API's envelope: returns the success body, throws the matching
 * API error for `result: "error"` (whatever the HTTP status), and throws
 * {@link UnexpectedResponseError} for anything that is not the envelope (an HTML 502 page),
 * naming `request` (method and URL without the query).
 */
export function readEnvelope(response: RawResponse, operation: string, request: string): SuccessBody {
  const { text, contentType } = response;
  const parsed = parseJson(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UnexpectedResponseError(operation, response.status, contentType, text, request);
  }
  const body = parsed as Record<string, unknown>;
  if (body.result === 'success' && response.ok) {
    const { result: _result, msg: _msg, ...rest } = body;
    return rest;
  }
  const envelope = ErrorEnvelope.safeParse(body);
  if (envelope.success) throw createApiError(envelope.data, response, operation);
  throw new UnexpectedResponseError(operation, response.status, contentType, text, request);
}
