import { ApiFailure } from '../domain/errors';
import type { MockLogger } from '../domain/state';
import { FileRefused } from '../domain/uploads/serve';
import { type RefusedRequest, fileRefusalResponse } from './file-pages';
import { stringifyWithKnownJson } from '../domain/known-json';

/**
 * A JSON envelope before it becomes a Fetch Response. Operations answer with one; MSW and
 * `mock.fetch` turn it into a Response, while the standalone server writes its text as it is
 * (a Response per answer, with its Headers and body stream, was a tenth of that server's time).
 */
export class JsonReply {
  constructor(
    readonly status: number,
    /** Every header, `content-type` included. */
    readonly headers: Readonly<Record<string, string>>,
    readonly text: string,
  ) {}

  /** The Fetch Response of this envelope. */
  toResponse(): Response {
    const response = new Response(this.text, { status: this.status, headers: this.headers });
    (response as JsonTextCarrier)[JSON_TEXT] = this.text;
    return response;
  }
}

/** What the realm's handlers answer with inside the mock. */
export type Answer = Response | JsonReply;

/** The Fetch Response of an answer. */
export function responseOf(answer: Answer): Response {
  return answer instanceof JsonReply ? answer.toResponse() : answer;
}

const JSON_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'application/json' };

/**
 * The headers with lower-case names (as a Fetch Response lists them, so the standalone server
 * writes the same names either way) and `content-type: application/json`.
 */
function withJsonType(headers: Readonly<Record<string, string>>): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const name in headers) merged[name.toLowerCase()] = headers[name] as string;
  merged['content-type'] = 'application/json';
  return merged;
}

/** A JSON envelope as a reply; `headers` besides its type. */
function jsonReply(body: object, status: number, headers?: Readonly<Record<string, string>>, text = JSON.stringify(body)): JsonReply {
  return new JsonReply(status, headers ? withJsonType(headers) : JSON_HEADERS, text);
}

/**
 * A JSON response. `Response.json` costs about half again as much in Node's fetch (it validates
 * and serializes through WebIDL).
 */
export function jsonResponse(body: object, status: number, headers?: Readonly<Record<string, string>>): Response {
  return jsonReply(body, status, headers).toResponse();
}

/**
 * The JSON text an envelope's Response carries, so a server adapter can write it without reading
 * the body's stream. A property rather than a WeakMap entry: a WeakMap of every Response made the
 * garbage collector's work per answer measurably larger.
 */
const JSON_TEXT = Symbol('teamchat-mock.jsonText');
type JsonTextCarrier = Response & { [JSON_TEXT]?: string };

/** An envelope's JSON text, known without reading its body (undefined for other responses). */
export function jsonTextOf(response: Response): string | undefined {
  return (response as JsonTextCarrier)[JSON_TEXT];
}

/**
 * A success envelope: `result`, empty `msg`, then the payload; `headers` besides its type. Lists
 * of values that carry their JSON text (`withKnownJson`) are written from those texts.
 */
export function successReply(payload: object, headers?: Readonly<Record<string, string>>): JsonReply {
  const body = { result: 'success', msg: '', ...payload };
  return jsonReply(body, 200, headers, stringifyWithKnownJson(body));
}

/**
 * The one place that turns a thrown error into the wire envelope and status: an
 * {@link ApiFailure} keeps its code, message, extra fields and headers; anything else is a
 * bug in the mock, logged and answered like the real server's 500. A refused file is its page,
 * or its error image for a `request` that prefers images.
 */
export function errorReply(error: unknown, logger: MockLogger, headers?: Readonly<Record<string, string>>, request?: RefusedRequest): Answer {
  if (error instanceof FileRefused) {
    const page = fileRefusalResponse(error.refusal, '', request);
    for (const name in headers) page.headers.set(name, headers[name] as string);
    return page;
  }
  if (error instanceof ApiFailure) {
    // The server's own headers (Date, rate limits) win over an error's, as they did when set last.
    const all = headers ? { ...error.headers, ...headers } : error.headers;
    return jsonReply({ result: 'error', msg: error.msg, code: error.code, ...error.extra }, error.status, all);
  }
  logger.error('[teamchat-mock] unexpected error while handling a request', error);
  return jsonReply({ result: 'error', msg: 'Internal server error' }, 500, headers);
}

/** {@link errorReply} as a Response. */
export function errorResponse(error: unknown, logger: MockLogger, headers?: Readonly<Record<string, string>>): Response {
  return responseOf(errorReply(error, logger, headers));
}
