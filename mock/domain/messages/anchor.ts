import { badRequest } from '../errors';
import { parsePythonInt } from '../python-int';

/** Past every message ID: the server's `newest` anchor. */
export const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;

/** An anchor as requested: an ID (clamped), or one the server computes against the narrow. */
export type RequestedAnchor =
  | { readonly kind: 'id'; readonly id: number }
  | { readonly kind: 'first_unread' };

/**
 * Reads `anchor` as the server does: `oldest` is 0, `newest` past every ID, `first_unread` (or the
 * legacy `use_first_unread_anchor`) is computed later; integers are clamped to [0, newest]. A
 * `date` anchor is a newer server's (after the mock's level 435): here it is no integer.
 */
export function parseAnchor(anchor: string | undefined, useFirstUnread: boolean): RequestedAnchor {
  if (useFirstUnread) return { kind: 'first_unread' };
  if (anchor === undefined) throw badRequest("Missing 'anchor' argument.");
  if (anchor === 'oldest') return { kind: 'id', id: 0 };
  if (anchor === 'newest') return { kind: 'id', id: LARGER_THAN_MAX_MESSAGE_ID };
  if (anchor === 'first_unread') return { kind: 'first_unread' };
  const id = parsePythonInt(anchor);
  if (id === undefined) throw badRequest('Invalid anchor');
  return { kind: 'id', id: Math.min(Math.max(id, 0), LARGER_THAN_MAX_MESSAGE_ID) };
}
