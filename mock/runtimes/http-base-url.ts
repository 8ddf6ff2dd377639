import { MockMisuseError } from '../factories/misuse';

/**
 * Refuses `baseUrl` in {@link startHttpMock}'s options with a {@link MockMisuseError} saying what
 * to give instead: createMockServer takes it, but the standalone server answers where it listens,
 * so an http origin becomes the `host` and `port` that serve it.
 *
 * @example
 * refuseBaseUrl({ baseUrl: 'http://localhost:4000' });
 * // MockMisuseError: startHttpMock takes no baseUrl: ... give host and port instead: { host: 'localhost', port: 4000 }, and realmUrl ...
 */
export function refuseBaseUrl(options: object): void {
  if (!Object.hasOwn(options, 'baseUrl')) return;
  const listening = listeningOptionsOf((options as { baseUrl?: unknown }).baseUrl);
  throw new MockMisuseError(
    'startHttpMock takes no baseUrl: the server answers at the address it listens on (running.url); give host and port instead' +
      (listening ? `: ${listening}` : '') +
      ', and realmUrl if clients reach the server by another address (a proxy)',
  );
}

/** `{ host: 'localhost', port: 4000 }` for `http://localhost:4000`; undefined for what is no http origin. */
function listeningOptionsOf(baseUrl: unknown): string | undefined {
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl)) return undefined;
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:') return undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return `{ host: '${host}', port: ${url.port || 80} }`;
}
