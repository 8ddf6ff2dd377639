import { MockMisuseError } from '../factories/misuse';

/**
 * msw's error when the browser refused to register the worker script (a 404, or a dev server's
 * page where the script should be) as a {@link MockMisuseError} that names the script's URL and
 * `npx teamchat-mock init`, with msw's error as its `cause`; any other error as it is.
 *
 * @example
 * const error = new TypeError('Failed to register a ServiceWorker: A bad HTTP response code (404) was received');
 * registrationHint(error, 'http://localhost:5173/mockServiceWorker.js');
 * // returns MockMisuseError: worker.start() could not register msw's service worker script http://localhost:5173/mockServiceWorker.js: ...
 */
export function registrationHint(error: unknown, scriptUrl: string): unknown {
  if (!(error instanceof Error) || !error.message.includes('Failed to register')) return error;
  return new MockMisuseError(
    `worker.start() could not register msw's service worker script ${scriptUrl}: ${refusalOf(error.message)}. Copy the ` +
      'script into the folder your dev server serves with npx teamchat-mock init <public dir> (npx teamchat-mock init public/ ' +
      'for Vite), then reload; or point worker.start({ serviceWorker: { url } }) at where it is',
    { cause: error },
  );
}

/** Why the browser refused the script, in a few words, from msw's message. */
function refusalOf(message: string): string {
  if (message.includes('(404)') || message.includes('does not exist at the given path')) return 'the server has no such file (404)';
  const type = /unsupported MIME type \('([^']*)'\)/.exec(message)?.[1];
  if (type !== undefined) {
    return `the server answered with ${type || 'no type'}, not JavaScript (a dev server such as Vite answers a missing file with the page)`;
  }
  return message.trim().split('\n').at(-1) ?? message;
}
