import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { UNKNOWN_TRANSFER_CODING } from './framing-refusals';
import { type Turns, turnsOf } from './connection-turns';

/**
 * Bytes node:http cannot parse as a request (a malformed request line or header, a broken chunked
 * body, a header block too large, a request sent after one with `Connection: close`) are a
 * `clientError`. Node's own handling writes its refusal and cuts the connection at once, even while
 * earlier requests pipelined on that connection are still being answered: their answers are lost,
 * and the client reads a 400 for a request the server carried out (a message sent, then sent again
 * by a client that retries). nginx answers a connection's requests in order: those before the bad
 * bytes get their answers, then the refusal is written and the connection closed.
 *
 * {@link refuseClientError} refuses once the answers to the requests before the bad bytes are
 * written (the connection's {@link Turns} count them).
 */

/** A connection's refusal, waiting for the answers before the bad bytes. */
interface PendingRefusal {
  /** The refusal to send (`null`: close without one). */
  readonly refusal: Buffer | null;
  /** How many owed answers can never be given: 1 when the bad bytes broke the body of the request read last. */
  readonly unanswerable: number;
}

const PENDING = new WeakMap<Duplex, PendingRefusal>();

/** Refuses once the answers that can be given are: a {@link Turns.afterAnswer}. */
function refuseWhenAnswered(socket: Duplex, turns: Turns): void {
  const pending = PENDING.get(socket);
  if (pending && turns.answers === pending.unanswerable) refuse(socket, pending.refusal);
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
  // The parser stays failed: further bytes on the connection repeat the error.
  if (PENDING.has(socket)) return;
  const turns = turnsOf(socket);
  const refusal = refusalFor(error);
  const unanswerable = turns === undefined || turns.latest.complete ? 0 : 1;
  if (turns && turns.answers > unanswerable) {
    PENDING.set(socket, { refusal, unanswerable });
    turns.afterAnswer = refuseWhenAnswered;
    return;
  }
  refuse(socket, refusal);
}
