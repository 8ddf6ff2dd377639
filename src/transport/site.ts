/**
 * A site as the reference Python client reads it: a name starting with `localhost` means http,
 * another bare host https; trailing slashes go.
 *
 * @example
 * normalizeSite('chat.example.com/'); // 'https://chat.example.com'
 */
export function normalizeSite(site: string): string {
  const trimmed = site.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `${trimmed.startsWith('localhost') ? 'http' : 'https'}://${trimmed}`;
}
