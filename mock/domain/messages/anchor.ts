import { badRequest, missingArgument } from '../errors';
import { parsePythonInt } from '../python-int';

/** Past every message ID: the server's `newest` anchor. */
export const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;

/** An anchor as requested: an ID (clamped), or one the server computes against the narrow. */
export type RequestedAnchor =
  | { readonly kind: 'id'; readonly id: number }
  | { readonly kind: 'first_unread' }
  | { readonly kind: 'date'; readonly seconds: number };

function parseAnchorDate(text: string | undefined): number {
  if (text === undefined) throw missingArgument('anchor_date');
  const milliseconds = Date.parse(text);
  if (Number.isNaN(milliseconds)) throw badRequest('Invalid anchor_date');
  return Math.floor(milliseconds / 1000);
}

/**
 * Reads `anchor` as the server does: `oldest` is 0, `newest` past every ID, `first_unread` (or the
 * legacy `use_first_unread_anchor`) and `date` (with `anchor_date`, ISO 8601; a date alone is UTC
 * midnight) are computed later; integers are clamped to [0, newest].
 */
export function parseAnchor(
  anchor: string | undefined,
  useFirstUnread: boolean,
  anchorDate: string | undefined,
): RequestedAnchor {
  if (useFirstUnread) return { kind: 'first_unread' };
  if (anchor === undefined) throw badRequest("Missing 'anchor' argument.");
  if (anchor === 'oldest') return { kind: 'id', id: 0 };
  if (anchor === 'newest') return { kind: 'id', id: LARGER_THAN_MAX_MESSAGE_ID };
  if (anchor === 'first_unread') return { kind: 'first_unread' };
  if (anchor === 'date') return { kind: 'date', seconds: parseAnchorDate(anchorDate) };
  const id = parsePythonInt(anchor);
  if (id === undefined) throw badRequest('Invalid anchor');
  return { kind: 'id', id: Math.min(Math.max(id, 0), LARGER_THAN_MAX_MESSAGE_ID) };
}
