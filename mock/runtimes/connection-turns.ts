import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * nginx handles a connection's requests one after another: it reads the next pipelined request
 * once the answer to the one before is sent. node:http parses them as they arrive and hands each
 * to the server at once, so a `GET` pipelined after a `POST` read the realm before the `POST`
 * changed it, and a `CONNECT` pipelined after a request took the socket that request's answer
 * still held (node:http threw, and the process exited). Here a connection's requests take turns:
 * each is handled once the answers before it are written (or cut).
 */

/** Handles a request whose turn has come. */
export type RequestHandler = (incoming: IncomingMessage, outgoing: ServerResponse) => void;

/** A request waiting for the answers before it on its connection. */
interface Waiting {
  readonly incoming: IncomingMessage;
  readonly outgoing: ServerResponse;
  readonly handle: RequestHandler;
}

/** Per connection: the answers still owed, the request read last, and those waiting their turn. */
export interface Turns {
  /** The request being handled and those waiting. */
  answers: number;
  latest: IncomingMessage;
  readonly waiting: Waiting[];
  /** Whether reading the connection was stopped because too many requests wait. */
  paused?: boolean;
  /** Told after each answer closes, `answers` already counted down (`refuseClientError`'s refusal waits so). */
  afterAnswer?: ((socket: Duplex, turns: Turns) => void) | undefined;
}

const TURNS = new WeakMap<Duplex, Turns>();

/**
 * How many requests may wait on a connection before it is read no further until they have had
 * their turn: nginx reads the next request only when it handles it. node:http stops reading only
 * when answers pile up unsent, which requests waiting their turn have not written, so a client
 * pipelining without reading the answers made the server parse and hold everything it sent.
 */
const WAITING_LIMIT = 16;

/** The turns of a connection that has had a request, if any. */
export function turnsOf(socket: Duplex): Turns | undefined {
  return TURNS.get(socket);
}

/**
 * Counts an answer owed on the request's connection until `outgoing` closes, and handles the
 * request now if no answer before it is still owed, else when they are.
 */
export function takeTurn(incoming: IncomingMessage, outgoing: ServerResponse, handle: RequestHandler): void {
  // A function shared by every response (`this` is the response): no closure per request.
  outgoing.on('close', answerClosed);
  const turns = TURNS.get(incoming.socket);
  if (!turns) {
    TURNS.set(incoming.socket, { answers: 1, latest: incoming, waiting: [] });
    handle(incoming, outgoing);
    return;
  }
  turns.latest = incoming;
  if (turns.answers++ === 0) handle(incoming, outgoing);
  else {
    turns.waiting.push({ incoming, outgoing, handle });
    // Again each time: node:http resumes the socket to read the body of the request handled.
    if (turns.waiting.length >= WAITING_LIMIT) {
      turns.paused = true;
      nativeReading(incoming.socket)?.readStop();
    }
  }
}

/** A socket's handle, which node:http's parser reads in native code. */
interface NativeReading {
  readStop(): number;
  readStart(): number;
}

/**
 * The handle reading the connection: `socket.pause()` does not stop node:http's parser, which
 * reads the handle itself (node:http stops it through flags of its own); the handle's `readStop`
 * does. node:http may start it again (to read a body), and the next request waiting stops it again.
 */
function nativeReading(socket: Duplex): NativeReading | undefined {
  return (socket as { _handle?: NativeReading | null })._handle ?? undefined;
}

function answerClosed(this: ServerResponse): void {
  const { socket } = this.req;
  const turns = TURNS.get(socket);
  if (!turns) return;
  turns.answers--;
  turns.afterAnswer?.(socket, turns);
  // The next request's turn; none on a connection that is gone (nginx reads no more of it).
  const next = socket.destroyed ? undefined : turns.waiting.shift();
  if (!next) return;
  if (turns.paused && turns.waiting.length < WAITING_LIMIT) {
    turns.paused = false;
    nativeReading(socket)?.readStart();
  }
  next.handle(next.incoming, next.outgoing);
}
