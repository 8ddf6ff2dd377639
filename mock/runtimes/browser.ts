/**
 * teamchat-sdk/mock/browser: the mock in a browser, through MSW's service worker.
 *
 * @packageDocumentation
 * @module teamchat-sdk/mock/browser
 */
import { type SetupWorker, setupWorker } from 'msw/browser';
import { type Clock, createMockServer, type MockServer, type MockServerOptions, type OffsetClock } from '../index';
import { refuseMsw2Options } from './msw2-options';

/** A mock realm served to the page by MSW's service worker. */
export interface BrowserMock<C extends Clock = Clock> extends MockServer<C> {
  /**
   * MSW's worker: `await worker.start()` before the app makes requests. Its `start` refuses msw 2's
   * `onUnhandledRequest` (msw 3 ignores it, so requests no handler matches would reach the network
   * unnoticed): the promise rejects with a {@link MockMisuseError} pointing to `onUnhandledFrame`.
   */
  readonly worker: SetupWorker;
}

/**
 * Creates a realm and an MSW `setupWorker` serving it. Copy MSW's `mockServiceWorker.js` into
 * your public folder first (`npx msw init public/`).
 *
 * @example
 * const mock = setupMockWorker();
 * await mock.worker.start({ onUnhandledFrame: 'bypass' });
 */
export function setupMockWorker<C extends Clock = OffsetClock>(options: MockServerOptions<C> = {}): BrowserMock<C> {
  const mock = createMockServer<C>(options);
  const worker = setupWorker(...mock.handlers);
  const start = worker.start.bind(worker);
  worker.start = (startOptions) => {
    try {
      refuseMsw2Options('worker.start', startOptions);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return start(startOptions);
  };
  // Not a spread: it would copy the getters' current values, which reset() replaces.
  return Object.assign(mock, { worker });
}

export * from '../index';
