/** Keys that carry prose or samples, not validation. */
const PROSE_KEYS = new Set(['description', 'example', 'examples', 'summary', 'x-curl-examples-parameters']);

/** Maps whose keys are names (of fields or statuses), not schema keywords. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'schemas', 'responses', 'content']);

/**
 * The key under which the extract keeps a schema's "New in Zulip X.Y (feature level N)" note:
 * the feature level from which a server sends the field. Validators ignore `x-` keywords.
 */
const NEW_AT_FEATURE_LEVEL = 'x-new-at-feature-level';

/** A description's "New in Zulip X.Y (feature level N)" note; N is the first group. */
const NEW_IN_NOTE = /New in Zulip [\d.]+ \(feature level (\d+)\)/;

/** A note that a name took effect at a level: "(feature level N), renamed `a` to `b`", "(feature level N), ... was named `a`". */
const RENAME_NOTE = /\(feature level (\d+)\)[^.]*?\b(?:was named|renamed)\b/g;

/** The level of a description's first "New in" note, if it has one. */
function newInLevel(description: string): number | undefined {
  const note = NEW_IN_NOTE.exec(description);
  return note ? Number(note[1]) : undefined;
}

/**
 * The feature level from which a parameter exists under its current name, from its
 * descriptions: the later of its first "New in" note (later ones date values or fields of it,
 * as `client_capabilities`' do) and its rename notes (a parameter new in 290 and renamed in 294
 * has its name from 294).
 */
export function namedSince(descriptions: readonly string[]): number | undefined {
  const newIn = descriptions.map(newInLevel).find((level) => level !== undefined);
  const renames = descriptions.flatMap((text) => [...text.matchAll(RENAME_NOTE)].map((note) => Number(note[1])));
  const levels = [...(newIn === undefined ? [] : [newIn]), ...renames];
  return levels.length ? Math.max(...levels) : undefined;
}

/**
 * A copy of a schema or response object without prose and examples. Keys inside name maps
 * (`properties`, ...) are kept even when they read `description`: there they are field names.
 * A description's "New in Zulip X.Y (feature level N)" note is kept as {@link NEW_AT_FEATURE_LEVEL}.
 */
export function stripProse(value: unknown, isNameMap = false): unknown {
  if (Array.isArray(value)) return value.map((item) => stripProse(item));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([key]) => isNameMap || !PROSE_KEYS.has(key));
  const stripped = Object.fromEntries(
    entries.map(([key, inner]) => [key, stripProse(inner, !isNameMap && NAME_MAPS.has(key))]),
  );
  const description = isNameMap ? undefined : (value as { description?: unknown }).description;
  const level = typeof description === 'string' ? newInLevel(description) : undefined;
  return level === undefined ? stripped : { ...stripped, [NEW_AT_FEATURE_LEVEL]: level };
}
