/**
 * teamchat-sdk/mock/browser: the mock in a browser, through MSW's service worker.
 *
 * @packageDocumentation
 * @module teamchat-sdk/mock/browser
 */
import { type SetupWorker, setupWorker } from 'msw/browser';
import { type Clock, createMockServer, type MockServer, type MockServerOptions, type OffsetClock } from '../index';
import { refuseMsw2Options } from './msw2-options';
import { leavePage, startFailed, takePage } from './one-worker-per-page';
import { registrationHint } from './worker-registration-hint';

/** Where msw looks for its worker script when `worker.start()` is given no `serviceWorker.url`. */
const DEFAULT_WORKER_URL = '/mockServiceWorker.js';

/** A mock realm served to the page by MSW's service worker. */
export interface BrowserMock<C extends Clock = Clock> extends MockServer<C> {
  /**
   * MSW's worker: `await worker.start()` before the app makes requests. Starting it again answers
   * the first start's promise (msw would throw "already started"), so a module that runs again
   * may call it. Its `start` rejects with a {@link MockMisuseError} where msw would fail obscurely:
   * - given msw 2's `onUnhandledRequest` (msw 3 ignores it, so requests no handler matches would
   *   reach the network unnoticed): it points to `onUnhandledFrame`;
   * - while another mock's worker is started in the page (msw intercepts a page once; a hot update
   *   that runs `setupMockWorker` again does this): keep one mock per page, with Vite HMR in
   *   `import.meta.hot.data`;
   * - when the browser refuses to register the worker script (a 404, or a dev server's page in its
   *   place): it names the script's URL and `npx teamchat-mock init <public dir>`, msw's error as `cause`.
   */
  readonly worker: SetupWorker;
}

/**
 * Creates a realm and an MSW `setupWorker` serving it. Copy MSW's `mockServiceWorker.js` into
 * your public folder first (`npx teamchat-mock init public/`). One mock's worker serves a page at
 * a time.
 *
 * @example
 * const mock = setupMockWorker();
 * await mock.worker.start({ onUnhandledFrame: 'bypass' });
 */
export function setupMockWorker<C extends Clock = OffsetClock>(options: MockServerOptions<C> = {}): BrowserMock<C> {
  const mock = createMockServer<C>(options);
  const worker = setupWorker(...mock.handlers);
  const start = worker.start.bind(worker);
  const stop = worker.stop.bind(worker);
  let started: ReturnType<SetupWorker['start']> | undefined;
  const startHoldingPage: SetupWorker['start'] = async (startOptions) => {
    try {
      return await start(startOptions);
    } catch (error) {
      // A start that left msw's interception installed cannot be tried again in this page.
      if (!startFailed(worker)) started = undefined;
      throw registrationHint(error, new URL(startOptions?.serviceWorker?.url ?? DEFAULT_WORKER_URL, location.href).href);
    }
  };
  worker.start = async (startOptions) => {
    refuseMsw2Options('worker.start', startOptions);
    if (started === undefined) {
      takePage(worker);
      started = startHoldingPage(startOptions);
    }
    return started;
  };
  worker.stop = () => {
    started = undefined;
    leavePage(worker);
    return stop();
  };
  // Not a spread: it would copy the getters' current values, which reset() replaces.
  return Object.assign(mock, { worker });
}

export * from '../index';
