import { ApiFailure } from '../domain/errors';
import type { MockLogger } from '../domain/state';
import { FileRefused } from '../domain/uploads/serve';
import { fileRefusalResponse } from './file-pages';

/**
 * A JSON response. `Response.json` costs about half again as much in Node's fetch (it validates
 * and serializes through WebIDL), and every answer of the mock goes through here.
 */
export function jsonResponse(body: object, status: number, headers?: Readonly<Record<string, string>>): Response {
  const text = JSON.stringify(body);
  // Headers given at construction: setting them afterwards costs a WebIDL call each.
  const response = new Response(text, { status, headers: headers ? withJsonType(headers) : JSON_HEADERS });
  (response as JsonTextCarrier)[JSON_TEXT] = text;
  return response;
}

/** The headers with `Content-Type: application/json`, whatever case a given one had. */
function withJsonType(headers: Readonly<Record<string, string>>): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const name in headers) if (name.toLowerCase() !== 'content-type') merged[name] = headers[name] as string;
  merged['content-type'] = 'application/json';
  return merged;
}

/**
 * The JSON text an envelope carries, so a server adapter can write it without reading the body's
 * stream. A property rather than a WeakMap entry: a WeakMap of every Response made the garbage
 * collector's work per answer measurably larger.
 */
const JSON_TEXT = Symbol('teamchat-mock.jsonText');
type JsonTextCarrier = Response & { [JSON_TEXT]?: string };

/** An envelope's JSON text, known without reading its body (undefined for other responses). */
export function jsonTextOf(response: Response): string | undefined {
  return (response as JsonTextCarrier)[JSON_TEXT];
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A success envelope: `result`, empty `msg`, then the payload; `headers` besides its type. */
export function successResponse(payload: object, headers?: Readonly<Record<string, string>>): Response {
  return jsonResponse({ result: 'success', msg: '', ...payload }, 200, headers);
}

/**
 * The one place that turns a thrown error into the wire envelope and status: an
 * {@link ApiFailure} keeps its code, message, extra fields and headers; anything else is a
 * bug in the mock, logged and answered like the real server's 500.
 */
export function errorResponse(error: unknown, logger: MockLogger, headers?: Readonly<Record<string, string>>): Response {
  if (error instanceof FileRefused) {
    const page = fileRefusalResponse(error.refusal, '');
    for (const name in headers) page.headers.set(name, headers[name] as string);
    return page;
  }
  if (error instanceof ApiFailure) {
    // The server's own headers (Date, rate limits) win over an error's, as they did when set last.
    const all = headers ? { ...error.headers, ...headers } : error.headers;
    return jsonResponse({ result: 'error', msg: error.msg, code: error.code, ...error.extra }, error.status, all);
  }
  logger.error('[teamchat-mock] unexpected error while handling a request', error);
  return jsonResponse({ result: 'error', msg: 'Internal server error' }, 500, headers);
}
