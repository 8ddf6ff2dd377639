import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { getResponse } from 'msw';
import { createMockServer, type MockServer, type MockServerOptions } from '../index';

/** Options of {@link startHttpMock}. */
export interface HttpMockOptions extends Omit<MockServerOptions, 'baseUrl'> {
  /** @default 9991 (0 picks a free port) */
  readonly port?: number;
  /** @default '127.0.0.1' */
  readonly host?: string;
}

/** A running standalone mock. */
export interface HttpMock {
  readonly mock: MockServer;
  readonly server: Server;
  /** `http://host:port`. */
  readonly url: string;
  /** Stops accepting connections and closes open ones. */
  close(): Promise<void>;
}

function toRequest(incoming: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(incoming.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(incoming) as ReadableStream) : undefined,
    duplex: 'half',
  } as RequestInit);
}

async function writeResponse(outgoing: ServerResponse, response: Response): Promise<void> {
  outgoing.statusCode = response.status;
  for (const [name, value] of response.headers) outgoing.setHeader(name, value);
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * Serves a mock realm over real HTTP: a small node:http adapter over MSW's `getResponse`.
 * Requests outside `/api/v1` get a plain 404.
 */
export async function startHttpMock(options: HttpMockOptions = {}): Promise<HttpMock> {
  const host = options.host ?? '127.0.0.1';
  // The realm is created once the port is known (its URL is reported to clients).
  const current: { mock?: MockServer } = {};
  const server = createServer((incoming, outgoing) => {
    const origin = `http://${incoming.headers.host ?? host}`;
    const request = toRequest(incoming, origin);
    getResponse(current.mock?.handlers ?? [], request)
      .then((response) => writeResponse(outgoing, response ?? new Response('Not Found', { status: 404 })))
      .catch((error: unknown) => {
        current.mock?.state.logger.error('[teamchat-mock] HTTP adapter failure', error);
        outgoing.statusCode = 500;
        outgoing.setHeader('content-type', 'application/json');
        outgoing.end(JSON.stringify({ result: 'error', msg: 'Internal server error' }));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9991, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  const mock = createMockServer({ ...options, baseUrl: '*', realmUrl: options.realmUrl ?? url });
  current.mock = mock;
  return {
    mock,
    server,
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
