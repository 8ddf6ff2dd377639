import { ApiFailure } from '../domain/errors';

/**
 * What the real server's stack refuses before a view runs, and how the mock answers it. The
 * real front end (nginx) answers oversized requests with HTML pages; the mock answers with the
 * API's envelope, same status, so clients can read it.
 */
export const REQUEST_LIMITS = {
  /**
   * Longest URL path the mock routes: nginx's default header buffers (8 kB) refuse longer request
   * lines with 414, and MSW's path matcher refuses them too.
   */
  maxPathLength: 8192,
  /** Largest request body of an ordinary operation: the server's default upload limit, 25 MiB. */
  maxBodyBytes: 25 * 1024 * 1024,
  /** Most form and query fields in one request: Django's `DATA_UPLOAD_MAX_NUMBER_FIELDS` (1000). */
  maxFields: 1000,
} as const;

/** The URL is longer than any front end accepts: HTTP 414. */
export function uriTooLong(): ApiFailure {
  return new ApiFailure('Request-URI Too Large', 'BAD_REQUEST', 414);
}

/**
 * A `%` that starts no escape of two hex digits, or an escaped NUL, in the URL path: nginx's
 * parser of escaped paths refuses the request line with 400 before anything is routed. The
 * query is left alone (nginx does not decode it; Django reads a stray `%` there as it stands).
 */
const MALFORMED_PATH_ESCAPE = /%(?![0-9A-Fa-f]{2})|%00/;

/** Whether nginx refuses the request for its path's escapes (see {@link MALFORMED_PATH_ESCAPE}). */
export function hasMalformedEscape(pathname: string): boolean {
  return pathname.includes('%') && MALFORMED_PATH_ESCAPE.test(pathname);
}

/** The path has an escape nginx cannot decode: HTTP 400, as the front end answers. */
export function malformedPath(): ApiFailure {
  return new ApiFailure('Bad Request', 'BAD_REQUEST', 400);
}

/** The body is larger than the operation accepts: HTTP 413, as the front end answers. */
export function bodyTooLarge(): ApiFailure {
  return new ApiFailure('Request Entity Too Large', 'BAD_REQUEST', 413);
}

/** More fields than Django parses: its `TooManyFieldsSent`, a 400. */
export function tooManyFields(): ApiFailure {
  return new ApiFailure(
    'The number of GET/POST parameters exceeded settings.DATA_UPLOAD_MAX_NUMBER_FIELDS.',
    'BAD_REQUEST',
    400,
  );
}
