import type { IncomingMessage } from 'node:http';

/** An answer the front end gives before the request is routed: its status and envelope text. */
export interface FramingRefusal {
  readonly status: number;
  readonly text: string;
}

function refusal(status: number, msg: string): FramingRefusal {
  return { status, text: JSON.stringify({ result: 'error', msg, code: 'BAD_REQUEST' }) };
}

/**
 * nginx reads no transfer coding but `chunked` alone: any other (`gzip, chunked`, which node:http
 * takes as chunked and hands on still compressed) is its 501, "client sent unknown
 * Transfer-Encoding".
 */
export const UNKNOWN_TRANSFER_CODING = refusal(501, 'Not Implemented');

/** nginx refuses a Transfer-Encoding on an HTTP/1.0 request, which cannot have one: 400. */
const TRANSFER_CODING_IN_HTTP_1_0 = refusal(400, 'Bad Request');

/** nginx speaks HTTP/1 on the API's port: a request line naming HTTP/2.0 is its 505. */
const UNSUPPORTED_VERSION = refusal(505, 'HTTP Version Not Supported');

/**
 * How nginx refuses the request for its HTTP version or the way its body is framed, before any
 * route, or undefined when it reads it. node:http has already refused what it cannot parse (a
 * coding that does not end in `chunked`, one with a Content-Length: `refuseClientError`).
 */
export function framingRefusal(incoming: IncomingMessage): FramingRefusal | undefined {
  if (incoming.httpVersionMajor !== 1) return UNSUPPORTED_VERSION;
  const coding = incoming.headers['transfer-encoding'];
  if (coding === undefined) return undefined;
  if (incoming.httpVersion === '1.0') return TRANSFER_CODING_IN_HTTP_1_0;
  return coding.toLowerCase() === 'chunked' ? undefined : UNKNOWN_TRANSFER_CODING;
}
