import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Answers `Expect: 100-continue` as nginx does: `100 Continue` once the body is read, so never
 * ahead of a refusal that needs no body (413 for a declared size over the limit, the Host check),
 * where node:http alone sends it as soon as the headers arrive and the client starts sending a
 * body that is then refused. node:http reads nothing before the server does, so the first read
 * (the stream resuming) is when the body is wanted; a read after the answer (node:http discarding
 * an unread body) sends nothing.
 */
export function continueWhenRead(incoming: IncomingMessage, outgoing: ServerResponse): void {
  incoming.once('resume', () => {
    if (!outgoing.headersSent && !outgoing.destroyed) outgoing.writeContinue();
  });
}
