import { MockMisuseError } from './misuse';

/**
 * Refuses a `baseUrl` the handlers could never match: anything but `*` or an http(s) origin.
 * Without this, `'localhost:5173'` or `'http://host/api/v1'` is taken and every request then
 * fails as if the mock were not installed.
 *
 * @example
 * checkBaseUrl('http://localhost:5173'); // fine
 * checkBaseUrl('localhost:5173'); // throws MockMisuseError: ... 'http://localhost:5173'?
 */
export function checkBaseUrl(baseUrl: string | undefined): void {
  if (baseUrl === undefined || baseUrl === '*') return;
  const problem = (hint: string) =>
    new MockMisuseError(`createMockServer: baseUrl must be an origin such as 'http://localhost:9991' (or '*' for any); got '${baseUrl}'${hint}`);
  // `localhost:5173` parses as a URL whose scheme is `localhost:`.
  if (/^[\w.-]+(:\d+)?\/?$/.test(baseUrl)) throw problem(`; did you mean 'http://${baseUrl.replace(/\/$/, '')}'?`);
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw problem('');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw problem(`: the scheme must be http or https`);
  if (url.pathname.replace(/\/+$/, '') !== '' || url.search !== '' || url.hash !== '') {
    throw problem(`; did you mean '${url.origin}'? The handlers add /api/v1 and the other paths themselves`);
  }
}
