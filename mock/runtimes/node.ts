/**
 * teamchat-sdk/mock/node: the mock in Node tests, through MSW's `setupServer`.
 *
 * @packageDocumentation
 * @module teamchat-sdk/mock/node
 */
import { type SetupServer, setupServer } from 'msw/node';
import { type Clock, createMockServer, type MockServer, type MockServerOptions, type OffsetClock } from '../index';
import { refuseMsw2Options } from './msw2-options';

/** A mock realm installed in Node's fetch through MSW. */
export interface NodeMock<C extends Clock = Clock> extends MockServer<C> {
  /**
   * MSW's server: call `listen()` before the tests and `close()` after. Its `listen` refuses
   * msw 2's `onUnhandledRequest` (msw 3 ignores it, so requests no handler matches would reach
   * the network unnoticed) with a {@link MockMisuseError} pointing to `onUnhandledFrame`.
   */
  readonly server: SetupServer;
}

/** The servers of `setupMockServer()` listening and not closed, with the site of each: MSW answers only from the last. */
const listening = new Map<SetupServer, string>();

/**
 * Creates a realm and an MSW `setupServer` serving it; call `server.listen()` to start. Listening
 * while another one's server still listens warns through the realm's `logger`: MSW would answer
 * only from the last.
 *
 * @example
 * import { afterAll, beforeAll } from 'vitest';
 * const mock = setupMockServer({ baseUrl: 'http://chat.test' });
 * beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }));
 * afterAll(() => mock.server.close());
 */
export function setupMockServer<C extends Clock = OffsetClock>(options: MockServerOptions<C> = {}): NodeMock<C> {
  const mock = createMockServer<C>(options);
  const server = setupServer(...mock.handlers);
  const listen = server.listen.bind(server);
  const close = server.close.bind(server);
  const site = options.baseUrl ?? 'any origin';
  server.listen = (listenOptions) => {
    refuseMsw2Options('server.listen', listenOptions);
    const other = [...listening].find(([listener]) => listener !== server);
    if (other) {
      mock.state.logger.warn(
        `[teamchat-mock] setupMockServer() for ${site} listens while another (for ${other[1]}) still does: ` +
          'MSW answers only from the server listened last, so requests meant for the other realm fail as unhandled or reach this one. ' +
          "Close each mock's server when its tests end (afterAll(() => mock.server.close())); for two realms at once, give each its own baseUrl " +
          'and serve both from one setupServer(...first.handlers, ...second.handlers)',
      );
    }
    listen(listenOptions);
    listening.set(server, site);
  };
  server.close = () => {
    close();
    listening.delete(server);
  };
  // Not a spread: it would copy the getters' current values, which reset() replaces.
  return Object.assign(mock, { server });
}

export * from '../index';
export { type HttpMock, type HttpMockOptions, startHttpMock } from './http';
export type { AdminOptions } from './admin';
