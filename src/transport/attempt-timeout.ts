import { TimeoutError as KyTimeoutError } from 'ky';
import { unrefTimeout } from './unref-timeout';

/**
 * Bounds each attempt of `fetch` by `ms`, the whole body included (the fetch given reads it):
 * past it, the attempt is aborted and fails with ky's `TimeoutError`, which ky retries as one of
 * its own. This replaces ky's timeout for one reason: ky's timer keeps a Node process alive,
 * while this one is unreferenced. Against a server the open connection keeps the process alive
 * anyway; against the in-process mock there is no connection, so a long-poll that a test or a
 * script left waiting no longer holds the process (and the test runner) until it times out,
 * again and again for a stream.
 *
 * The attempt gets a signal of its own, which the request's signal (ky's, carrying the caller's
 * abort) is forwarded to for the attempt's duration. The fetch given gets it as the Request's
 * signal, where ky's timeout had put it, and ky's `init` as it was: a fetch that reads only
 * `input.signal` (a wrapper passing the Request on) is aborted by the timeout too.
 */
export function withAttemptTimeout(fetch: typeof globalThis.fetch, ms: number): typeof globalThis.fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const request = input as Request;
      const attempt = new AbortController();
      const forward = () => attempt.abort(request.signal.reason);
      if (request.signal.aborted) forward();
      else request.signal.addEventListener('abort', forward, { once: true });
      const timer = unrefTimeout(() => {
        attempt.abort();
        reject(new KyTimeoutError(request));
      }, ms);
      fetch(new Request(request, { signal: attempt.signal }), init).then(resolve, reject).finally(() => {
        clearTimeout(timer);
        request.signal.removeEventListener('abort', forward);
      });
    });
}
