import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type Answer, JsonReply, jsonTextOf } from '../http/envelope';
import { dispatchOf } from '../http/dispatch';
import { inServerOrder } from '../http/url-patterns';
import { notFoundPage } from '../http/not-found-page';
import { dispatcherMethodNotAllowed } from '../http/method-not-allowed';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createMockServer, type MockServer, type MockServerOptions } from '../index';
import { MOCK_SERVER_OPTION_NAMES, refuseUnknownOptions } from '../factories/options';
import { refuseBaseUrl } from './http-base-url';
import { CORS_EXPOSED_HEADERS, corsOrigin, hostAllowed, loggedPath, preflightHeaders, refusedOriginNote, refusedOriginWarner } from './http-policy';
import { type AdminOptions, adminResponse } from './admin';
import { OffsetClock } from '../domain/clock';
import type { MockRequest } from '../http/mock-request';
import { absoluteUrl, disconnectSignal, NodeRequest, requestHost } from './node-request';
import { refuseClientError } from './client-errors';
import { takeTurn } from './connection-turns';
import { answerConnect } from './connect-method';
import { framingRefusal } from './framing-refusals';
import { continueWhenRead } from './expect-continue';
import type { Duplex } from 'node:stream';

/**
 * Options of {@link startHttpMock}: createMockServer's but `baseUrl`, since the server answers where
 * it listens (`baseUrl` is refused, naming the `host` and `port` that serve that origin).
 */
export interface HttpMockOptions extends Omit<MockServerOptions, 'baseUrl'> {
  /** @default 9991 (0 picks a free port) */
  readonly port?: number | undefined;
  /** @default '127.0.0.1' */
  readonly host?: string | undefined;
  /**
   * Allow browser apps on this origin, these origins (a dev server and a component workbench, say)
   * or `*` for any to call the API: CORS preflights are answered and answers carry
   * `Access-Control-Allow-Origin`.
   * @default undefined (no CORS headers)
   */
  readonly cors?: string | readonly string[] | undefined;
  /**
   * Host names besides loopback ones that requests may carry in `Host` while the server listens on
   * loopback, such as a proxy's or a container's name. Others get 400 (DNS-rebinding guard).
   * @default []
   */
  readonly allowedHosts?: readonly string[] | undefined;
  /**
   * Serve the administration endpoints under `/__admin/` (reset, state export and import, faults,
   * the clock); `save` writes the state file for `POST /__admin/save`. Off by default: they are
   * then a 404 like any unknown path.
   */
  readonly admin?: boolean | AdminOptions | undefined;
  /** Receives one line per request: method, path (secrets redacted), status, milliseconds. */
  readonly log?: ((line: string) => void) | undefined;
  /**
   * Receives what a user should see even without the request log: once per origin, that a page
   * calls the API from an origin whose answers the browser hides from it (`cors` does not allow it).
   */
  readonly warn?: ((line: string) => void) | undefined;
}

/** Every option of {@link startHttpMock}: its own (held to {@link HttpMockOptions} by the compiler), then createMockServer's but `baseUrl`. */
const HTTP_OPTION_NAMES = [
  ...Object.keys({ port: true, host: true, cors: true, allowedHosts: true, admin: true, log: true, warn: true } satisfies Record<
    Exclude<keyof HttpMockOptions, keyof MockServerOptions>,
    true
  >),
  ...MOCK_SERVER_OPTION_NAMES.filter((name) => name !== 'baseUrl'),
];

/** A running standalone mock. */
export interface HttpMock {
  readonly mock: MockServer;
  readonly server: Server;
  /** `http://host:port`. */
  readonly url: string;
  /**
   * Stops accepting connections, answers waiting long-polls with no events, lets other requests
   * in flight finish for up to `graceMs`, then closes whatever is still open.
   * @param graceMs @default 1500
   */
  close(graceMs?: number): Promise<void>;
}

/** How long {@link HttpMock.close} lets requests in flight finish. */
const CLOSE_GRACE_MS = 1500;
/** How long an idle keep-alive connection stays open: Zulip's nginx's `keepalive_timeout 65`. */
const KEEP_ALIVE_MS = 65_000;

/** Methods a Fetch `Request` can carry; others (TRACK, PROPFIND) are answered here (nginx refuses TRACE and CONNECT itself: framingRefusal). */
const FETCH_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function envelope(status: number, body: object, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers });
}

