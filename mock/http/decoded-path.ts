/**
 * A request's path with its `%XX` escapes decoded, as Django's `request.path` holds it; a path
 * whose escapes are not UTF-8 stays as sent.
 *
 * @example
 * decodedPath('/user_uploads/1/a%20b.txt'); // '/user_uploads/1/a b.txt'
 * decodedPath('/x%FF'); // '/x%FF'
 */
export function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
