import type { Dispatch } from '../http/dispatch';
import { responseOf } from '../http/envelope';
import { forRequestMethod } from '../http/head';

/**
 * A `fetch` that hands each request straight to the realm's handlers ({@link Dispatch}, without
 * MSW), with no interception and no HTTP bytes written or parsed: the same answers as
 * `setupServer`, much faster. A request no handler answers (another origin, or outside `/api/v1`,
 * the file URLs and `/compatibility` with a fixed `baseUrl`) fails as a network error would; an abort rejects with the signal's reason, as
 * `fetch` does, and ends a waiting long-poll.
 */
export function directFetch(dispatch: Dispatch, baseUrl: string): typeof globalThis.fetch {
  const answers = baseUrl === '*' ? '' : ` (it answers ${baseUrl})`;
  return async (input, init) => {
    // The Request as it came when the init changes nothing (ky's `{}`): a copy costs about 5 µs.
    const request = input instanceof Request && isEmpty(init) ? input : new Request(input, init);
    const { signal } = request;
    signal.throwIfAborted();
    const answered = dispatch(request);
    const response = await new Promise<Response | undefined>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      answered.then((answer) => resolve(answer && forRequestMethod(request, responseOf(answer))), reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
    if (!response) throw new TypeError(`fetch failed: the mock has no handler for ${request.method} ${request.url}${answers}`);
    // Worded as Node's fetch words a dropped connection (the cause says why), so that ky, which
    // knows network errors by their message, retries a retry-safe call as over a socket.
    if (response.type === 'error') throw new TypeError('fetch failed', { cause: new Error('the mock dropped the connection (an injected network fault)') });
    return response;
  };
}

/** An init with nothing of its own, such as ky's `{}`. */
function isEmpty(init: RequestInit | undefined): boolean {
  for (const key in init) if (Object.hasOwn(init, key)) return false;
  return true;
}
