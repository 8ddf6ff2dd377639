/** One entry of an `Accept` header, as Django reads it: its type and subtype, lower-cased, and its `q`. */
interface AcceptedType {
  readonly main: string;
  readonly sub: string;
  readonly q: number;
}

function parseEntry(entry: string): AcceptedType {
  const [type = '', ...params] = entry.split(';');
  const [main = '', sub = ''] = type.trim().toLowerCase().split(/\/(.*)/s);
  const qParam = params.map((param) => param.split('=')).find(([name]) => name?.trim().toLowerCase() === 'q');
  const q = Number(qParam?.[1]?.trim().replace(/^"(.*)"$/s, '$1') ?? '1');
  return { main, sub, q: Number.isNaN(q) ? 1 : q };
}

// Django 5.1's `MediaType.match`: both halves present, each equal or `*` on either side.
function matches(accepted: AcceptedType, served: string): boolean {
  const [main = '', sub = ''] = served.split('/');
  if (!accepted.main || !accepted.sub) return false;
  return (accepted.main === main || accepted.main === '*') && (accepted.sub === sub || accepted.sub === '*');
}

/**
 * The first of `served` the client takes, by the server's `preferred_accept`: the `Accept`
 * entries in order of `q` (ties in header order), the first served type each one matches. A
 * request without the header accepts anything (`*\/*`); undefined when nothing is accepted.
 *
 * @example
 * preferredAccept('image/avif,image/*,*\/*;q=0.8', ['text/html', 'image/png']); // 'image/png'
 * preferredAccept(null, ['text/html', 'image/png']); // 'text/html'
 */
export function preferredAccept(accept: string | null, served: readonly string[]): string | undefined {
  const entries = (accept ?? '*/*')
    .split(',')
    .filter((entry) => entry.trim() !== '')
    .map(parseEntry)
    .sort((a, b) => b.q - a.q);
  for (const entry of entries) {
    const found = served.find((type) => matches(entry, type));
    if (found !== undefined) return found;
  }
  return undefined;
}
