import { type IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * Answers a CONNECT request as the server's other requests: node:http hands CONNECT to `connect`
 * listeners as a bare socket, and without one closes the connection with no answer at all. Here
 * the request gets a response on that socket from the server's own handler (`handle`), which
 * refuses it as nginx does (405, `framingRefusal`); the connection closes after it.
 */
export function answerConnect(
  incoming: IncomingMessage,
  socket: Duplex,
  handle: (incoming: IncomingMessage, outgoing: ServerResponse) => void,
): void {
  const outgoing = new ServerResponse(incoming);
  outgoing.shouldKeepAlive = false;
  outgoing.assignSocket(socket as Socket);
  outgoing.on('finish', () => (socket as Socket).destroySoon());
  handle(incoming, outgoing);
}
