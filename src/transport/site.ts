/**
 * A site as the reference Python client reads it: a name starting with `localhost` means http,
 * another bare host https; trailing slashes go. A site with a user name or password is refused
 * (a `TypeError` that does not repeat it): no request can be sent to such a URL, and the site is
 * shown in errors and in `String(client)`.
 *
 * @example
 * normalizeSite('chat.example.com/'); // 'https://chat.example.com'
 */
export function normalizeSite(site: string): string {
  const trimmed = site.trim().replace(/\/+$/, '');
  const url = /^https?:\/\//i.test(trimmed) ? trimmed : `${trimmed.startsWith('localhost') ? 'http' : 'https'}://${trimmed}`;
  if (/\/\/[^/]*@/.test(url)) throw new TypeError('site: credentials go in email and apiKey');
  return url;
}
