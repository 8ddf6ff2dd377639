import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { UNKNOWN_TRANSFER_CODING } from './framing-refusals';

/**
 * Bytes node:http cannot parse as a request (a malformed request line or header, a broken chunked
 * body, a header block too large, a request sent after one with `Connection: close`) are a
 * `clientError`. Node's own handling writes its refusal and cuts the connection at once, even while
 * earlier requests pipelined on that connection are still being answered: their answers are lost,
 * and the client reads a 400 for a request the server carried out (a message sent, then sent again
 * by a client that retries). nginx answers a connection's requests in order: those before the bad
 * bytes get their answers, then the refusal is written and the connection closed.
 *
 * {@link trackAnswer} counts each connection's answers still owed; {@link refuseClientError}
 * refuses once the answers to the requests before the bad bytes are written.
 */

/** Per connection: the answers still owed, and the request read last. */
interface Owed {
  answers: number;
  latest: IncomingMessage;
  /** The refusal to send once the answers before the bad bytes are written (`null`: close without one). */
  refusal?: Buffer | null;
  /** How many owed answers can never be given once the refusal waits: 1 when the bad bytes broke the body of the request read last. */
  unanswerable?: number;
}

const OWED = new WeakMap<Duplex, Owed>();

/** Counts an answer owed on the request's connection until `outgoing` closes (written or cut). */
export function trackAnswer(incoming: IncomingMessage, outgoing: ServerResponse): void {
  const owed = OWED.get(incoming.socket);
  if (owed) {
    owed.answers++;
    owed.latest = incoming;
  } else OWED.set(incoming.socket, { answers: 1, latest: incoming });
  // A function shared by every response (`this` is the response): no closure per request.
  outgoing.on('close', answerClosed);
}

function answerClosed(this: ServerResponse): void {
  const { socket } = this.req;
  const owed = OWED.get(socket);
  if (!owed) return;
  owed.answers--;
  if (owed.refusal !== undefined && owed.answers === owed.unanswerable) refuse(socket, owed.refusal);
}

/** nginx's 501 for a transfer coding it does not read, as `framingRefusal` answers it. */
const NOT_IMPLEMENTED = Buffer.from(
  `HTTP/1.1 501 Not Implemented\r\ncontent-type: application/json\r\ncontent-length: ${UNKNOWN_TRANSFER_CODING.text.length}\r\nConnection: close\r\n\r\n${UNKNOWN_TRANSFER_CODING.text}`,
);

/**
 * node:http's own refusals, by the parser's error code (a request line after `Connection: close`
 * gets none), but for a transfer coding other than `chunked`: nginx's 501. One with a
 * Content-Length beside it stays node:http's 400 (nginx's 501 too): the parser refuses it before
 * the head, the coding in it, is known.
 */
function refusalFor({ code, reason }: Error & { code?: string; reason?: string }): Buffer | null {
  if (code === 'HPE_INVALID_TRANSFER_ENCODING' && !reason?.includes('Content-Length')) return NOT_IMPLEMENTED;
  switch (code) {
    case 'HPE_CLOSED_CONNECTION':
      return null;
    case 'HPE_HEADER_OVERFLOW':
      return Buffer.from('HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return Buffer.from('HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return Buffer.from('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    default:
      return Buffer.from('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  }
}

/** Writes the refusal, unless an answer has started on the connection (as node:http does), and closes it. */
function refuse(socket: Duplex, refusal: Buffer | null): void {
  const answering = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
  if (refusal && socket.writable && !answering?.headersSent) socket.write(refusal);
  socket.destroy();
}

/**
 * The server's `clientError` handler. The answers to the requests read before the bad bytes are
 * written first; a request whose body the bad bytes broke (or that timed out) can never be
 * answered, and only those before it are waited for.
 */
export function refuseClientError(error: Error & { code?: string }, socket: Duplex): void {
  const owed = OWED.get(socket);
  // The parser stays failed: further bytes on the connection repeat the error.
  if (owed?.refusal !== undefined) return;
  const refusal = refusalFor(error);
  const unanswerable = owed === undefined || owed.latest.complete ? 0 : 1;
  if (owed && owed.answers > unanswerable) {
    owed.refusal = refusal;
    owed.unanswerable = unanswerable;
    return;
  }
  refuse(socket, refusal);
}
