import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The static server of the browser test. */
export interface PageServer {
  /** `http://127.0.0.1:<port>/`. */
  readonly url: string;
  /** The worker script it serves, if any. */
  readonly worker: string | undefined;
  /** Every path requested, in order. */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

const PAGE = '<!doctype html><meta charset="utf-8"><title>teamchat mock</title><script type="module" src="/bundle.js"></script>';

/**
 * Serves the page, its bundle and MSW's worker script on 127.0.0.1 (port chosen by the OS);
 * any other path is a 404, so an API answer can only have come from the service worker. Without
 * a worker script, that path is a 404 too, or with `missing: 'page'` the page, as Vite's dev
 * server answers a file it does not have.
 */
export async function startPageServer(files: { bundle: string; worker?: string; missing?: '404' | 'page' }): Promise<PageServer> {
  const page: [string, string] = ['text/html; charset=utf-8', PAGE];
  const routes: Record<string, [string, string]> = {
    '/': page,
    '/bundle.js': ['text/javascript; charset=utf-8', files.bundle],
  };
  if (files.worker !== undefined) routes['/mockServiceWorker.js'] = ['text/javascript; charset=utf-8', files.worker];
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    const route = routes[path] ?? (files.missing === 'page' ? page : undefined);
    response.writeHead(route ? 200 : 404, { 'Content-Type': route?.[0] ?? 'text/plain', 'Cache-Control': 'no-store' });
    response.end(route?.[1] ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    worker: files.worker,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
