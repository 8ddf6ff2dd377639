import { badRequest } from '../errors';
import { pythonStrip } from '../python-strip';
import { parseOrjson } from '../orjson';

/** Where a channel message goes: a channel named, or a channel ID. */
export type ChannelTarget =
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'id'; readonly id: number };

/** Who a direct message goes to: user IDs or API emails (deduplicated, order kept). */
export type DirectTarget =
  | { readonly kind: 'ids'; readonly ids: readonly number[] }
  | { readonly kind: 'emails'; readonly emails: readonly string[] };

/** JSON text starts with one of these (after blanks); anything else would only throw. */
const JSON_START = /^\s*[[{"\-0-9tfn]/;

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  // Most channel names are not JSON: skip building a SyntaxError for each of them.
  if (!JSON_START.test(raw)) return { ok: false };
  try {
    // The server reads `to` with orjson.
    return { ok: true, value: parseOrjson(raw) };
  } catch {
    return { ok: false };
  }
}

/**
 * Reads `to` of a channel message as the server does: JSON when it parses (an integer is a
 * channel ID, a string a name, a one-element list its element), otherwise the raw text is
 * the channel name. So `to=9` is channel 9, never a channel named "9".
 */
export function parseChannelTarget(raw: string): ChannelTarget {
  const parsed = parseJson(raw);
  if (!parsed.ok) return { kind: 'name', name: raw };
  let value = parsed.value;
  if (Array.isArray(value)) {
    if (value.length !== 1) throw badRequest('Expected exactly one channel');
    value = value[0];
  }
  if (typeof value === 'string') return { kind: 'name', name: value };
  if (typeof value === 'number' && Number.isInteger(value)) return { kind: 'id', id: value };
  throw badRequest('Invalid data type for channel');
}

const MIXED = 'Recipient lists may contain emails or user IDs, but not both.';

/**
 * Reads `to` of a direct message: a JSON list of user IDs or of emails, a JSON string, or
 * raw comma-separated emails. Emails are stripped, blanks dropped, duplicates removed.
 */
export function parseDirectTarget(raw: string): DirectTarget {
  const parsed = parseJson(raw);
  let value: unknown = parsed.ok ? parsed.value : raw;
  if (typeof value === 'string') value = value.split(',');
  if (!Array.isArray(value)) throw badRequest('Invalid data type for recipients');
  const [first] = value as unknown[];
  if (first !== undefined && typeof first !== 'string') {
    // The first recipient decides the kind: an integer for IDs; anything else but text is refused.
    if (typeof first !== 'number') throw badRequest('Invalid data type for recipients');
    if (!value.every((item) => typeof item === 'number' && Number.isInteger(item))) throw badRequest(MIXED);
    return { kind: 'ids', ids: [...new Set(value as number[])] };
  }
  if (!value.every((item) => typeof item === 'string')) throw badRequest(MIXED);
  const emails = (value as string[]).map((email) => pythonStrip(email)).filter((email) => email !== '');
  return { kind: 'emails', emails: [...new Set(emails)] };
}
