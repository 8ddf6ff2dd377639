import { TeamChatError } from './base';

/** What the error factory hands every API error class. */
export interface ApiErrorInit {
  readonly operation: string;
  readonly status: number;
  /** The response headers (`Retry-After`, `X-RateLimit-*`, ...). */
  readonly headers?: Headers;
  readonly code: string;
  readonly msg: string;
  /** Every field of the envelope besides `result`, `msg` and `code`. */
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * An error envelope (`result: "error"`) returned by the server. Use the exported
 * {@link ApiError} for `instanceof` checks: it narrows to the union of all error classes,
 * so `err.code === 'STREAM_DOES_NOT_EXIST'` then narrows to one class.
 *
 * @example
 * const failure = await client.messages.get({ message_id: 1 }).catch((error: unknown) => error);
 * if (failure instanceof ApiErrorBase) console.log(failure.code, failure.status, failure.msg);
 */
export abstract class ApiErrorBase<Code extends string = string> extends TeamChatError {
  /** The machine-readable error code, e.g. `BAD_REQUEST`; `UNKNOWN` when the server sent none. */
  readonly code: Code;
  /** The server's human-readable message, verbatim. */
  readonly msg: string;
  /** The HTTP status of the response. */
  readonly status: number;
  /** The response headers (`Retry-After`, `X-RateLimit-*`, ...). */
  readonly headers: Headers;
  /** Every extra field of the envelope (`stream`, `var_name`, `retry-after`, ...). */
  readonly data: Readonly<Record<string, unknown>>;

  constructor(init: ApiErrorInit) {
    super(`${init.operation}: ${init.msg} (${init.code}, HTTP ${init.status})`, init.operation);
    this.code = init.code as Code;
    this.msg = init.msg;
    this.status = init.status;
    this.headers = init.headers ?? new Headers();
    this.data = init.data;
  }
}

/** Reads an optional string field of the envelope. */
export function stringField(data: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' ? value : undefined;
}

/** Reads an optional numeric field of the envelope. */
export function numberField(data: Readonly<Record<string, unknown>>, key: string): number | undefined {
  const value = data[key];
  return typeof value === 'number' ? value : undefined;
}