function badRequest(): Response {
  return envelope(400, { result: 'error', msg: 'Bad Request', code: 'BAD_REQUEST' });
}

function headersOf(incoming: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    try {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.set(name, value);
    } catch {
      // A header value Fetch refuses (a stray control character) is dropped, as a proxy would.
    }
  }
  return headers;
}

/**
 * The Fetch request for an incoming one at `url` (on the server's own origin, never the Host
 * header's, which a client controls: {@link absoluteUrl}). HEAD stays HEAD (the dispatcher answers
 * API routes as GET, and this adapter drops the body).
 */
function toRequest(
  incoming: IncomingMessage,
  url: string,
  method: string,
  signal?: AbortSignal,
): Request {
  return new Request(url, {
    method,
    ...(signal ? { signal } : {}),
    headers: headersOf(incoming),
    body: hasBody(method) ? (Readable.toWeb(incoming) as ReadableStream) : undefined,
    duplex: 'half',
  } as RequestInit);
}

/** Bodies up to this size, announced by Content-Length, are read whole before the request is built. */
const SMALL_BODY_BYTES = 64 * 1024;

/**
 * A small body read with Node's own stream, which costs far less than a web stream over it;
 * undefined for a body without Content-Length or a larger one (streamed, so limits apply as it
 * arrives), and for a tus chunk, streamed whatever its size so that what arrives of it is kept if
 * its request breaks off (read whole, it would be refused).
 */
async function smallBody(incoming: IncomingMessage, method: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!hasBody(method)) return undefined;
  const length = Number(incoming.headers['content-length']);
  if (!Number.isInteger(length) || length > SMALL_BODY_BYTES || incoming.headers['transfer-encoding']) return undefined;
  if (incoming.headers['content-type'] === TUS_CHUNK_TYPE) return undefined;
  return wholeBody(incoming);
}

/** The content type of a tus PATCH's body. */
const TUS_CHUNK_TYPE = 'application/offset+octet-stream';

/**
 * The body's chunks gathered through the stream's events, which cost far less per request than
 * its async iterator; a request that breaks off before its end fails as the iterator did.
 */
function wholeBody(incoming: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(Buffer.concat(chunks)));
    incoming.once('error', reject);
    // Every request closes, most after their end: only those that did not end make an Error.
    incoming.once('close', () => {
      if (!incoming.readableEnded) reject(new Error('request closed before its body ended'));
    });
  });
}

