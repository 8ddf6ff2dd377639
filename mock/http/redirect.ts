/**
 * What an operation's implementation returns to answer with a redirect instead of a JSON
 * envelope (Django's `redirect(url)` in a view the REST dispatcher runs): the operation pipeline
 * turns it into a 302 with `Location` and the dispatcher's headers ({@link redirectResponse}).
 */
export class Redirect {
  constructor(
    /** The target as the view names it: relative or absolute, sent as it is but for escaping. */
    readonly location: string,
  ) {}
}

/** Characters Django's `iri_to_uri` leaves as they are (besides letters, digits and `_.-~`). */
const IRI_SAFE = /[A-Za-z0-9_.\-~/#%[\]=:;$&()+,!?*@']/;

/** Django's `iri_to_uri`: every other character percent-encoded as UTF-8; `%` is kept, escapes stay as they are. */
export function iriToUri(iri: string): string {
  let uri = '';
  for (const character of iri) uri += IRI_SAFE.test(character) ? character : encodeURIComponent(character);
  return uri;
}

/**
 * Django's `HttpResponseRedirect`: 302, the target in `Location` (escaped by `iri_to_uri`, not
 * made absolute), an empty HTML body; `headers` are the server's own (`Date`, never-cache).
 *
 * @example
 * redirectResponse(new Redirect('/user_avatars/2/realm/icon.png?version=2'), { Date: '...' });
 */
export function redirectResponse(redirect: Redirect, headers: Readonly<Record<string, string>>): Response {
  return new Response(null, {
    status: 302,
    headers: { ...headers, Location: iriToUri(redirect.location), 'content-type': 'text/html; charset=utf-8' },
  });
}
