import type { SetupWorker } from 'msw/browser';
import { MockMisuseError } from '../factories/misuse';

/**
 * The mock worker that holds this page, if any. msw intercepts a page once: a second worker's
 * start fails deep in msw ("Failed to replace a global value at "WebSocket": already replaced")
 * after it has already taken the service worker's requests away from the first.
 */
let holder: { readonly worker: SetupWorker; failed: boolean } | undefined;

/** msw's `NetworkReadyState.ENABLED`: a start that got this far left its interception installed. */
const ENABLED = 1;

/**
 * `worker` takes the page to start in it, unless another mock's worker holds it (or one failed
 * to start and left msw's interception installed): then a {@link MockMisuseError} says what to
 * do instead, before msw is touched.
 */
export function takePage(worker: SetupWorker): void {
  if (holder === undefined || holder.worker === worker) {
    holder = { worker, failed: false };
    return;
  }
  if (holder.failed) {
    throw new MockMisuseError(
      "worker.start(): another mock's worker.start() failed in this page (see that error) and left msw's interception in place; " +
        'fix what it says, then reload the page',
    );
  }
  throw new MockMisuseError(
    'worker.start(): another setupMockWorker() in this page has started its worker, and msw intercepts a page once (a hot ' +
      'update that runs the module calling setupMockWorker again does this). Keep one mock per page: with Vite HMR, keep it ' +
      'in import.meta.hot.data and reuse it (calling its worker.start() again is fine)',
  );
}

/**
 * After `worker`'s start failed: the page is free again unless msw's interception stayed
 * installed. Answers whether it did (the page stays held, as failed).
 */
export function startFailed(worker: SetupWorker): boolean {
  if (holder?.worker !== worker) return false;
  if (worker.readyState === ENABLED) holder.failed = true;
  else holder = undefined;
  return holder?.failed === true;
}

/** `worker` stops: the page is free for another mock's worker. */
export function leavePage(worker: SetupWorker): void {
  if (holder?.worker === worker) holder = undefined;
}