function hasBody(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/**
 * The request the realm's dispatch gets: a {@link NodeRequest} when the body is read whole (or
 * there is none), else a Fetch Request streaming it, so that size limits apply as it arrives.
 */
async function dispatchable(
  incoming: IncomingMessage,
  url: string,
  method: string,
  signalOf: () => AbortSignal,
): Promise<MockRequest> {
  const bytes = await smallBody(incoming, method);
  if (bytes === undefined && hasBody(method)) return toRequest(incoming, url, method, signalOf());
  return NodeRequest.of(method, url, incoming.headers, signalOf, bytes);
}


/** A method Fetch cannot carry: the 405 the server answers, with what the path allows (none without a path). */
async function unsupportedMethod(mock: MockServer, incoming: IncomingMessage, url: string | undefined): Promise<Response> {
  if (url === undefined) return notFoundPage();
  const probe = await mock.dispatch(toRequest(incoming, url, 'OPTIONS'));
  const allow = probe?.headers.get('allow');
  if (!probe || !allow) return notFoundPage();
  const methods = inServerOrder(new URL(url).pathname, allow.split(', '));
  return dispatcherMethodNotAllowed(methods, mock.clock.now());
}

async function answer(
  mock: MockServer,
  incoming: IncomingMessage,
  origin: string,
  signalOf: () => AbortSignal,
  admin: AdminOptions | undefined,
): Promise<Answer> {
  const method = (incoming.method ?? 'GET').toUpperCase();
  const url = absoluteUrl(incoming.url ?? '/', origin);
  if (!FETCH_METHODS.has(method)) return unsupportedMethod(mock, incoming, url);
  // A target that is no path (`OPTIONS *`): nginx refuses the request line.
  if (url === undefined) return badRequest();
  let request: MockRequest;
  try {
    request = await dispatchable(incoming, url, method, signalOf);
  } catch {
    return badRequest();
  }
  const adminAnswer = admin ? await adminResponse(mock, request, admin) : undefined;
  const response = adminAnswer ?? (await dispatchOf(mock)(request));
  return response ?? notFoundPage();
}

async function writeResponse(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  response: Answer,
  closing: boolean,
): Promise<void> {
  if (response instanceof JsonReply) {
    if (outgoing.destroyed || outgoing.headersSent) return;
    // One writeHead with every header: cheaper than a setHeader each. Given the length, Node
    // sends it rather than a chunked body.
    const length = String(Buffer.byteLength(response.text));
    const headers = { ...response.headers, 'content-length': length, ...(mustClose(incoming, closing) ? { connection: 'close' } : {}) };
    outgoing.writeHead(response.status, headers);
    outgoing.end(incoming.method?.toUpperCase() === 'HEAD' ? undefined : response.text);
    return;
  }
  // An injected network fault: the connection drops without an answer.
  if (response.type === 'error') {
    outgoing.destroy();
    return;
  }
  // An envelope's text is known: written as it is (with the headers, in one write), its stream unread.
  const text = jsonTextOf(response);
  const body = incoming.method?.toUpperCase() === 'HEAD' ? undefined : (text ?? Buffer.from(await response.arrayBuffer()));
  if (writeHead(incoming, outgoing, response.status, response.headers, closing)) outgoing.end(body);
}

function writeHead(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  status: number,
  headers: Iterable<[string, string]>,
  closing: boolean,
): boolean {
  if (outgoing.destroyed || outgoing.headersSent) return false;
  outgoing.statusCode = status;
  for (const [name, value] of headers) outgoing.setHeader(name, name === 'vary' ? withVary(outgoing.getHeader('vary'), value) : value);
  if (mustClose(incoming, closing)) outgoing.setHeader('connection', 'close');
  return true;
}

/** An answer's own `Vary` after the one CORS set (`Origin`), rather than in its place. */
function withVary(set: number | string | string[] | undefined, value: string): string {
  return set === undefined ? value : `${String(set)}, ${value}`;
}

/**
 * A refused body may still be arriving, or the server is stopping: the connection is closed
 * after the answer rather than the rest read or the connection kept alive.
 */
function mustClose(incoming: IncomingMessage, closing: boolean): boolean {
  return !incoming.complete || closing;
}

function serverFailure(outgoing: ServerResponse): void {
  if (outgoing.destroyed || outgoing.headersSent) return;
  outgoing.statusCode = 500;
  outgoing.setHeader('content-type', 'application/json');
  outgoing.end(JSON.stringify({ result: 'error', msg: 'Internal server error' }));
}

/**
 * The status a request's log line shows: what the client received. A connection closed before the
 * whole answer was sent (an injected network fault, a stall or a long-poll the client gave up on)
 * shows `-`, not the 200 node:http starts every response with.
 */
function answerLogged(outgoing: ServerResponse): string {
  return outgoing.writableFinished ? String(outgoing.statusCode) : '- (the connection closed before the whole answer)';
}

/**
 * Serves a mock realm over real HTTP: a small node:http adapter over the realm's
 * {@link MockServer.dispatch} (the handlers without MSW).
 * Requests outside `/api/v1` get a plain 404. Nothing a client sends escapes the adapter:
 * whatever the core cannot answer is logged and answered with the server's 500 envelope.
 *
 * @example
 * const running = await startHttpMock({ port: 0 });
 * const client = new ChatClient({ site: running.url, email: 'iago@zulip.com', apiKey: running.mock.apiKeyOf('iago@zulip.com') });
 * await running.close();
 */
export async function startHttpMock(options: HttpMockOptions = {}): Promise<HttpMock> {
  refuseBaseUrl(options);
  refuseUnknownOptions('startHttpMock', options, HTTP_OPTION_NAMES, { url: 'realmUrl', hostname: 'host', allowedOrigins: 'cors' });
  const host = options.host ?? '127.0.0.1';
  const adminOptions = options.admin === true ? {} : options.admin || undefined;
  // The realm is created once the port is known (its URL is reported to clients).
  const current: { mock?: MockServer; origin?: string; closing?: boolean } = {};
  const warnOfRefusedOrigin = options.warn && refusedOriginWarner(options.cors, options.warn);
  const handleRequest = (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const { mock, origin } = current;
    if (!mock || !origin) return serverFailure(outgoing);
    const started = performance.now();
    warnOfRefusedOrigin?.(incoming);
    if (options.log) {
      outgoing.on('close', () =>
        options.log?.(
          `${incoming.method ?? '?'} ${loggedPath(incoming.url)} ${answerLogged(outgoing)} ${(performance.now() - started).toFixed(1)} ms` +
            refusedOriginNote(options.cors, incoming),
        ),
      );
    }
    // nginx refuses these before Django, whose Host check comes next.
    const framing = framingRefusal(incoming);
    if (framing) {
      outgoing.writeHead(framing.status, { 'content-type': 'application/json', 'content-length': framing.text.length, connection: 'close' });
      outgoing.end(framing.text);
      return;
    }
    if (!hostAllowed(requestHost(incoming.url ?? '/', incoming.headers.host), host, options.allowedHosts)) {
      outgoing.writeHead(400, { 'content-type': 'application/json', connection: 'close' });
      outgoing.end(JSON.stringify({ result: 'error', msg: 'Invalid Host header', code: 'BAD_REQUEST' }));
      return;
    }
    const allowedOrigin = corsOrigin(options.cors, incoming);
    if (allowedOrigin && incoming.method === 'OPTIONS' && incoming.headers['access-control-request-method']) {
      outgoing.writeHead(204, preflightHeaders(allowedOrigin, incoming)).end();
      return;
    }
    if (allowedOrigin) {
      outgoing.setHeader('access-control-allow-origin', allowedOrigin);
      outgoing.setHeader('access-control-expose-headers', CORS_EXPOSED_HEADERS);
      outgoing.setHeader('vary', 'Origin');
    }
    answer(mock, incoming, origin, () => disconnectSignal(outgoing), adminOptions)
      .then((response) => writeResponse(incoming, outgoing, response, current.closing === true))
      .catch((error: unknown) => {
        if (outgoing.destroyed) return;
        mock.state.logger.error('[teamchat-mock] HTTP adapter failure', error);
        serverFailure(outgoing);
      });
  };
  // A connection's requests take turns, as nginx handles them.
  const onRequest = (incoming: IncomingMessage, outgoing: ServerResponse): void => takeTurn(incoming, outgoing, handleRequest);
  const server = createServer(onRequest);
  server.on('connect', (incoming: IncomingMessage, socket: Duplex) => answerConnect(incoming, socket, handleRequest));
  server.on('clientError', refuseClientError);
  // nginx ignores an expectation it does not know, where node:http refuses it with 417.
  server.on('checkExpectation', onRequest);
  server.on('checkContinue', (incoming: IncomingMessage, outgoing: ServerResponse) => {
    continueWhenRead(incoming, outgoing);
    onRequest(incoming, outgoing);
  });
  // Node closes an idle keep-alive connection after 5 s, about when a client's pool (undici's is
  // 4 s) may pick it for a POST, which then fails with ECONNRESET and cannot be retried safely.
  // Real deployments keep idle connections far longer than clients do (Zulip's nginx: 65 s).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9991, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const { cors: _cors, log: _log, warn: _warn, allowedHosts: _allowedHosts, admin: _admin, port: _port, host: _host, ...mockOptions } = options;
  // A clock that follows real time until an administrator moves it.
  const clock = options.clock ?? new OffsetClock();
  const mock = createMockServer({ ...mockOptions, clock, baseUrl: '*', realmUrl: options.realmUrl ?? url });
  current.mock = mock;
  current.origin = url;
  return {
    mock,
    server,
    url,
    close: (graceMs = CLOSE_GRACE_MS) =>
      new Promise<void>((resolve, reject) => {
        // In-flight requests get their answer; idle keep-alive connections close now, and
        // whatever is still open after the grace period is cut.
        const cutoff = setTimeout(() => server.closeAllConnections(), graceMs);
        cutoff.unref();
        current.closing = true;
        // Waiting long-polls are answered now (with no events) rather than held to the cutoff.
        for (const queue of mock.state.events.queues()) queue.interruptWait();
        server.close((error) => {
          clearTimeout(cutoff);
          return error ? reject(error) : resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
