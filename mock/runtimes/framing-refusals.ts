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

/** nginx's 400: a Transfer-Encoding on an HTTP/1.0 request (which cannot have one), a header it takes once sent twice. */
const BAD_REQUEST = refusal(400, 'Bad Request');

/** nginx speaks HTTP/1 on the API's port: a request line naming HTTP/2.0 is its 505. */
const UNSUPPORTED_VERSION = refusal(505, 'HTTP Version Not Supported');

/**
 * The header lines nginx takes once (1.22 to 1.28: its `ngx_http_process_unique_header_line`, and
 * Host): a second one is its 400, where node:http keeps the first (Host, Authorization) or joins
 * them (Expect); two Transfer-Encoding lines node:http refuses itself, with the 501 of an unknown
 * coding (`refuseClientError`). Lower-case.
 */
const TAKEN_ONCE = new Set([
  'host',
  'authorization',
  'transfer-encoding',
  'expect',
  'content-length',
  'content-range',
  'if-modified-since',
  'if-unmodified-since',
  'if-match',
  'if-none-match',
  'if-range',
]);

/** Whether a header nginx takes once comes twice (`rawHeaders` alternates names and values). */
function repeatsHeaderTakenOnce(rawHeaders: readonly string[]): boolean {
  let seen: Set<string> | undefined;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = (rawHeaders[index] as string).toLowerCase();
    if (!TAKEN_ONCE.has(name)) continue;
    if (seen?.has(name)) return true;
    (seen ??= new Set()).add(name);
  }
  return false;
}

/** nginx serves CONNECT and TRACE to no one: its 405, on every path, before any location. */
const METHOD_NOT_ALLOWED = refusal(405, 'Not Allowed');

/**
 * How nginx refuses the request while reading its head, in nginx's order (its HTTP version, a
 * header it takes once sent twice, the way its body is framed, then its method), before any location and so before Django sees it;
 * undefined when it passes the request on. node:http has already refused what it cannot parse (a
 * coding that does not end in `chunked`, one with a Content-Length: `refuseClientError`).
 */
export function framingRefusal(incoming: IncomingMessage): FramingRefusal | undefined {
  if (incoming.httpVersionMajor !== 1) return UNSUPPORTED_VERSION;
  if (repeatsHeaderTakenOnce(incoming.rawHeaders)) return BAD_REQUEST;
  const coding = incoming.headers['transfer-encoding'];
  if (coding !== undefined) {
    if (incoming.httpVersion === '1.0') return BAD_REQUEST;
    if (coding.toLowerCase() !== 'chunked') return UNKNOWN_TRANSFER_CODING;
  }
  return incoming.method === 'CONNECT' || incoming.method === 'TRACE' ? METHOD_NOT_ALLOWED : undefined;
}
