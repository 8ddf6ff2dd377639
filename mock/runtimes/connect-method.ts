import { type IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type RequestHandler, takeTurn } from './connection-turns';

/**
 * Answers a CONNECT request as the server's other requests: node:http hands CONNECT to `connect`
 * listeners as a bare socket, and without one closes the connection with no answer at all. Here
 * the request gets a response on that socket from the server's own handler (`handle`), which
 * refuses it as nginx does (405, `framingRefusal`); the connection closes after it. Its turn comes
 * after the answers to the requests pipelined before it ({@link takeTurn}): they still hold the socket.
 */
export function answerConnect(incoming: IncomingMessage, socket: Duplex, handle: RequestHandler): void {
  // node:http took its error listener off the socket it handed over: a reset while the answers
  // before this one are written would be an uncaught error, and the process would exit.
  socket.on('error', socketFailed);
  const outgoing = new ServerResponse(incoming);
  outgoing.shouldKeepAlive = false;
  // A closure per CONNECT, a request no client of the API sends.
  takeTurn(incoming, outgoing, (request, response) => {
    response.assignSocket(socket as Socket);
    response.on('finish', () => (socket as Socket).destroySoon());
    handle(request, response);
  });
}

/** A CONNECT socket's error (the client reset the connection): it is closed, and its answers with it. */
function socketFailed(this: Duplex): void {
  this.destroy();
}
