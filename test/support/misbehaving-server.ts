import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** What the server does with the n-th request (0-based) to a path. */
type Behaviour = (response: ServerResponse, attempt: number, request: IncomingMessage) => void;

/** A real HTTP server that misbehaves on purpose, counting the requests each path received. */
export interface MisbehavingServer {
  readonly url: string;
  /** Requests received per path (below `/api/v1`). */
  readonly hits: Map<string, number>;
  /** Scripts a path. */
  on(path: string, behaviour: Behaviour): void;
  close(): Promise<void>;
}

/** A success envelope. */
export function succeed(response: ServerResponse, extra: object = {}): void {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ result: 'success', msg: '', ...extra }));
}

/** An error envelope with a status and extra headers. */
export function fail(response: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** Starts the server on a free loopback port. */
async function startMisbehavingServer(): Promise<MisbehavingServer> {
  const behaviours = new Map<string, Behaviour>();
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname.replace(/^\/api\/v1/, '');
    const attempt = hits.get(path) ?? 0;
    hits.set(path, attempt + 1);
    request.resume();
    const behaviour = behaviours.get(path);
    if (behaviour) behaviour(response, attempt, request);
    else fail(response, 404, { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    on: (path, behaviour) => behaviours.set(path, behaviour),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The API key the clients of these tests send (the server checks none). */
export const API_KEY = 'SeCrEtKeY0123456789abcdefghijklm';

/** One server for the test file: started before its tests, closed after, its counts cleared before each. */
export function useMisbehavingServer(): MisbehavingServer {
  let started: MisbehavingServer | undefined;
  beforeAll(async () => {
    started = await startMisbehavingServer();
  });
  afterAll(() => started?.close());
  beforeEach(() => started?.hits.clear());
  const current = (): MisbehavingServer => {
    if (!started) throw new Error('the misbehaving server starts in beforeAll: use it inside a test');
    return started;
  };
  return {
    get url() {
      return current().url;
    },
    get hits() {
      return current().hits;
    },
    on: (path, behaviour) => current().on(path, behaviour),
    close: () => current().close(),
  };
}
