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

/** nginx serves CONNECT and TRACE to no one: its 405, on every path, before any location. */
const METHOD_NOT_ALLOWED = refusal(405, 'Not Allowed');

/**
 * How nginx refuses the request while reading its head, in nginx's order (its HTTP version, the
 * way its body is framed, then its method), before any location and so before Django sees it;
 * undefined when it passes the request on. node:http has already refused what it cannot parse (a
 * coding that does not end in `chunked`, one with a Content-Length: `refuseClientError`).
 */
export function framingRefusal(incoming: IncomingMessage): FramingRefusal | undefined {
  if (incoming.httpVersionMajor !== 1) return UNSUPPORTED_VERSION;
  const coding = incoming.headers['transfer-encoding'];
  if (coding !== undefined) {
    if (incoming.httpVersion === '1.0') return TRANSFER_CODING_IN_HTTP_1_0;
    if (coding.toLowerCase() !== 'chunked') return UNKNOWN_TRANSFER_CODING;
  }
  return incoming.method === 'CONNECT' || incoming.method === 'TRACE' ? METHOD_NOT_ALLOWED : undefined;
}
